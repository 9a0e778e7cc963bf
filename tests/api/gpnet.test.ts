import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoStaffDirectory } from "../../server/modules/customers/demo-customers.ts";
import { backends } from "../support/test-app.ts";
import { asCustomer, codeIn, freshEmail, PASSWORD, startAccountsShop, type AccountsShop, type Schemas } from "./customers-support.ts";

const employee = (gpnetId: string, email = freshEmail("staff")) => ({
  gpnetId,
  email,
  firstName: "Sarah",
  lastName: "Lefèvre",
  password: PASSWORD,
});

describe.each(backends())("staff-number (GPNET) accounts on $name", (backend) => {
  let shop: AccountsShop;
  beforeAll(async () => {
    shop = await startAccountsShop(backend);
    await demoStaffDirectory.seedIfEmpty(shop.db, { brandName: "Escale" });
  });
  afterAll(() => shop?.close());

  const register = async (body: Record<string, unknown>) =>
    shop.call({ method: "POST", url: "/api/v1/gpnet/register", payload: { ...body, recaptchaData: await shop.captcha() } });
  const signIn = async (body: Record<string, unknown>) =>
    shop.call({ method: "POST", url: "/api/v1/gpnet/sign-in", payload: { ...body, recaptchaData: await shop.captcha() } });

  it("opens a GPNET account for a staff number of the directory, two-factor on by default", async () => {
    const response = await register(employee("GP100002"));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<Schemas["SignInResponse"]>();
    expect(body.customer).toMatchObject({ customerGroup: "GPNET", twoFactorAuthenticationEnabled: true, firstName: "Sarah" });
    expect(response.headers["x-customer-token"]).toBe(body.token);
  });

  it("signs in with staff number, e-mail, password and the e-mailed code", async () => {
    const account = employee("GP100003");
    expect((await register(account)).statusCode).toBe(201);
    const first = await signIn({ gpnetId: account.gpnetId, email: account.email, password: PASSWORD });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ token: null, twoFactorRequired: true, customer: null });
    const code = codeIn((await shop.lastMailTo(account.email))?.text);

    const wrong = await shop.call({
      method: "POST",
      url: "/api/v1/gpnet/one-time-password",
      payload: { gpnetId: account.gpnetId, email: account.email, password: PASSWORD, oneTimePassword: code === "123456" ? "654321" : "123456" },
    });
    expect(wrong.json()).toMatchObject({ code: "OTP_MISMATCH", message: "The provided one time password doesn't match|2" });

    const verified = await shop.call({
      method: "POST",
      url: "/api/v1/gpnet/one-time-password",
      payload: { gpnetId: account.gpnetId, email: account.email, password: PASSWORD, oneTimePassword: code },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const token = verified.json<Schemas["SignInResponse"]>().token ?? "";
    const me = await shop.call({ url: "/api/v1/customers/me", headers: asCustomer(token) });
    expect(me.json()).toMatchObject({ email: account.email, customerGroup: "GPNET" });
  });

  it("refuses a staff number that is not the account's as bad credentials", async () => {
    const account = employee("GP100004");
    await register(account);
    const response = await signIn({ gpnetId: "GP100005", email: account.email, password: PASSWORD });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: "BAD_CREDENTIALS" });
  });

  it.each([
    ["7 characters", "GP10000"],
    ["9 characters", "GP1000021"],
  ])("refuses a staff number of %s with 400 naming gpnetId", async (_case, gpnetId) => {
    const response = await register(employee(gpnetId));
    expect(response.statusCode).toBe(400);
    expect(response.json<Schemas["Error"]>().fields?.[0]?.field).toBe("gpnetId");
  });

  it("refuses a staff number unknown to the directory with 404 GPNET_ID_UNKNOWN", async () => {
    const response = await register(employee("ZZ999999"));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "GPNET_ID_UNKNOWN" });
  });

  it("refuses a second account for a staff number or an e-mail with 409", async () => {
    const account = employee("GP100006");
    expect((await register(account)).statusCode).toBe(201);
    const sameNumber = await register(employee("GP100006"));
    expect(sameNumber.statusCode).toBe(409);
    expect(sameNumber.json()).toMatchObject({ code: "GPNET_ID_ALREADY_EXISTS" });
    const sameEmail = await register(employee("GP100007", account.email.toUpperCase()));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ code: "EMAIL_ALREADY_EXISTS" });
  });

  it("sends a reset link to GPNET accounts only", async () => {
    const account = employee("GP100008");
    await register(account);
    const { email: personal } = await shop.register();
    for (const email of [account.email, personal]) {
      const response = await shop.call({ method: "POST", url: "/api/v1/gpnet/reset-password", payload: { email, recaptchaData: await shop.captcha() } });
      expect(response.statusCode).toBe(202);
    }
    expect((await shop.lastMailTo(account.email))?.text).toContain("reinitialisation-mot-de-passe?token=");
    expect(await shop.lastMailTo(personal)).toBeUndefined();
  });
});

describe.each(backends())("GPNET with a staff directory web service on $name", (backend) => {
  let directory: Server;
  let shop: AccountsShop;
  let requests: string[] = [];
  beforeAll(async () => {
    directory = createServer((request, response) => {
      requests.push(request.url ?? "");
      response.statusCode = request.url === "/staff/WS000001" ? 200 : 404;
      response.end(response.statusCode === 200 ? '{"staffNumber":"WS000001"}' : "");
    });
    await new Promise<void>((resolve) => directory.listen(0, "127.0.0.1", resolve));
    const { port } = directory.address() as AddressInfo;
    shop = await startAccountsShop(backend, { env: { STAFF_DIRECTORY_URL: `http://127.0.0.1:${port}/` } });
  });
  afterAll(async () => {
    await shop?.close();
    if (directory.listening) await new Promise((resolve) => directory.close(resolve));
  });

  const register = async (gpnetId: string) =>
    shop.call({ method: "POST", url: "/api/v1/gpnet/register", payload: { ...employee(gpnetId), recaptchaData: await shop.captcha() } });

  it("asks the directory about the staff number, then answers 502 GPNET_UNAVAILABLE once it is down", async () => {
    requests = [];
    const known = await register("WS000001");
    expect(known.statusCode, known.body).toBe(201);
    expect((await register("WS000002")).json()).toMatchObject({ code: "GPNET_ID_UNKNOWN" });
    expect(requests).toEqual(["/staff/WS000001", "/staff/WS000002"]);

    await new Promise((resolve) => directory.close(resolve));
    const down = await register("WS000001");
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({ status: 502, code: "GPNET_UNAVAILABLE" });
    const signIn = await shop.call({
      method: "POST",
      url: "/api/v1/gpnet/sign-in",
      payload: { gpnetId: "WS000001", email: "someone@example.fr", password: PASSWORD, recaptchaData: await shop.captcha() },
    });
    expect(signIn.statusCode).toBe(502);
    expect(signIn.json()).toMatchObject({ code: "GPNET_UNAVAILABLE" });
  });
});
