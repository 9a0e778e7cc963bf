// Customer sessions: every identity opens its session through the one sessions module, which
// records how the customer signed in; the token is renewed on each call (30-minute sliding
// window) and refused once expired or revoked.
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers, customerSessions } from "../../server/db/schema.ts";
import { SESSION_TTL_SECONDS, type SignInMethod } from "../../server/platform/sessions.ts";
import { backends } from "../support/test-app.ts";
import { asCustomer, codeIn, freshEmail, PASSWORD, startAccountsShop, type AccountsShop, type Schemas } from "./customers-support.ts";

describe.each(backends())("sessions on $name", (backend) => {
  let shop: AccountsShop;
  beforeAll(async () => {
    // Every staff number is in this directory.
    shop = await startAccountsShop(backend, { adapters: { staffDirectory: { has: async () => true } } });
  });
  afterAll(() => shop?.close());

  /** How the customer's latest session was opened. */
  const latestMethod = async (email: string): Promise<SignInMethod | undefined> => {
    const [row] = await shop.db.orm
      .select({ method: customerSessions.signedInWith })
      .from(customerSessions)
      .innerJoin(customers, eq(customers.id, customerSessions.customerId))
      .where(eq(customers.email, email))
      .orderBy(desc(customerSessions.createdAt))
      .limit(1);
    return row?.method;
  };

  const tokenOf = (response: { json: <T>() => T; headers: Record<string, unknown> }) => {
    const body = response.json<Schemas["SignInResponse"]>();
    expect(body.token).toEqual(expect.any(String));
    expect(response.headers["x-customer-token"]).toBe(body.token);
    return body.token ?? "";
  };

  const post = async (url: string, payload: Record<string, unknown>, captcha = true) =>
    shop.call({ method: "POST", url, payload: captcha ? { ...payload, recaptchaData: await shop.captcha() } : payload });

  it("opens one on registration, and one on a password sign-in", async () => {
    const { email, token } = await shop.register();
    expect(await latestMethod(email)).toBe("registration");
    expect((await shop.call({ url: "/api/v1/customers/me", headers: asCustomer(token) })).statusCode).toBe(200);

    const signedIn = await post("/api/v1/customers/sign-in", { email, password: PASSWORD });
    const second = tokenOf(signedIn);
    expect(await latestMethod(email)).toBe("password");
    expect((await shop.call({ url: "/api/v1/customers/me", headers: asCustomer(second) })).json()).toMatchObject({ email });
  });

  it("opens one with the e-mailed code", async () => {
    const { email } = await shop.register({ twoFactorAuthenticationEnabled: true });
    const first = await post("/api/v1/customers/sign-in", { email, password: PASSWORD });
    expect(first.json()).toEqual({ token: null, twoFactorRequired: true, customer: null });
    expect(first.headers["x-customer-token"]).toBeUndefined();
    const code = codeIn((await shop.lastMailTo(email))?.text);

    const verified = await post("/api/v1/customers/one-time-password", { email, password: PASSWORD, oneTimePassword: code }, false);
    const token = tokenOf(verified);
    expect(await latestMethod(email)).toBe("one-time-code");
    expect((await shop.call({ url: "/api/v1/customers/me", headers: asCustomer(token) })).statusCode).toBe(200);
  });

  it("opens one with a staff number (GPNET), with or without the e-mailed code", async () => {
    const email = freshEmail("staff");
    const account = { gpnetId: "GP900001", email, firstName: "Sarah", lastName: "Lefèvre", password: PASSWORD, twoFactorAuthenticationEnabled: false };
    expect((await post("/api/v1/gpnet/register", account)).statusCode).toBe(201);
    expect(await latestMethod(email)).toBe("registration");

    const signedIn = await post("/api/v1/gpnet/sign-in", { gpnetId: account.gpnetId, email, password: PASSWORD });
    tokenOf(signedIn);
    expect(await latestMethod(email)).toBe("staff-number");

    const guarded = { gpnetId: "GP900002", email: freshEmail("staff"), firstName: "Paul", lastName: "Martin", password: PASSWORD };
    expect((await post("/api/v1/gpnet/register", guarded)).statusCode).toBe(201);
    const first = await post("/api/v1/gpnet/sign-in", { gpnetId: guarded.gpnetId, email: guarded.email, password: PASSWORD });
    expect(first.json()).toMatchObject({ twoFactorRequired: true });
    const code = codeIn((await shop.lastMailTo(guarded.email))?.text);
    const verified = await post(
      "/api/v1/gpnet/one-time-password",
      { gpnetId: guarded.gpnetId, email: guarded.email, password: PASSWORD, oneTimePassword: code },
      false,
    );
    tokenOf(verified);
    expect(await latestMethod(guarded.email)).toBe("staff-number");
  });

  it("renews the token on each call for 30 more minutes, and refuses it once that time has passed unused", async () => {
    const { token } = await shop.register();
    shop.advance((SESSION_TTL_SECONDS - 60) * 1000);
    const call = await shop.call({ url: "/api/v1/customers/me", headers: asCustomer(token) });
    expect(call.statusCode).toBe(200);
    const renewed = String(call.headers["x-customer-token"]);
    expect(renewed).not.toBe(token);

    shop.advance(120_000);
    // The first token's 30 minutes are over; the renewed one still has most of its own.
    expect((await shop.call({ url: "/api/v1/customers/me", headers: asCustomer(token) })).json()).toMatchObject({ code: "CUSTOMER_TOKEN_INVALID" });
    expect((await shop.call({ url: "/api/v1/customers/me", headers: asCustomer(renewed) })).statusCode).toBe(200);

    shop.advance((SESSION_TTL_SECONDS + 1) * 1000);
    const expired = await shop.call({ url: "/api/v1/customers/me", headers: asCustomer(renewed) });
    expect(expired.statusCode).toBe(401);
    expect(expired.headers["x-customer-token"]).toBeUndefined();
  });

  it("ends with sign-out: the token is refused afterwards", async () => {
    const { token } = await shop.register();
    expect((await shop.call({ method: "POST", url: "/api/v1/customers/sign-out", headers: asCustomer(token) })).statusCode).toBe(204);
    expect((await shop.call({ url: "/api/v1/customers/me", headers: asCustomer(token) })).statusCode).toBe(401);
  });
});
