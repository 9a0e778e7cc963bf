// Customer sessions: the one way every identity — password sign-in, e-mailed code, staff number
// (GPNET), registration, later single sign-on — opens a session for a customer. A session is a
// row; its token is a JWT (HS256, 30 minutes) naming it. Every authenticated call renews the
// token (sliding session: the new one goes back in `X-Customer-Token`); sign-out revokes the
// session, a password change every session of the customer. Nothing here knows about HTTP: the
// handlers read the bearer and set the header (server/http/customer-session.ts).
import { createHmac } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { components } from "../../common/api/schema.gen.ts";
import type { Database, Orm } from "../db/client.ts";
import { customers, customerSessions } from "../db/schema.ts";
import { unauthorized } from "../http/errors.ts";

export const SESSION_TTL_SECONDS = 30 * 60;
/** A session's stored expiry moves forward at most this often (one write per few minutes of use). */
const EXPIRY_STEP_MS = 5 * 60_000;
/** The response header carrying a new or renewed customer token. */
export const CUSTOMER_TOKEN_HEADER = "x-customer-token";

export type CustomerGroup = components["schemas"]["CustomerGroup"];

/** The customer a valid token stands for. */
export interface CustomerIdentity {
  id: string;
  email: string;
  group: CustomerGroup;
  locale: "fr_FR" | "en_US";
}

/**
 * How the customer proved who they are when the session opened: `password` (e-mail and password),
 * `one-time-code` (and the e-mailed code), `staff-number` (a GPNET account: staff number checked
 * against the directory, password, and the code when asked), `registration` (the account just
 * made), `single-sign-on` (an identity provider).
 */
export type SignInMethod = (typeof customerSessions.signedInWith.enumValues)[number];

interface Session {
  sessionId: string;
  customerId: number;
  identity: CustomerIdentity;
  signedInWith: SignInMethod;
  /** The stored expiry of the session (approximate: see EXPIRY_STEP_MS). */
  expiresAt: Date;
}

/** What other modules ask of the sessions: who a token stands for (tests provide fakes). */
export interface CustomerSessions {
  /**
   * The customer a token stands for, with its renewed token (null when the token is not to be
   * replaced). An invalid, expired or revoked token is refused with 401 CUSTOMER_TOKEN_INVALID.
   */
  identify(token: string): Promise<{ identity: CustomerIdentity; renewedToken: string | null }>;
}

export interface Sessions extends CustomerSessions {
  /**
   * Reads (or makes) the signing secret. Call it before a transaction that issues a token or a
   * hash: the embedded database has one connection, so a first lookup from inside it would wait.
   */
  ready(): Promise<void>;
  /** Opens a session for the customer (in the caller's transaction when given) and returns its token. */
  issue(customer: { id: number; uuid: string }, method: SignInMethod, orm?: Orm): Promise<string>;
  /** The live session a token names, without renewing it; 401 CUSTOMER_TOKEN_INVALID otherwise. */
  verify(token: string): Promise<Session>;
  /** A new token for the session, its expiry moved 30 minutes ahead. */
  renew(session: Session): Promise<string>;
  /** `verify` then `renew`: the session and its new token. */
  resume(token: string): Promise<{ session: Session; token: string }>;
  revoke(sessionId: string, orm?: Orm): Promise<void>;
  revokeAll(customerId: number, orm?: Orm): Promise<void>;
  /** A keyed hash (one-time passwords, reset tokens): useless without the server's secret. */
  keyedHash(purpose: string, value: string): Promise<string>;
}

export const customerTokenInvalid = () => unauthorized("The customer token is invalid or expired", "CUSTOMER_TOKEN_INVALID");

export const customerRequired = () => unauthorized("This operation needs a signed-in customer", "CUSTOMER_TOKEN_INVALID");

export function createSessions(deps: { db: Database; secret: () => Promise<string>; now: () => Date }): Sessions {
  const { db, secret, now } = deps;
  const signingKey = async () => new TextEncoder().encode(await secret());
  const expiryFrom = (at: Date) => new Date(at.getTime() + SESSION_TTL_SECONDS * 1000);

  async function tokenFor(sessionId: string, customerUuid: string): Promise<string> {
    const issuedAt = Math.floor(now().getTime() / 1000);
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(customerUuid)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + SESSION_TTL_SECONDS)
      .sign(await signingKey());
  }

  const sessions: Sessions = {
    async ready() {
      await secret();
    },

    async issue(customer, method, orm = db.orm) {
      const [session] = await orm
        .insert(customerSessions)
        .values({ customerId: customer.id, createdAt: now(), expiresAt: expiryFrom(now()), signedInWith: method })
        .returning({ id: customerSessions.id });
      if (!session) throw new Error("the session was not stored");
      return tokenFor(session.id, customer.uuid);
    },

    async verify(token) {
      let sessionId: unknown;
      let subject: string | undefined;
      try {
        const { payload } = await jwtVerify(token, await signingKey(), { algorithms: ["HS256"], currentDate: now() });
        sessionId = payload.sid;
        subject = payload.sub;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) throw customerTokenInvalid();
        throw error;
      }
      if (typeof sessionId !== "string" || !/^[0-9a-f-]{36}$/.test(sessionId) || !subject) throw customerTokenInvalid();
      const [row] = await db.orm
        .select({
          customerId: customers.id,
          uuid: customers.uuid,
          email: customers.email,
          group: customers.customerGroup,
          locale: customers.locale,
          expiresAt: customerSessions.expiresAt,
          signedInWith: customerSessions.signedInWith,
        })
        .from(customerSessions)
        .innerJoin(customers, eq(customers.id, customerSessions.customerId))
        .where(and(eq(customerSessions.id, sessionId), isNull(customerSessions.revokedAt), eq(customers.uuid, subject)))
        .limit(1);
      if (!row) throw customerTokenInvalid();
      return {
        sessionId,
        customerId: row.customerId,
        identity: { id: row.uuid, email: row.email, group: row.group as CustomerGroup, locale: row.locale as CustomerIdentity["locale"] },
        signedInWith: row.signedInWith,
        expiresAt: row.expiresAt,
      };
    },

    async renew(session) {
      const expiresAt = expiryFrom(now());
      if (expiresAt.getTime() - session.expiresAt.getTime() >= EXPIRY_STEP_MS) {
        await db.orm.update(customerSessions).set({ expiresAt }).where(eq(customerSessions.id, session.sessionId));
      }
      return tokenFor(session.sessionId, session.identity.id);
    },

    async resume(token) {
      const session = await sessions.verify(token);
      return { session, token: await sessions.renew(session) };
    },

    async identify(token) {
      const { session, token: renewedToken } = await sessions.resume(token);
      return { identity: session.identity, renewedToken };
    },

    async revoke(sessionId, orm = db.orm) {
      await orm.update(customerSessions).set({ revokedAt: now() }).where(eq(customerSessions.id, sessionId));
    },

    async revokeAll(customerId, orm = db.orm) {
      await orm
        .update(customerSessions)
        .set({ revokedAt: now() })
        .where(and(eq(customerSessions.customerId, customerId), isNull(customerSessions.revokedAt)));
    },

    async keyedHash(purpose, value) {
      return createHmac("sha256", await secret()).update(`${purpose}:${value}`).digest("base64url");
    },
  };
  return sessions;
}
