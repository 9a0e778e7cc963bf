// The payment sandbox's issuer pages, as a shopper's browser sees them: the card page and the
// 3-D Secure challenge in French and English, accessible and under the shop's policy; their
// forms end at the payment's return address with a redirect result whose details give the
// outcome, the same on every replay; abandoning gives Cancelled; tampered or expired links are
// refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPaymentSandbox, type PaymentSandbox } from "../../server/adapters/payment-sandbox/payment-sandbox.ts";
import type { GatewayResult } from "../../server/modules/payment/payment-gateway.ts";
import { backends, startTestApp, type TestApp } from "../support/test-app.ts";
import { RETURN_URL, sandboxPayment } from "./payment-sandbox-support.ts";

const START = new Date("2026-11-25T10:00:00Z");
const form = (fields: Record<string, string>) => ({
  headers: { "content-type": "application/x-www-form-urlencoded" },
  payload: new URLSearchParams(fields).toString(),
});
const VISA = { number: "4111 1111 4555 1142", expiry: "03/30", cvc: "737", holderName: "Camille Martin" };
const VISA_3DS = { number: "4917 6100 0000 0000", expiry: "03/30", cvc: "737", holderName: "" };

describe.each(backends())("the payment sandbox's issuer pages on $name", (backend) => {
  let shop: TestApp;
  let sandbox: PaymentSandbox;
  let clock = START;
  beforeAll(async () => {
    shop = await startTestApp(backend, { seed: false, app: { now: () => clock } });
    const gateway = shop.adapters.paymentGateway;
    if (!isPaymentSandbox(gateway)) throw new Error("the shop should run on the payment sandbox");
    sandbox = gateway;
  });
  afterAll(async () => {
    await shop?.close();
  });

  /** Starts a payment with the sandbox's method; answers the pay page's path (the action's URL). */
  async function startPayment(shopperLocale = "fr-FR"): Promise<{ path: string; started: GatewayResult }> {
    const started = await sandbox.payments(sandboxPayment({ shopperLocale }));
    const url = started.action?.url;
    if (typeof url !== "string") throw new Error("the payment should redirect the shopper");
    return { path: new URL(url).pathname, started };
  }

  /** The redirect result the browser brings back to the shop, checking it is the return address. */
  function redirectResultOf(location: string | undefined): string {
    const url = new URL(location ?? "");
    expect(`${url.origin}${url.pathname}`).toBe(RETURN_URL.split("?")[0]);
    expect(url.searchParams.get("cartUuid")).toBe(new URL(RETURN_URL).searchParams.get("cartUuid"));
    return url.searchParams.get("redirectResult") ?? "";
  }

  const details = (redirectResult: string) => sandbox.paymentDetails({ details: { redirectResult }, idempotencyKey: `details-${redirectResult.slice(-8)}` });

  it("asks for the card in French, with labelled fields, the amount and the test cards, under the shop's policy", async () => {
    const { path, started } = await startPayment();
    expect(started).toMatchObject({ resultCode: "RedirectShopper", action: { type: "redirect", method: "GET", paymentMethodType: "sandbox_card" } });
    const page = await shop.app.inject({ method: "GET", url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain('<html lang="fr">');
    expect(page.body).toMatch(/<title>[^<]+<\/title>/);
    const labels = { number: "Numéro de carte", expiry: "Date d&#39;expiration", cvc: "Cryptogramme visuel (CVC)", holderName: "Nom du titulaire" };
    for (const [name, label] of Object.entries(labels)) {
      expect(page.body).toContain(`<label for="${name}">${label}</label>`);
      expect(page.body).toMatch(new RegExp(`<input id="${name}" name="${name}"[^>]*aria-describedby="${name}-hint"`));
    }
    expect(page.body).toContain("42,00\u00a0€");
    expect(page.body).toContain("4917 6100 0000 0000");
    expect(page.body).toContain("Annuler et revenir à la boutique");
    expect(page.body).not.toMatch(/<script|https?:\/\/(?!localhost)/);
    const policy = String(page.headers["content-security-policy"]);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("form-action 'self' http://localhost:3000");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it("speaks English to an English shopper, and shows what is wrong with the card typed", async () => {
    const { path } = await startPayment("en-US");
    const page = await shop.app.inject({ method: "GET", url: path });
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('<label for="number">Card number</label>');
    expect(page.body).toContain("Pay €42.00");
    const wrong = await shop.app.inject({ method: "POST", url: path, ...form({ number: "4111", expiry: "13/30", cvc: "", holderName: "Camille" }) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('role="alert"');
    expect(wrong.body).toMatch(/<input id="number" name="number"[^>]*aria-describedby="number-hint number-error" aria-invalid="true" required value="4111"/);
    expect(wrong.body).toContain('<p class="error" id="number-error">Enter a card number of 12 to 19 digits.</p>');
    expect(wrong.body).toContain('<p class="error" id="expiry-error">Enter the expiry date as MM/YY.</p>');
    expect(wrong.body).toContain('<p class="error" id="cvc-error">This field is required.</p>');
    expect(wrong.body).not.toContain('id="holderName-error"');
  });

  it("sends the browser back with a redirect result whose details say Authorised, the same on every replay", async () => {
    const { path, started } = await startPayment();
    const paid = await shop.app.inject({ method: "POST", url: path, ...form(VISA) });
    expect(paid.statusCode).toBe(303);
    const redirectResult = redirectResultOf(paid.headers.location);
    const result = await details(redirectResult);
    expect(result).toEqual({ resultCode: "Authorised", pspReference: started.pspReference, merchantReference: started.merchantReference, paymentMethod: { type: "scheme", brand: "visa" } });
    expect(await details(redirectResult)).toEqual(result);
    // The form posted again (back button) keeps the first outcome, whatever is typed.
    const again = await shop.app.inject({ method: "POST", url: path, ...form({ ...VISA, holderName: "DECLINED" }) });
    expect(await details(redirectResultOf(again.headers.location))).toEqual(result);
  });

  it("refuses with the reason of the holder name typed", async () => {
    const { path } = await startPayment();
    const refused = await shop.app.inject({ method: "POST", url: path, ...form({ ...VISA, holderName: "NOT_ENOUGH_BALANCE" }) });
    expect(await details(redirectResultOf(refused.headers.location))).toMatchObject({ resultCode: "Refused", refusalReason: "Not enough balance" });
  });

  it("authorises a 3-D Secure card once the challenge is passed", async () => {
    const { path } = await startPayment("en-GB");
    const toChallenge = await shop.app.inject({ method: "POST", url: path, ...form(VISA_3DS) });
    expect(toChallenge.statusCode).toBe(303);
    const challengePath = new URL(toChallenge.headers.location ?? "").pathname;
    expect(challengePath).toMatch(/^\/payment-sandbox\/challenge\//);
    const challenge = await shop.app.inject({ method: "GET", url: challengePath });
    expect(challenge.statusCode).toBe(200);
    expect(challenge.body).toContain('<html lang="en">');
    expect(challenge.body).toContain("3-D Secure authentication");
    expect(challenge.body).toContain('<label for="password">Password</label>');
    expect(challenge.body).toMatch(/<input id="password" name="password" type="password"/);
    const passed = await shop.app.inject({ method: "POST", url: challengePath, ...form({ password: "password" }) });
    expect(await details(redirectResultOf(passed.headers.location))).toMatchObject({ resultCode: "Authorised", paymentMethod: { brand: "visa" } });
  });

  it("takes a 3-D Secure card sent directly through the same challenge, and keeps its holder name's refusal for after it", async () => {
    const started = await sandbox.payments(
      sandboxPayment({ paymentMethod: { type: "scheme", number: "5454545454545454", expiryMonth: "03", expiryYear: "2030", cvc: "737", holderName: "BLOCK_CARD" } }),
    );
    const challengePath = new URL(String(started.action?.url)).pathname;
    expect((await shop.app.inject({ method: "GET", url: challengePath })).body).toContain("Mastercard");
    const passed = await shop.app.inject({ method: "POST", url: challengePath, ...form({ password: "password" }) });
    expect(await details(redirectResultOf(passed.headers.location))).toMatchObject({
      resultCode: "Refused",
      refusalReason: "Blocked Card",
      pspReference: started.pspReference,
      paymentMethod: { brand: "mc" },
    });
  });

  it("refuses a 3-D Secure card whose challenge fails", async () => {
    const { path } = await startPayment();
    const toChallenge = await shop.app.inject({ method: "POST", url: path, ...form(VISA_3DS) });
    const challengePath = new URL(toChallenge.headers.location ?? "").pathname;
    const failed = await shop.app.inject({ method: "POST", url: challengePath, ...form({ password: "wrong" }) });
    expect(await details(redirectResultOf(failed.headers.location))).toMatchObject({ resultCode: "Refused", refusalReason: "3D Not Authenticated" });
  });

  it("answers Cancelled when the shopper goes back to the shop, from the card page or the challenge", async () => {
    const { path } = await startPayment();
    const token = path.split("/").at(-1) ?? "";
    const abandoned = await shop.app.inject({ method: "POST", url: `/payment-sandbox/cancel/${token}`, ...form({}) });
    expect(abandoned.statusCode).toBe(303);
    expect(await details(redirectResultOf(abandoned.headers.location))).toMatchObject({ resultCode: "Cancelled" });

    const second = await startPayment();
    const toChallenge = await shop.app.inject({ method: "POST", url: second.path, ...form(VISA_3DS) });
    const challengeToken = new URL(toChallenge.headers.location ?? "").pathname.split("/").at(-1) ?? "";
    const left = await shop.app.inject({ method: "POST", url: `/payment-sandbox/cancel/${challengeToken}` });
    expect(await details(redirectResultOf(left.headers.location))).toMatchObject({ resultCode: "Cancelled" });
  });

  it("refuses a tampered link, and an expired one, with a page that leads back to the shop", async () => {
    const { path } = await startPayment();
    const token = path.split("/").at(-1) ?? "";
    const [body, signature] = token.split(".");
    const tampered = `${body?.slice(0, -2)}AA.${signature}`;
    const refused = await shop.app.inject({ method: "GET", url: `/payment-sandbox/pay/${tampered}`, headers: { "accept-language": "en-GB,en" } });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("Invalid payment link");
    expect(refused.body).toContain('href="http://localhost:3000/en"');
    expect((await shop.app.inject({ method: "POST", url: `/payment-sandbox/pay/${tampered}`, ...form(VISA) })).statusCode).toBe(400);

    clock = new Date(START.getTime() + 31 * 60_000);
    try {
      const expired = await shop.app.inject({ method: "GET", url: path, headers: { "accept-language": "fr-FR" } });
      expect(expired.statusCode).toBe(410);
      expect(expired.body).toContain("Lien de paiement expiré");
      expect((await shop.app.inject({ method: "POST", url: path, ...form(VISA) })).statusCode).toBe(410);
    } finally {
      clock = START;
    }
  });

  it("refuses a tampered redirect result, and one brought back too late", async () => {
    const { path } = await startPayment();
    const paid = await shop.app.inject({ method: "POST", url: path, ...form(VISA) });
    const redirectResult = redirectResultOf(paid.headers.location);
    const [body, signature] = redirectResult.split(".");
    await expect(details(`${body}.${signature?.slice(0, -3)}abc`)).rejects.toThrow(/redirectResult is invalid/);
    clock = new Date(START.getTime() + 25 * 60 * 60_000);
    try {
      await expect(details(redirectResult)).rejects.toThrow(/redirectResult is expired/);
    } finally {
      clock = START;
    }
  });

  it("serves what Drop-in would fetch from Adyen's hosts: the method's picture, empty translation files, its analytics calls", async () => {
    const picture = await shop.app.inject({ method: "GET", url: "/payment-sandbox/drop-in/images/logos/sandbox_card.svg" });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(picture.body).toMatch(/^<svg /);
    const french = await shop.app.inject({ method: "GET", url: "/payment-sandbox/drop-in/sdk/6.45.2/translations/fr-FR.json" });
    expect(french.statusCode).toBe(200);
    expect(french.json()).toEqual({});
    expect((await shop.app.inject({ method: "GET", url: "/payment-sandbox/drop-in/sdk/6.45.2/translations/en-US.json" })).json()).toEqual({});
    expect((await shop.app.inject({ method: "GET", url: "/payment-sandbox/drop-in/secrets.txt" })).statusCode).toBe(404);
    const attempt = await shop.app.inject({ method: "POST", url: "/payment-sandbox/drop-in/analytics/v3/analytics?clientKey=test_x", payload: { version: "6.45.2", level: "initial" } });
    expect(attempt.json()).toEqual({ checkoutAttemptId: expect.any(String) });
    const events = await shop.app.inject({ method: "POST", url: `/payment-sandbox/drop-in/analytics/v3/analytics/${attempt.json().checkoutAttemptId}?clientKey=test_x`, payload: { info: [] } });
    expect(events.statusCode).toBe(200);
  });
});
