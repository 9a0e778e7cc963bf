// The account operations shared by the e-mail accounts and the staff-number (GPNET) accounts:
// sign-in with the optional e-mailed code, registration, password reset. They take plain values
// (the client's address among them) and answer results; handlers read the request and write the
// answer (the session token into its header).
import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { components } from "../../../common/api/schema.gen.ts";
import type { Captcha } from "../../adapters/captcha/captcha.ts";
import { requireCaptcha } from "../../adapters/captcha/captcha.ts";
import type { MailerFor } from "../../adapters/mail/mailer.ts";
import type { Database, Orm } from "../../db/client.ts";
import { customerIdentities, newsletterSubscriptions, passwordResetTokens, signInAddresses } from "../../db/schema.ts";
import { conflict, HttpError, notFound, unauthorized } from "../../http/errors.ts";
import { attachAnonymousCart } from "../cart/attach-anonymous-cart.ts";
import { type ApiLocale, langOf } from "../catalog/locale.ts";
import { MAX_CAPTCHA_LEVEL } from "../../adapters/captcha/captcha.ts";
import {
  accountSubject,
  addressSubject,
  ATTEMPT_LIMIT,
  limitOf,
  type AttemptLimits,
} from "../../platform/attempt-limits.ts";
import { oneTimePasswordEmail, passwordResetEmail } from "./customer-emails.ts";
import type { CustomerRepository, CustomerRow, NewCustomer } from "./customer-repository.ts";
import type { CustomerGroup, Sessions, SignInMethod } from "../../platform/sessions.ts";
import { ONE_TIME_PASSWORD_TTL_MINUTES, type OneTimePasswords } from "./one-time-passwords.ts";
import { checkDecoyPassword, hashPassword, passwordMatches } from "./passwords.ts";

export type SignInResponse = components["schemas"]["SignInResponse"];

const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** The SPA page a reset link opens (same path in both languages). */
const RESET_PAGE_PATH = "reinitialisation-mot-de-passe";

/**
 * Sign-in failures one client address may make in 15 minutes before it is refused (429). Far above
 * what one person types: an office or a mobile network behind one address must not be locked out
 * by a few of its users; the captcha's cost slows a guesser long before.
 */
const ADDRESS_FAILURE_CEILING = 50;
/** Each this many failures from an address in 15 minutes double the work of its next captchas. */
const FAILURES_PER_CAPTCHA_LEVEL = 5;
/** An address the account signed in from successfully this recently is the owner's. */
const KNOWN_ADDRESS_MS = 90 * 24 * 60 * 60_000;

export const badCredentials = () => unauthorized("Bad credentials", "BAD_CREDENTIALS");

export interface AccountsDeps {
  db: Database;
  customers: CustomerRepository;
  sessions: Sessions;
  codes: OneTimePasswords;
  limits: AttemptLimits;
  captcha: Captcha;
  mailer: MailerFor;
  now: () => Date;
  brandName: string;
  publicUrl: string;
}

/** Who asks: the client's address (the abuse limits count per address). */
interface Client {
  ip: string;
}

interface Credentials {
  email: string;
  password: string;
  /** For a staff-number sign-in: the account must have this staff number. */
  gpnetId?: string;
}

export function createAccounts(deps: AccountsDeps) {
  const { db, customers, sessions, codes, limits, captcha, mailer, now } = deps;

  const subjectsOf = (ip: string, email: string) => [accountSubject(email), addressSubject(ip)];

  /** How hard the captcha of the next sign-in from this address is: grows with its recent failures. */
  async function captchaLevel(ip: string): Promise<number> {
    const failures = await limits.count("sign-in", addressSubject(ip));
    return Math.min(MAX_CAPTCHA_LEVEL, Math.floor(failures / FAILURES_PER_CAPTCHA_LEVEL));
  }

  /** True when the account signed in from this address recently: its owner's own address. */
  async function isKnownAddress(email: string, ip: string): Promise<boolean> {
    const [row] = await db.orm
      .select({ at: signInAddresses.lastSuccessAt })
      .from(signInAddresses)
      .where(
        and(
          eq(signInAddresses.account, accountSubject(email)),
          eq(signInAddresses.address, ip),
          gt(signInAddresses.lastSuccessAt, new Date(now().getTime() - KNOWN_ADDRESS_MS)),
        ),
      );
    return row !== undefined;
  }

  /**
   * The account signed in from this address: remember it as the owner's. Others' failures still
   * count (a password alone does not prove the owner); the e-mailed code or a reset clears them.
   */
  /** True for an account linked to an identity of the employees' identity provider. */
  async function signsInWithSingleSignOn(customerId: number): Promise<boolean> {
    const [link] = await db.orm.select({ customerId: customerIdentities.customerId }).from(customerIdentities).where(eq(customerIdentities.customerId, customerId)).limit(1);
    return link !== undefined;
  }

  async function rememberSuccess(email: string, ip: string): Promise<void> {
    const at = now();
    await db.orm
      .insert(signInAddresses)
      .values({ account: accountSubject(email), address: ip, lastSuccessAt: at })
      .onConflictDoUpdate({ target: [signInAddresses.account, signInAddresses.address], set: { lastSuccessAt: sql`excluded.last_success_at` } });
    await db.orm.delete(signInAddresses).where(lt(signInAddresses.lastSuccessAt, new Date(at.getTime() - KNOWN_ADDRESS_MS)));
  }

  /**
   * The account the credentials open, or a counted failure and 401 BAD_CREDENTIALS. A failure
   * counts against the address always, against the account only from an address that is not one
   * the account signed in from: the owner's typos never lock the owner out.
   */
  async function checkCredentials(ip: string, credentials: Credentials): Promise<CustomerRow> {
    const customer = await customers.findByEmail(credentials.email);
    const matches = customer
      ? await passwordMatches(customer.passwordHash, credentials.password)
      : await checkDecoyPassword(credentials.password);
    const staffMatches = credentials.gpnetId === undefined || customer?.gpnetId === credentials.gpnetId;
    if (!customer || !matches || !staffMatches) {
      const known = await isKnownAddress(credentials.email, ip);
      await limits.record("sign-in", known ? [addressSubject(ip)] : subjectsOf(ip, credentials.email));
      throw badCredentials();
    }
    return customer;
  }

  /** Opens a session (attaching the anonymous cart) and answers with its token. */
  async function signedIn(customer: CustomerRow, method: SignInMethod, shoppingCartId: string | undefined): Promise<SignInResponse> {
    const { token, view } = await db.orm.transaction(async (tx) => {
      if (shoppingCartId !== undefined) {
        await attachAnonymousCart(tx, {
          cartUuid: shoppingCartId,
          customerId: customer.uuid,
          customerGroup: customer.customerGroup as CustomerGroup,
        });
      }
      return { token: await sessions.issue(customer, method, tx), view: await customers.view(customer, tx) };
    });
    return { token, twoFactorRequired: false, customer: view };
  }

  async function sendCode(customer: CustomerRow, orm: Orm): Promise<void> {
    const code = await codes.issue(customer.id, orm);
    await mailer(orm).send(
      oneTimePasswordEmail(
        { email: customer.email, firstName: customer.firstName, locale: customer.locale as ApiLocale },
        code,
        deps.brandName,
        ONE_TIME_PASSWORD_TTL_MINUTES,
      ),
    );
  }

  return {
    captchaLevel,

    /** The signed-in customer's view, after attaching the anonymous cart the client names. */
    async currentView(customer: CustomerRow, shoppingCartId: string | undefined) {
      return db.orm.transaction(async (tx) => {
        if (shoppingCartId !== undefined) {
          await attachAnonymousCart(tx, { cartUuid: shoppingCartId, customerId: customer.uuid, customerGroup: customer.customerGroup as CustomerGroup });
        }
        return customers.view(customer, tx);
      });
    },

    /** Signs in with the password: the session's token, or `twoFactorRequired` once the code is e-mailed. */
    async signIn(input: Client & Credentials & { recaptchaData: string; shoppingCartId?: string | undefined }): Promise<SignInResponse> {
      const { ip } = input;
      await sessions.ready();
      await limits.check("sign-in", [limitOf(addressSubject(ip), ADDRESS_FAILURE_CEILING)]);
      // One level below the current one passes: a challenge fetched just before others' failures
      // raised the cost is not refused.
      await requireCaptcha(captcha, input.recaptchaData, ip, (await captchaLevel(ip)) - 1);
      const customer = await checkCredentials(ip, input);
      const known = await isKnownAddress(input.email, ip);
      // An account that others tried to guess lets its owner in from a new address with the
      // e-mailed code, whether or not two-factor is on: never a lock-out, never a free pass.
      const stepUp = !known && (await limits.count("sign-in", accountSubject(input.email))) >= ATTEMPT_LIMIT;
      if (!customer.twoFactorEnabled && !stepUp) {
        await rememberSuccess(input.email, ip);
        return signedIn(customer, input.gpnetId === undefined ? "password" : "staff-number", input.shoppingCartId);
      }
      await db.orm.transaction((tx) => sendCode(customer, tx));
      return { token: null, twoFactorRequired: true, customer: null };
    },

    /** Signs in with the password and the e-mailed code. */
    async verifyCode(input: Client & Credentials & { oneTimePassword: string; shoppingCartId?: string | undefined }): Promise<SignInResponse> {
      const { ip } = input;
      await sessions.ready();
      const subjects = subjectsOf(ip, input.email);
      // Wrong codes need the right password, so they count against the account from anywhere.
      await limits.check("one-time-password", subjects.map((subject) => limitOf(subject)));
      await limits.check("sign-in", [limitOf(addressSubject(ip), ADDRESS_FAILURE_CEILING)]);
      const customer = await checkCredentials(ip, input);
      try {
        await codes.consume(customer.id, input.oneTimePassword);
      } catch (error) {
        await limits.record("one-time-password", subjects);
        throw error;
      }
      await rememberSuccess(input.email, ip);
      await limits.clear("sign-in", accountSubject(input.email));
      return signedIn(customer, input.gpnetId === undefined ? "one-time-code" : "staff-number", input.shoppingCartId);
    },

    /** Opens an account and signs it in. */
    async register(
      input: Client & Omit<NewCustomer, "passwordHash"> & { password: string; recaptchaData: string; shoppingCartId?: string | undefined },
    ): Promise<SignInResponse> {
      await sessions.ready();
      const { ip, password, recaptchaData, shoppingCartId, ...values } = input;
      const subjects = subjectsOf(ip, values.email);
      await limits.check("register", subjects.map((subject) => limitOf(subject)));
      try {
        await requireCaptcha(captcha, recaptchaData, ip);
      } catch (error) {
        await limits.record("register", subjects);
        throw error;
      }
      const inserted = await customers.insert({ ...values, passwordHash: await hashPassword(password) });
      if (!inserted) {
        await limits.record("register", subjects);
        if (values.gpnetId && !(await customers.emailTaken(values.email)) && (await customers.gpnetIdTaken(values.gpnetId))) {
          throw conflict("An account already has this staff number", "GPNET_ID_ALREADY_EXISTS");
        }
        throw conflict("An account already has this e-mail address", "EMAIL_ALREADY_EXISTS");
      }
      if (inserted.newsletterSubscribed) {
        await db.orm
          .insert(newsletterSubscriptions)
          .values({ email: inserted.email.toLowerCase(), locale: inserted.locale })
          .onConflictDoNothing();
      }
      await rememberSuccess(inserted.email, ip);
      // The basket filled before signing up stays the shopper's (as at sign-in).
      return signedIn(inserted, "registration", shoppingCartId);
    },

    /** Sets a new password for the signed-in customer: every session ends, and a new one opens. */
    async changePassword(customer: CustomerRow, input: { currentPassword: string; newPassword: string }): Promise<{ token: string }> {
      if (!(await passwordMatches(customer.passwordHash, input.currentPassword))) {
        throw new HttpError(400, "Invalid currentPassword: it is not the account's password", "CURRENT_PASSWORD_MISMATCH", [
          { field: "currentPassword", message: "is not the account's password" },
        ]);
      }
      const passwordHash = await hashPassword(input.newPassword);
      await sessions.ready();
      const token = await db.orm.transaction(async (tx) => {
        await customers.update(customer.id, { passwordHash }, tx);
        await sessions.revokeAll(customer.id, tx);
        return sessions.issue(customer, "password", tx);
      });
      return { token };
    },

    /** E-mails a reset link when the account exists (and is of the given kind); the answer never tells. */
    async requestReset(input: Client & { email: string; recaptchaData: string; gpnetOnly: boolean }): Promise<void> {
      await sessions.ready();
      const subjects = subjectsOf(input.ip, input.email);
      await limits.take("reset", subjects.map((subject) => limitOf(subject)));
      await requireCaptcha(captcha, input.recaptchaData, input.ip);
      const customer = await customers.findByEmail(input.email);
      if (!customer || (input.gpnetOnly && customer.customerGroup !== "GPNET")) return;
      // An account opened by the employees' single sign-on has no password anyone knows, on purpose:
      // a reset would give it one, a way in that bypasses the company's sign-in. The answer is an
      // unknown address's.
      if (await signsInWithSingleSignOn(customer.id)) return;
      const token = randomBytes(32).toString("base64url");
      const locale = customer.locale as ApiLocale;
      const link = `${deps.publicUrl}/${langOf(locale)}/${RESET_PAGE_PATH}?token=${token}`;
      await db.orm.transaction(async (tx) => {
        await tx.insert(passwordResetTokens).values({
          tokenHash: await sessions.keyedHash("reset", token),
          customerId: customer.id,
          expiresAt: new Date(now().getTime() + RESET_TOKEN_TTL_MS),
          createdAt: now(),
        });
        await mailer(tx).send(passwordResetEmail({ email: customer.email, firstName: customer.firstName, locale }, link, deps.brandName));
      });
    },

    /** Sets the password the reset token was issued for; the token, and every session, end. */
    async resetWithToken(input: Client & { token: string; newPassword: string; recaptchaData: string }): Promise<void> {
      await sessions.ready();
      const subjects = [addressSubject(input.ip)];
      await limits.check("reset-link", subjects.map((subject) => limitOf(subject)));
      await requireCaptcha(captcha, input.recaptchaData, input.ip);
      const tokenHash = await sessions.keyedHash("reset", input.token);
      const passwordHash = await hashPassword(input.newPassword);
      const changed = await db.orm.transaction(async (tx) => {
        const [used] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now() })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, tokenHash),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, now()),
            ),
          )
          .returning({ customerId: passwordResetTokens.customerId });
        if (!used) return false;
        await customers.update(used.customerId, { passwordHash }, tx);
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: now() })
          .where(and(eq(passwordResetTokens.customerId, used.customerId), isNull(passwordResetTokens.usedAt)));
        await sessions.revokeAll(used.customerId, tx);
        return (await customers.findById(used.customerId, tx))?.email ?? null;
      });
      // A new password ends what others' guesses held against the account.
      if (changed) await limits.clear("sign-in", accountSubject(changed));
      if (!changed) {
        await limits.record("reset-link", subjects);
        throw notFound("This reset link is unknown, used or expired", "RESET_TOKEN_INVALID");
      }
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
