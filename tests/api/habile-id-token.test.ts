// Employee single sign-on against a provider scripted by the test: the shop accepts a well-formed
// ID token and refuses one that fails validation (nonce, audience, expiry, issuer, signature: 401
// SSO_TOKEN_REJECTED), reads claims sent as strings, and answers 502 when the provider is down.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { finishHabileSignIn, startHabileSignIn } from "../support/habile-sign-in.ts";
import { SCRIPTED_ISSUER, scriptedIssuer, type ScriptedIssuer } from "../support/scripted-issuer.ts";
import { backends, startTestApp, type TestApp } from "../support/test-app.ts";

describe.each(backends())("the ID token of a configured provider on $name", (backend) => {
  let shop: TestApp;
  let issuer: ScriptedIssuer;
  let employee = 0;
  beforeAll(async () => {
    issuer = await scriptedIssuer({});
    shop = await startTestApp(backend, { adapters: { identityProvider: issuer.identityProvider } });
  });
  afterAll(() => shop?.close());
  beforeEach(() => {
    employee += 1;
    issuer.employee = {
      sub: `employee-${employee}`,
      email: `employee-${employee}-${backend.name}@airline.example`,
      email_verified: true,
      given_name: "Julien",
      family_name: "Roux",
      staff_number: `PN4${String(employee).padStart(5, "0")}`,
      empowerment_admin: "true",
    };
    issuer.spoil({});
  });

  const signIn = async (habileType: "BRAND_EMPLOYEE" | "EMPOWERMENT" = "EMPOWERMENT") => {
    const { authorizationUrl, state } = await startHabileSignIn(shop, habileType);
    expect(new URL(authorizationUrl).origin).toBe(SCRIPTED_ISSUER);
    return finishHabileSignIn(shop, { code: issuer.authorize(authorizationUrl), state, habileType });
  };

  it("signs in with a valid ID token, reading a string empowerment_admin claim", async () => {
    const response = await signIn();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ customer: { customerGroup: "EMPOWERMENT", isEmpowermentAdmin: true, firstName: "Julien" } });
  });

  it("keeps the admin flag set by hand when the provider sends no empowerment_admin claim", async () => {
    issuer.spoil({ empowerment_admin: undefined });
    expect((await signIn()).json()).toMatchObject({ customer: { isEmpowermentAdmin: false } });
    await shop.db.rows(sql`update customers set is_empowerment_admin = true where email = ${String(issuer.employee.email)}`);
    expect((await signIn()).json()).toMatchObject({ customer: { isEmpowermentAdmin: true } });
    issuer.spoil({ empowerment_admin: false });
    expect((await signIn()).json()).toMatchObject({ customer: { isEmpowermentAdmin: false } });
  });

  it.each([
    ["another nonce", { nonce: "not-the-nonce" }],
    ["another audience", { aud: "another-client" }],
    ["an expired token", { exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200 }],
    ["another issuer", { iss: "https://login.elsewhere.example" }],
  ])("refuses an ID token with %s (401 SSO_TOKEN_REJECTED)", async (_case, claims) => {
    issuer.spoil(claims);
    const response = await signIn();
    expect(response.statusCode, response.body).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, code: "SSO_TOKEN_REJECTED" });
  });

  it("refuses an ID token the provider's keys did not sign (401 SSO_TOKEN_REJECTED)", async () => {
    const other = await scriptedIssuer(issuer.employee);
    other.signWithForeignKey();
    const forged = await startTestApp(backend, { adapters: { identityProvider: other.identityProvider } });
    try {
      const { authorizationUrl, state } = await startHabileSignIn(forged, "BRAND_EMPLOYEE");
      const response = await finishHabileSignIn(forged, { code: other.authorize(authorizationUrl), state, habileType: "BRAND_EMPLOYEE" });
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json()).toMatchObject({ code: "SSO_TOKEN_REJECTED" });
    } finally {
      await forged.close();
    }
  });

  it("refuses an identity without an e-mail address (403 SSO_IDENTITY_INCOMPLETE)", async () => {
    issuer.spoil({ email: undefined });
    const response = await signIn("BRAND_EMPLOYEE");
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({ code: "SSO_IDENTITY_INCOMPLETE", message: expect.stringMatching(/e-mail/) });
  });

  it("answers 502 when the provider cannot be reached", async () => {
    const down = await scriptedIssuer(issuer.employee);
    down.goDown();
    const offline = await startTestApp(backend, { adapters: { identityProvider: down.identityProvider } });
    try {
      const response = await offline.request({ method: "POST", url: "/api/v1/habile/authorization", payload: { habileType: "BRAND_EMPLOYEE" } });
      expect(response.statusCode, response.body).toBe(502);
      expect(response.json()).toMatchObject({ code: "UPSTREAM_UNAVAILABLE" });
    } finally {
      await offline.close();
    }
  });
});
