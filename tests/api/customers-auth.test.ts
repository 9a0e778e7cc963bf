import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers, customerSessions } from "../../server/db/schema.ts";
import { purgeAccountData } from "../../server/modules/customers/account-housekeeping.ts";
import { backends } from "../support/test-app.ts";
import { asCustomer, codeIn, freshEmail, freshIp, PASSWORD, solvedCaptcha, startAccountsShop, type AccountsShop, type Schemas } from "./customers-support.ts";

const MINUTE = 60_000;

describe.each(backends())("customer accounts on $name", (backend) => {
  let shop: AccountsShop;
  beforeAll(async () => {
    shop = await startAccountsShop(backend);
  });
  afterAll(() => shop?.close());

  const signIn = async (email: string, password: string, ip?: string) =>
    shop.call({ method: "POST", url: "/api/v1/customers/sign-in", ip, payload: { email, password, recaptchaData: await shop.captcha(ip) } });
  const sendCode = (email: string, oneTimePassword: string, ip?: string, password = PASSWORD) =>
    shop.call({ method: "POST", url: "/api/v1/customers/one-time-password", ip, payload: { email, password, oneTimePassword } });
  const me = (token: string) => shop.call({ url: "/api/v1/customers/me", headers: asCustomer(token) });

  describe("registration", () => {
    it("creates a GENERAL_PUBLIC account, signs it in and never shows the password", async () => {
      const email = freshEmail();
      const response = await shop.call({
        method: "POST",
        url: "/api/v1/customers/register?locale=en_US",
        payload: { email, firstName: "Jeanne", lastName: "Dupont", password: PASSWORD, newsLetterSubscribed: true, recaptchaData: await shop.captcha() },
      });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<Schemas["SignInResponse"]>();
      expect(body.token).toEqual(expect.any(String));
      expect(response.headers["x-customer-token"]).toBe(body.token);
      expect(body.twoFactorRequired).toBe(false);
      expect(body.customer).toMatchObject({
        email,
        firstName: "Jeanne",
        lastName: "Dupont",
        customerGroup: "GENERAL_PUBLIC",
        locale: "en_US",
        twoFactorAuthenticationEnabled: true,
        newsLetterSubscribed: true,
        miles: null,
        addresses: [],
        defaultBillingAddress: null,
        defaultShippingAddress: null,
        isEmpowermentAdmin: false,
      });
      expect(response.body).not.toContain(PASSWORD);
      expect(response.body).not.toContain("argon2");
    });

    it("refuses an e-mail already used, whatever its case, with 409 EMAIL_ALREADY_EXISTS", async () => {
      const { email } = await shop.register();
      const again = await shop.call({
        method: "POST",
        url: "/api/v1/customers/register",
        payload: { email: email.toUpperCase(), firstName: "Autre", lastName: "Personne", password: PASSWORD, recaptchaData: await shop.captcha() },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ status: 409, code: "EMAIL_ALREADY_EXISTS" });
    });

    it.each([
      ["a password of 11 characters", { password: "Voyage@Pari" }, "password"],
      ["a password without a symbol", { password: "VoyageParis2026" }, "password"],
      ["a password without an uppercase letter", { password: "voyage@paris2026" }, "password"],
      ["a password with another symbol", { password: "Voyage#Paris2026" }, "password"],
      ["a first name of one letter", { firstName: "J" }, "firstName"],
      ["a last name of one letter", { lastName: "D" }, "lastName"],
      ["an e-mail without @", { email: "jeanne.example.fr" }, "email"],
      ["no captcha answer", { recaptchaData: undefined }, "recaptchaData"],
    ])("answers 400 naming the field for %s", async (_case, change, field) => {
      const response = await shop.call({
        method: "POST",
        url: "/api/v1/customers/register",
        payload: { email: freshEmail(), firstName: "Jeanne", lastName: "Dupont", password: PASSWORD, recaptchaData: "x", ...change },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<Schemas["Error"]>().fields?.[0]?.field).toBe(field);
    });

    it("stops registering an e-mail after 5 failures in 15 minutes", async () => {
      const ip = freshIp();
      const { email } = await shop.register();
      const attempt = async () =>
        shop.call({
          method: "POST",
          url: "/api/v1/customers/register",
          ip,
          payload: { email, firstName: "Jeanne", lastName: "Dupont", password: PASSWORD, recaptchaData: await shop.captcha() },
        });
      for (let count = 0; count < 5; count += 1) expect((await attempt()).statusCode).toBe(409);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: "RATE_LIMITED" });
    });

    it("refuses a captcha answer that does not verify, or one already used, with 400 CAPTCHA_INVALID", async () => {
      const base = { firstName: "Jeanne", lastName: "Dupont", password: PASSWORD };
      const forged = await shop.call({
        method: "POST",
        url: "/api/v1/customers/register",
        payload: { ...base, email: freshEmail(), recaptchaData: Buffer.from("{}").toString("base64") },
      });
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toMatchObject({ code: "CAPTCHA_INVALID", fields: [{ field: "recaptchaData" }] });

      const answer = await shop.captcha();
      const first = await shop.call({ method: "POST", url: "/api/v1/customers/register", payload: { ...base, email: freshEmail(), recaptchaData: answer } });
      expect(first.statusCode).toBe(201);
      const replay = await shop.call({ method: "POST", url: "/api/v1/customers/register", payload: { ...base, email: freshEmail(), recaptchaData: answer } });
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toMatchObject({ code: "CAPTCHA_INVALID" });
    });
  });

  describe("sign-in", () => {
    it("signs in with the right password, whatever the e-mail's case", async () => {
      const { email } = await shop.register();
      const response = await signIn(email.toUpperCase(), PASSWORD);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<Schemas["SignInResponse"]>();
      expect(body).toMatchObject({ twoFactorRequired: false, customer: { email } });
      expect(response.headers["x-customer-token"]).toBe(body.token);
      expect((await me(body.token ?? "")).statusCode).toBe(200);
    });

    it("answers 401 BAD_CREDENTIALS for a wrong password and for an unknown e-mail alike", async () => {
      const { email } = await shop.register();
      const wrong = await signIn(email, "Wrong@Password1");
      const unknown = await signIn(freshEmail(), PASSWORD);
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ status: 401, code: "BAD_CREDENTIALS", message: "Bad credentials" });
      }
    });

    it("never refuses an account its owner's password: guessed at from elsewhere, it asks for the e-mailed code from a new address", async () => {
      const home = freshIp();
      const { email } = await shop.register({}, home);
      for (let attempt = 0; attempt < 6; attempt += 1) expect((await signIn(email, "Wrong@Password1")).statusCode).toBe(401);

      // From the address the account signed up from: straight in.
      const fromHome = await signIn(email, PASSWORD, home);
      expect(fromHome.statusCode, fromHome.body).toBe(200);
      expect(fromHome.json<Schemas["SignInResponse"]>().token).toBeTruthy();

      // From a new address: the right password leads to the code step, although two-factor is off.
      const travelling = freshIp();
      const stepped = await signIn(email, PASSWORD, travelling);
      expect(stepped.statusCode, stepped.body).toBe(200);
      expect(stepped.json()).toMatchObject({ token: null, twoFactorRequired: true });
      const code = codeIn((await shop.lastMailTo(email))?.text);
      const verified = await sendCode(email, code, travelling);
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json<Schemas["SignInResponse"]>().token).toBeTruthy();

      // The code proved the address: next time, straight in.
      const again = await signIn(email, PASSWORD, travelling);
      expect(again.json()).toMatchObject({ twoFactorRequired: false });
    });

    it("does not count the owner's own typos against the account", async () => {
      const home = freshIp();
      const { email } = await shop.register({}, home);
      for (let attempt = 0; attempt < 6; attempt += 1) expect((await signIn(email, "Wrong@Password1", home)).statusCode).toBe(401);
      expect((await signIn(email, PASSWORD, home)).json()).toMatchObject({ twoFactorRequired: false });
      expect((await signIn(email, PASSWORD, freshIp())).json()).toMatchObject({ twoFactorRequired: false });
    });

    it("keeps refusing wrong passwords on a guessed-at account, and its code step still needs the right one", async () => {
      const { email } = await shop.register();
      for (let attempt = 0; attempt < 5; attempt += 1) expect((await signIn(email, "Wrong@Password1")).statusCode).toBe(401);
      expect((await signIn(email, "Wrong@Password2")).statusCode).toBe(401);
      const guess = await sendCode(email, "123456", freshIp(), "Wrong@Password3");
      expect(guess.statusCode).toBe(401);
      expect(guess.json()).toMatchObject({ code: "BAD_CREDENTIALS" });
    });

    it("lets a guessed-at account straight in again once its password was reset", async () => {
      const { email } = await shop.register();
      for (let attempt = 0; attempt < 5; attempt += 1) expect((await signIn(email, "Wrong@Password1")).statusCode).toBe(401);
      expect((await signIn(email, PASSWORD)).json()).toMatchObject({ twoFactorRequired: true });
      const reset = await shop.call({ method: "POST", url: "/api/v1/customers/reset-password", payload: { email, recaptchaData: await shop.captcha() } });
      expect(reset.statusCode).toBe(202);
      const token = /token=([\w-]+)/.exec((await shop.lastMailTo(email))?.text ?? "")?.[1] ?? "";
      const changed = await shop.call({
        method: "POST",
        url: `/api/v1/customers/change-password/${token}`,
        payload: { newPassword: "Nouveau@Depart2026", recaptchaData: await shop.captcha() },
      });
      expect(changed.statusCode, changed.body).toBe(204);
      expect((await signIn(email, "Nouveau@Depart2026")).json()).toMatchObject({ twoFactorRequired: false });
    });

    it("makes an address's captchas costlier as its failures grow, and refuses it only past 50 failures in 15 minutes", async () => {
      const office = freshIp();
      const levelOf = async (ip: string) => {
        const response = await shop.call({ url: "/api/v1/captcha/challenge", ip });
        return response.json<{ parameters: { data?: { level?: number } } }>().parameters.data?.level ?? 0;
      };
      expect(await levelOf(office)).toBe(0);
      for (let attempt = 0; attempt < 10; attempt += 1) expect((await signIn(freshEmail(), PASSWORD, office)).statusCode).toBe(401);
      expect(await levelOf(office)).toBe(2);
      expect(await levelOf(freshIp())).toBe(0);

      // A colleague behind the same address still signs in, with the costlier captcha.
      const { email } = await shop.register();
      expect((await signIn(email, PASSWORD, office)).statusCode).toBe(200);
      // An easy challenge asked for elsewhere no longer passes from the busy address.
      const easy = await shop.call({
        method: "POST",
        url: "/api/v1/customers/sign-in",
        ip: office,
        payload: { email, password: PASSWORD, recaptchaData: await shop.captcha(freshIp()) },
      });
      expect(easy.statusCode).toBe(400);
      expect(easy.json()).toMatchObject({ code: "CAPTCHA_INVALID" });

      for (let attempt = 10; attempt < 50; attempt += 1) expect((await signIn(freshEmail(), PASSWORD, office)).statusCode).toBe(401);
      const blocked = await signIn(email, PASSWORD, office);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ status: 429, code: "RATE_LIMITED" });
      const retryAfter = Number(blocked.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
      shop.advance(15 * MINUTE + 1000);
      expect((await signIn(email, PASSWORD, office)).statusCode).toBe(200);
    });

    it("refuses a challenge whose signed level was lowered", async () => {
      const office = freshIp();
      for (let attempt = 0; attempt < 5; attempt += 1) expect((await signIn(freshEmail(), PASSWORD, office)).statusCode).toBe(401);
      const { email } = await shop.register();
      const answer = JSON.parse(Buffer.from(await shop.captcha(office), "base64").toString("utf8")) as {
        challenge: { parameters: { data: { level: number } } };
      };
      expect(answer.challenge.parameters.data.level).toBe(1);
      answer.challenge.parameters.data.level = 0;
      const forged = await shop.call({
        method: "POST",
        url: "/api/v1/customers/sign-in",
        ip: freshIp(),
        payload: { email, password: PASSWORD, recaptchaData: Buffer.from(JSON.stringify(answer)).toString("base64") },
      });
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toMatchObject({ code: "CAPTCHA_INVALID" });
    });
  });

  describe("two-factor sign-in", () => {
    const twoFactorAccount = async () => (await shop.register({ twoFactorAuthenticationEnabled: true, email: freshEmail("deux") })).email;

    it("e-mails a six-digit code instead of a token, and the code signs in once", async () => {
      const email = await twoFactorAccount();
      const first = await signIn(email, PASSWORD);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ token: null, twoFactorRequired: true, customer: null });
      expect(first.headers["x-customer-token"]).toBeUndefined();
      const mail = await shop.lastMailTo(email);
      expect(mail?.subject).toContain("code");
      const code = codeIn(mail?.text);

      const verified = await sendCode(email, code);
      expect(verified.statusCode, verified.body).toBe(200);
      const body = verified.json<Schemas["SignInResponse"]>();
      expect(body).toMatchObject({ twoFactorRequired: false, customer: { email } });
      expect(verified.headers["x-customer-token"]).toBe(body.token);

      const again = await sendCode(email, code);
      expect(again.statusCode).toBe(401);
      expect(again.json()).toMatchObject({ code: "OTP_EXPIRED", message: "One time password is expired" });
    });

    it("counts the attempts left on a wrong code, then refuses with too much attempts", async () => {
      const email = await twoFactorAccount();
      await signIn(email, PASSWORD);
      const code = codeIn((await shop.lastMailTo(email))?.text);
      const wrong = code === "000000" ? "111111" : "000000";
      const first = await sendCode(email, wrong);
      expect(first.statusCode).toBe(401);
      expect(first.json()).toMatchObject({ code: "OTP_MISMATCH", message: "The provided one time password doesn't match|2" });
      expect((await sendCode(email, wrong)).json()).toMatchObject({ message: "The provided one time password doesn't match|1" });
      expect((await sendCode(email, wrong)).json()).toMatchObject({ code: "OTP_TOO_MANY_ATTEMPTS", message: "Too much attempts for one time password" });
      const right = await sendCode(email, code);
      expect(right.statusCode).toBe(401);
      expect(right.json()).toMatchObject({ code: "OTP_TOO_MANY_ATTEMPTS" });

      // A new sign-in sends a new code with its 3 attempts.
      await signIn(email, PASSWORD);
      const fresh = codeIn((await shop.lastMailTo(email))?.text);
      expect((await sendCode(email, fresh)).statusCode).toBe(200);
    });

    it("refuses a code after 10 minutes as expired", async () => {
      const email = await twoFactorAccount();
      await signIn(email, PASSWORD);
      const code = codeIn((await shop.lastMailTo(email))?.text);
      shop.advance(10 * MINUTE + 1000);
      const late = await sendCode(email, code);
      expect(late.statusCode).toBe(401);
      expect(late.json()).toMatchObject({ code: "OTP_EXPIRED", message: "One time password is expired" });
    });

    it("refuses the code with a wrong password as BAD_CREDENTIALS", async () => {
      const email = await twoFactorAccount();
      await signIn(email, PASSWORD);
      const code = codeIn((await shop.lastMailTo(email))?.text);
      const response = await sendCode(email, code, undefined, "Wrong@Password1");
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: "BAD_CREDENTIALS" });
      expect((await sendCode(email, code)).statusCode).toBe(200);
    });

    it("stops the code step after 5 failures for the account in 15 minutes", async () => {
      const email = await twoFactorAccount();
      for (let round = 0; round < 2; round += 1) {
        await signIn(email, PASSWORD);
        const code = codeIn((await shop.lastMailTo(email))?.text);
        const wrong = code === "000000" ? "111111" : "000000";
        for (let attempt = 0; attempt < (round === 0 ? 3 : 2); attempt += 1) expect((await sendCode(email, wrong)).statusCode).toBe(401);
      }
      const blocked = await sendCode(email, "123456");
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: "RATE_LIMITED" });
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    });

    it("writes the code e-mail in the customer's language", async () => {
      const email = freshEmail("en");
      await shop.register({ email, twoFactorAuthenticationEnabled: true, locale: "en_US" });
      await signIn(email, PASSWORD);
      const mail = await shop.lastMailTo(email);
      expect(mail?.text).toContain("Your sign-in code is");
    });
  });

  describe("sessions", () => {
    it("renews the token on each authenticated call and refuses it after 30 minutes unused", async () => {
      const { token } = await shop.register();
      shop.advance(20 * MINUTE);
      const first = await me(token);
      expect(first.statusCode).toBe(200);
      const renewed = first.headers["x-customer-token"];
      expect(renewed).toEqual(expect.any(String));
      shop.advance(20 * MINUTE);
      expect((await me(token)).statusCode).toBe(401);
      const later = await me(String(renewed));
      expect(later.statusCode).toBe(200);
      shop.advance(31 * MINUTE);
      const expired = await me(String(later.headers["x-customer-token"]));
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ code: "CUSTOMER_TOKEN_INVALID" });
    });

    it("refuses a call without a token, and a forged token", async () => {
      const missing = await shop.call({ url: "/api/v1/customers/me" });
      expect(missing.statusCode).toBe(401);
      const { token } = await shop.register();
      const [header, payload] = token.split(".");
      const forged = await me(`${header}.${payload}.c2lnbmF0dXJl`);
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toMatchObject({ code: "CUSTOMER_TOKEN_INVALID" });
    });

    it("revokes the session on sign-out, renewed tokens included", async () => {
      const { token } = await shop.register();
      const renewed = String((await me(token)).headers["x-customer-token"]);
      const out = await shop.call({ method: "POST", url: "/api/v1/customers/sign-out", headers: asCustomer(token) });
      expect(out.statusCode).toBe(204);
      expect(out.headers["x-customer-token"]).toBeUndefined();
      expect((await me(token)).statusCode).toBe(401);
      expect((await me(renewed)).statusCode).toBe(401);
    });

    it("changes the password with the current one, ending every other session", async () => {
      const { token, email } = await shop.register();
      const other = (await signIn(email, PASSWORD)).json<Schemas["SignInResponse"]>().token ?? "";
      const wrong = await shop.call({
        method: "POST",
        url: "/api/v1/customers/change-password",
        headers: asCustomer(token),
        payload: { currentPassword: "Wrong@Password1", newPassword: "Nouveau@Depart2027" },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: "CURRENT_PASSWORD_MISMATCH", fields: [{ field: "currentPassword" }] });

      const changed = await shop.call({
        method: "POST",
        url: "/api/v1/customers/change-password",
        headers: asCustomer(token),
        payload: { currentPassword: PASSWORD, newPassword: "Nouveau@Depart2027" },
      });
      expect(changed.statusCode).toBe(204);
      const fresh = String(changed.headers["x-customer-token"]);
      expect((await me(token)).statusCode).toBe(401);
      expect((await me(other)).statusCode).toBe(401);
      expect((await me(fresh)).statusCode).toBe(200);
      expect((await signIn(email, PASSWORD)).statusCode).toBe(401);
      expect((await signIn(email, "Nouveau@Depart2027")).statusCode).toBe(200);
    });
  });

  describe("housekeeping", () => {
    const sessionsOf = async (email: string) => {
      const [row] = await shop.db.orm.select({ id: customers.id }).from(customers).where(eq(customers.email, email));
      return shop.db.orm.select().from(customerSessions).where(eq(customerSessions.customerId, row?.id ?? 0));
    };

    it("deletes sessions a day after they ended and keeps the live ones", async () => {
      const gone = await shop.register();
      await shop.call({ method: "POST", url: "/api/v1/customers/sign-out", headers: asCustomer(gone.token) });
      shop.advance(25 * 60 * MINUTE);
      const live = await shop.register();
      await purgeAccountData(shop.db, shop.now());
      expect(await sessionsOf(gone.email)).toEqual([]);
      expect(await sessionsOf(live.email)).toHaveLength(1);
      expect((await me(live.token)).statusCode).toBe(200);
    });

    it("moves a session's stored expiry forward as it is used", async () => {
      const { token, email } = await shop.register();
      const [before] = await sessionsOf(email);
      shop.advance(10 * MINUTE);
      expect((await me(token)).statusCode).toBe(200);
      const [after] = await sessionsOf(email);
      const expected = shop.now().getTime() + 30 * MINUTE;
      expect(after?.expiresAt.getTime()).toBeLessThanOrEqual(expected);
      expect(after?.expiresAt.getTime()).toBeGreaterThan(expected - 10_000);
      expect(after?.expiresAt.getTime()).toBeGreaterThan(before?.expiresAt.getTime() ?? 0);
    });
  });

  describe("password reset", () => {
    const requestReset = async (email: string, ip?: string) =>
      shop.call({ method: "POST", url: "/api/v1/customers/reset-password", ip, payload: { email, recaptchaData: await shop.captcha() } });
    const resetWith = async (token: string, newPassword = "Nouveau@Depart2027") =>
      shop.call({
        method: "POST",
        url: `/api/v1/customers/change-password/${token}`,
        payload: { newPassword, recaptchaData: await shop.captcha() },
      });
    const tokenIn = (text: string | undefined) => {
      const match = /https:\/\/boutique\.example\.com\/(fr|en)\/reinitialisation-mot-de-passe\?token=([\w-]+)/.exec(text ?? "");
      if (!match?.[2]) throw new Error(`no reset link in ${text}`);
      return { lang: match[1], token: match[2] };
    };

    it("e-mails a link to the reset page; the token sets a new password once and ends the sessions", async () => {
      const { email, token: session } = await shop.register();
      const accepted = await requestReset(email);
      expect(accepted.statusCode).toBe(202);
      const link = tokenIn((await shop.lastMailTo(email))?.text);
      expect(link.lang).toBe("fr");

      expect((await resetWith(link.token)).statusCode).toBe(204);
      expect((await me(session)).statusCode).toBe(401);
      expect((await signIn(email, "Nouveau@Depart2027")).statusCode).toBe(200);

      const again = await resetWith(link.token, "Encore@Autre2028");
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ code: "RESET_TOKEN_INVALID" });
    });

    it("answers 202 for an unknown address without sending anything", async () => {
      const email = freshEmail("inconnu");
      expect((await requestReset(email)).statusCode).toBe(202);
      expect(await shop.lastMailTo(email)).toBeUndefined();
    });

    it("refuses a token after one hour", async () => {
      const { email } = await shop.register();
      await requestReset(email);
      const { token } = tokenIn((await shop.lastMailTo(email))?.text);
      shop.advance(61 * MINUTE);
      const late = await resetWith(token);
      expect(late.statusCode).toBe(404);
      expect(late.json()).toMatchObject({ code: "RESET_TOKEN_INVALID" });
    });

    it("sends at most 5 reset e-mails per account in 15 minutes; the last link still works", async () => {
      const { email } = await shop.register();
      const ip = freshIp();
      for (let attempt = 0; attempt < 5; attempt += 1) expect((await requestReset(email, ip)).statusCode).toBe(202);
      const blocked = await requestReset(email, ip);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers["retry-after"]).toBeDefined();
      const { token } = tokenIn((await shop.lastMailTo(email))?.text);
      const reset = await shop.call({
        method: "POST",
        url: `/api/v1/customers/change-password/${token}`,
        ip,
        payload: { newPassword: "Nouveau@Depart2027", recaptchaData: await shop.captcha() },
      });
      expect(reset.statusCode).toBe(204);
    });

    it("stops a client address trying 5 unknown reset links", async () => {
      const ip = freshIp();
      const attempt = async () =>
        shop.call({
          method: "POST",
          url: `/api/v1/customers/change-password/${"x".repeat(43)}`,
          ip,
          payload: { newPassword: "Nouveau@Depart2027", recaptchaData: await shop.captcha() },
        });
      for (let count = 0; count < 5; count += 1) expect((await attempt()).statusCode).toBe(404);
      expect((await attempt()).statusCode).toBe(429);
    });
  });
});

describe.each(backends())("abuse limits behind a proxy on $name", (backend) => {
  let shop: AccountsShop;
  beforeAll(async () => {
    shop = await startAccountsShop(backend, { env: { TRUST_PROXY: "1" } });
  });
  afterAll(() => shop?.close());

  it("counts per client address as the trusted proxy forwards it", async () => {
    const proxy = freshIp();
    const forwarded = (client: string) => ({ "x-forwarded-for": client });
    const levelOf = async (client: string) => {
      const response = await shop.call({ url: "/api/v1/captcha/challenge", ip: proxy, headers: forwarded(client) });
      return response.json<{ parameters: { data?: { level?: number } } }>().parameters.data?.level ?? 0;
    };
    const signIn = async (email: string, client: string) =>
      shop.call({
        method: "POST",
        url: "/api/v1/customers/sign-in",
        ip: proxy,
        headers: forwarded(client),
        payload: { email, password: "Wrong@Password1", recaptchaData: await solvedCaptcha(shop, proxy, forwarded(client)) },
      });
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await signIn(freshEmail(), "198.51.100.7")).statusCode).toBe(401);
    expect(await levelOf("198.51.100.7")).toBe(1);
    expect(await levelOf("198.51.100.8")).toBe(0);
    expect((await signIn(freshEmail(), "198.51.100.8")).statusCode).toBe(401);
  });
});
