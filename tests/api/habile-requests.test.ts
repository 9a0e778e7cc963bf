// What employee single sign-on refuses before and at the code exchange, against the embedded
// provider: a state that is unknown, used, expired or drawn for the other door (401
// SSO_STATE_REJECTED), a code used twice (401 SSO_CODE_REJECTED), malformed requests (400 naming
// the field), too many starts from one address (429).
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeFromEmbeddedProvider, finishHabileSignIn, startHabileSignIn } from "../support/habile-sign-in.ts";
import { backends, startTestApp, type TestApp } from "../support/test-app.ts";

const NADIA = "nadia.benali@staff.demo.escale.example";
const ELEVEN_MINUTES_MS = 11 * 60_000;

describe.each(backends())("employee single sign-on's requests on $name", (backend) => {
  let shop: TestApp;
  let offsetMs = 0;
  beforeAll(async () => {
    shop = await startTestApp(backend, { app: { now: () => new Date(Date.now() + offsetMs) } });
  });
  afterAll(() => shop?.close());

  const codeFor = async (habileType: "BRAND_EMPLOYEE" | "EMPOWERMENT" = "BRAND_EMPLOYEE") => {
    const { authorizationUrl } = await startHabileSignIn(shop, habileType);
    return codeFromEmbeddedProvider(shop, authorizationUrl, { email: NADIA });
  };

  const expectRejected = (response: { statusCode: number; body: string; json(): unknown }, code: string) => {
    expect(response.statusCode, response.body).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, code, message: expect.any(String) });
  };

  it("refuses a state it never drew", async () => {
    const { code } = await codeFor();
    expectRejected(await finishHabileSignIn(shop, { code, state: "not-a-state-of-ours", habileType: "BRAND_EMPLOYEE" }), "SSO_STATE_REJECTED");
  });

  it("takes each state once", async () => {
    const { code, state } = await codeFor();
    expect((await finishHabileSignIn(shop, { code, state, habileType: "BRAND_EMPLOYEE" })).statusCode).toBe(200);
    const replay = await finishHabileSignIn(shop, { code, state, habileType: "BRAND_EMPLOYEE" });
    expectRejected(replay, "SSO_STATE_REJECTED");
    expect(replay.json()).toMatchObject({ message: expect.stringMatching(/already used|expired/) });
  });

  it("refuses a state older than ten minutes", async () => {
    const { code, state } = await codeFor();
    offsetMs = ELEVEN_MINUTES_MS;
    try {
      expectRejected(await finishHabileSignIn(shop, { code, state, habileType: "BRAND_EMPLOYEE" }), "SSO_STATE_REJECTED");
    } finally {
      offsetMs = 0;
    }
  });

  it("refuses a state drawn for the other door", async () => {
    const { code, state } = await codeFor("BRAND_EMPLOYEE");
    expectRejected(await finishHabileSignIn(shop, { code, state, habileType: "EMPOWERMENT" }), "SSO_STATE_REJECTED");
  });

  it("refuses a code the provider already exchanged, even with a fresh state", async () => {
    const { code, state } = await codeFor();
    expect((await finishHabileSignIn(shop, { code, state, habileType: "BRAND_EMPLOYEE" })).statusCode).toBe(200);
    const { state: fresh } = await startHabileSignIn(shop, "BRAND_EMPLOYEE");
    const replay = await finishHabileSignIn(shop, { code, state: fresh, habileType: "BRAND_EMPLOYEE" });
    expectRejected(replay, "SSO_CODE_REJECTED");
  });

  it("answers 400 naming the field of a malformed request", async () => {
    const noState = await shop.request({ url: "/api/v1/habile?authorizationCode=abc&habileType=BRAND_EMPLOYEE" });
    expect(noState.statusCode).toBe(400);
    expect(noState.json()).toMatchObject({ code: "VALIDATION_FAILED", fields: [expect.objectContaining({ field: "state" })] });

    const badType = await shop.request({ url: "/api/v1/habile?authorizationCode=abc&habileType=PILOT&state=xyz" });
    expect(badType.statusCode).toBe(400);
    expect(badType.json()).toMatchObject({ code: "VALIDATION_FAILED", fields: [expect.objectContaining({ field: "habileType" })] });

    const badStart = await shop.request({ method: "POST", url: "/api/v1/habile/authorization", payload: { habileType: "PILOT" } });
    expect(badStart.statusCode).toBe(400);
    expect(badStart.json()).toMatchObject({ fields: [expect.objectContaining({ field: "habileType" })] });

    const noType = await shop.request({ method: "POST", url: "/api/v1/habile/authorization", payload: {} });
    expect(noType.statusCode).toBe(400);
    expect(noType.json()).toMatchObject({ fields: [expect.objectContaining({ field: "habileType" })] });
  });

  it("keeps the state on the server as a hash, with the verifier and nonce, for ten minutes", async () => {
    const { state } = await startHabileSignIn(shop, "EMPOWERMENT", "en_US");
    const rows = await shop.db.rows<{ state_hash: string; habile_type: string; redirect_uri: string; minutes: number }>(
      sql`select state_hash, habile_type, redirect_uri, round(extract(epoch from expires_at - created_at) / 60)::int as minutes
        from single_sign_on_requests where habile_type = 'EMPOWERMENT' and redirect_uri like '%/en/habile-sign-in'`,
    );
    expect(rows).toContainEqual({
      state_hash: createHash("sha256").update(state).digest("hex"),
      habile_type: "EMPOWERMENT",
      redirect_uri: `${shop.config.publicUrl}/en/habile-sign-in`,
      minutes: 10,
    });
  });

  it("limits the sign-ins one address starts (429)", async () => {
    const from = { remoteAddress: "203.0.113.77" };
    let last = 0;
    for (let attempt = 0; attempt < 61; attempt++) {
      last = (await shop.request({ method: "POST", url: "/api/v1/habile/authorization", payload: { habileType: "BRAND_EMPLOYEE" }, ...from })).statusCode;
    }
    expect(last).toBe(429);
  });
});
