import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Challenge } from "altcha-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recaptchaCaptcha } from "../../server/adapters/captcha/recaptcha-captcha.ts";
import type { RuntimeConfig } from "../../common/runtime-config.ts";
import { backends, startTestApp, type TestApp } from "../support/test-app.ts";
import { startAccountsShop, type AccountsShop } from "./customers-support.ts";

describe.each(backends())("the ALTCHA captcha on $name", (backend) => {
  let shop: AccountsShop;
  beforeAll(async () => {
    shop = await startAccountsShop(backend);
  });
  afterAll(() => shop?.close());

  const check = (response: string) => shop.call({ method: "POST", url: "/api/v1/google/recaptcha", payload: { response } });

  it("serves a fresh signed challenge, valid 10 minutes, never cached", async () => {
    const first = await shop.request({ url: "/api/v1/captcha/challenge" });
    const second = await shop.request({ url: "/api/v1/captcha/challenge" });
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-store");
    const challenge = first.json<Challenge>();
    expect(challenge.parameters).toMatchObject({ algorithm: "PBKDF2/SHA-256", cost: 1000 });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const expiresInMs = (challenge.parameters.expiresAt ?? 0) * 1000 - Date.now();
    expect(expiresInMs).toBeGreaterThan(9 * 60_000);
    expect(expiresInMs).toBeLessThanOrEqual(10 * 60_000);
    expect(second.json<Challenge>().parameters.nonce).not.toBe(challenge.parameters.nonce);
  });

  it("needs the storefront token for the challenge", async () => {
    const response = await shop.app.inject({ url: "/api/v1/captcha/challenge" });
    expect(response.statusCode).toBe(401);
  });

  it("verifies a solved challenge without using it up; the form then uses it once", async () => {
    const answer = await shop.captcha();
    expect((await check(answer)).json()).toEqual({ success: true });
    expect((await check(answer)).json()).toEqual({ success: true });
    const registered = await shop.call({
      method: "POST",
      url: "/api/v1/customers/reset-password",
      payload: { email: "personne@example.fr", recaptchaData: answer },
    });
    expect(registered.statusCode).toBe(202);
    const again = await shop.call({ method: "POST", url: "/api/v1/customers/reset-password", payload: { email: "personne@example.fr", recaptchaData: answer } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: "CAPTCHA_INVALID" });
  });

  it("answers success false for a tampered, forged or expired answer", async () => {
    const answer = await shop.captcha();
    const payload = JSON.parse(Buffer.from(answer, "base64").toString("utf8")) as { challenge: Challenge; solution: { derivedKey: string } };
    const tampered = { ...payload, challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, cost: 1 } } };
    expect((await check(Buffer.from(JSON.stringify(tampered)).toString("base64"))).json()).toEqual({ success: false });
    const guessedKey = { ...payload, solution: { ...payload.solution, derivedKey: "0".repeat(64) } };
    expect((await check(Buffer.from(JSON.stringify(guessedKey)).toString("base64"))).json()).toEqual({ success: false });
    expect((await check("not-a-payload")).json()).toEqual({ success: false });

    shop.advance(11 * 60_000);
    expect((await check(answer)).json()).toEqual({ success: false });
  });

  it("tells the SPA to use ALTCHA and where its challenge is", async () => {
    const config = (await shop.app.inject({ url: "/runtime-config.json" })).json<RuntimeConfig>();
    expect(config.captcha).toEqual({ provider: "altcha", siteKey: null, challengeUrl: "/api/v1/captcha/challenge" });
  });
});

describe.each(backends())("a shop configured with reCAPTCHA on $name", (backend) => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await startTestApp(backend, { seed: false, env: { RECAPTCHA_SECRET: "secret-of-the-shop", RECAPTCHA_SITE_KEY: "site-key-of-the-shop" } });
  });
  afterAll(() => shop?.close());

  it("gives the SPA the site key and serves no ALTCHA challenge", async () => {
    const config = (await shop.app.inject({ url: "/runtime-config.json" })).json<RuntimeConfig>();
    expect(config.captcha).toEqual({ provider: "recaptcha", siteKey: "site-key-of-the-shop", challengeUrl: null });
    expect((await shop.request({ url: "/api/v1/captcha/challenge" })).statusCode).toBe(404);
  });
});

describe("the reCAPTCHA adapter", () => {
  let google: Server;
  let url = "";
  const received: URLSearchParams[] = [];
  beforeAll(async () => {
    google = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        const form = new URLSearchParams(body);
        received.push(form);
        response.setHeader("content-type", "application/json");
        if (form.get("response") === "broken") {
          response.statusCode = 500;
          response.end("{}");
          return;
        }
        response.end(JSON.stringify({ success: form.get("secret") === "s3cret" && form.get("response") === "good-token" }));
      });
    });
    await new Promise<void>((resolve) => google.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(google.address() as AddressInfo).port}/siteverify`;
  });
  afterAll(() => new Promise((resolve) => google.close(resolve)));

  it("asks the service server to server with the secret, the answer and the client address", async () => {
    const captcha = recaptchaCaptcha({ secret: "s3cret", verifyUrl: url });
    expect(await captcha.verify("good-token", { consume: true, remoteIp: "203.0.113.9" })).toBe(true);
    expect(received.at(-1)?.get("remoteip")).toBe("203.0.113.9");
    expect(await captcha.verify("bad-token", { consume: true })).toBe(false);
    expect(await captcha.challenge()).toBeNull();
  });

  it("reports the service failing or unreachable as 502", async () => {
    const captcha = recaptchaCaptcha({ secret: "s3cret", verifyUrl: url });
    await expect(captcha.verify("broken", { consume: false })).rejects.toMatchObject({ status: 502, code: "UPSTREAM_UNAVAILABLE" });
    const unreachable = recaptchaCaptcha({ secret: "s3cret", verifyUrl: "http://127.0.0.1:1/siteverify" });
    await expect(unreachable.verify("good-token", { consume: false })).rejects.toMatchObject({ status: 502 });
  });
});
