// The payment sandbox through the payment port: Adyen's documented test cards and refusal names
// give Adyen's result codes, 3-D Secure cards are sent to the challenge page, a retried request
// answers the same payment, bad input is rejected by name, and cancellations and refunds are
// received. The issuer pages are in payment-sandbox-pages.test.ts, notifications in
// payment-sandbox-notifications.test.ts.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPaymentSandbox, type PaymentSandbox } from "../../server/adapters/payment-sandbox/payment-sandbox.ts";
import { PAYMENT_SANDBOX_NOTIFICATION_QUEUE } from "../../server/adapters/payment-sandbox/sandbox-notifications.ts";
import { HOLDER_NAME_OUTCOMES, TEST_CARDS } from "../../server/adapters/payment-sandbox/test-cards.ts";
import { GatewayRejectedError, type PaymentRequest } from "../../server/modules/payment/payment-gateway.ts";
import { backends, startTestApp, type TestApp } from "../support/test-app.ts";
import { sandboxPayment } from "./payment-sandbox-support.ts";

const card = (number: string, overrides: Record<string, unknown> = {}) => ({
  type: "scheme",
  number,
  expiryMonth: "03",
  expiryYear: "2030",
  cvc: TEST_CARDS.find((testCard) => testCard.number === number)?.cvc ?? "737",
  holderName: "Camille Martin",
  ...overrides,
});

describe.each(backends())("the payment sandbox on $name", (backend) => {
  let shop: TestApp;
  let sandbox: PaymentSandbox;
  beforeAll(async () => {
    shop = await startTestApp(backend, { seed: false, app: { now: () => new Date("2026-11-25T10:00:00Z") } });
    const gateway = shop.adapters.paymentGateway;
    if (!isPaymentSandbox(gateway)) throw new Error("the shop should run on the payment sandbox");
    sandbox = gateway;
  });
  afterAll(async () => {
    await shop?.close();
  });

  const pay = (paymentMethod: Record<string, unknown>, overrides: Partial<PaymentRequest> = {}) =>
    sandbox.payments(sandboxPayment({ paymentMethod, ...overrides }));

  const queuedNotifications = async () =>
    (await shop.db.rows<{ n: number }>(sql`select count(*)::int as n from jobs where queue = ${PAYMENT_SANDBOX_NOTIFICATION_QUEUE}`))[0]?.n;

  it("offers Drop-in its own method, named in the shopper's language, and a client key of Adyen's test form", async () => {
    const query = { amount: { value: 4200, currency: "EUR" as const }, countryCode: "FR", channel: "Web" as const };
    expect(await sandbox.paymentMethods({ ...query, shopperLocale: "fr-FR" })).toEqual({ paymentMethods: [{ type: "sandbox_card", name: "Carte de test (bac à sable)" }] });
    expect(await sandbox.paymentMethods({ ...query, shopperLocale: "en-US" })).toEqual({ paymentMethods: [{ type: "sandbox_card", name: "Test card (sandbox)" }] });
    expect(sandbox.clientConfig.clientKey).toMatch(/^test_\w+$/);
    expect(sandbox.clientConfig.environment).toBe("test");
  });

  it.each(TEST_CARDS.filter((testCard) => !testCard.threeDSecure))("authorises the $label test card $number", async (testCard) => {
    const result = await pay(card(testCard.number));
    expect(result).toMatchObject({ resultCode: "Authorised", merchantReference: expect.any(String), paymentMethod: { type: "scheme", brand: testCard.brand } });
    expect(result.pspReference).toMatch(/^[A-Z0-9]{16}$/);
  });

  it.each(Object.entries(HOLDER_NAME_OUTCOMES))("answers the holder name %s with Adyen's outcome", async (holderName, outcome) => {
    const result = await pay(card("5555555555554444", { holderName }));
    expect(result).toMatchObject({ resultCode: outcome.resultCode, refusalReason: outcome.refusalReason, paymentMethod: { brand: "mc" } });
  });

  it("refuses a card that is not a test card, an expired one and a wrong security code", async () => {
    expect(await pay(card("4000020000000000"))).toMatchObject({ resultCode: "Refused", refusalReason: "Invalid Card Number" });
    expect(await pay(card("4111111145551142", { expiryMonth: "10", expiryYear: "2026" }))).toMatchObject({ resultCode: "Refused", refusalReason: "Expired Card" });
    expect(await pay(card("4111111145551142", { expiryMonth: "11", expiryYear: "2026" }))).toMatchObject({ resultCode: "Authorised" });
    expect(await pay(card("4111111145551142", { cvc: "123" }))).toMatchObject({ resultCode: "Refused", refusalReason: "CVC Declined" });
  });

  it.each(TEST_CARDS.filter((testCard) => testCard.threeDSecure))("sends the 3-D Secure card $number to the challenge page", async (testCard) => {
    const result = await pay(card(testCard.number));
    expect(result.resultCode).toBe("RedirectShopper");
    expect(result.action).toEqual({ type: "redirect", method: "GET", paymentMethodType: "sandbox_card", url: expect.stringMatching(/^http:\/\/localhost:3000\/payment-sandbox\/challenge\/[\w.-]+$/) });
  });

  it("reads Adyen's encrypted field names with the test_ prefix, and cannot read real encrypted data", async () => {
    const encrypted = {
      type: "scheme",
      encryptedCardNumber: "test_4111111145551142",
      encryptedExpiryMonth: "test_03",
      encryptedExpiryYear: "test_2030",
      encryptedSecurityCode: "test_737",
    };
    expect(await pay(encrypted)).toMatchObject({ resultCode: "Authorised", paymentMethod: { brand: "visa" } });
    await expect(pay({ ...encrypted, encryptedCardNumber: "adyenjs_0_1_25$Xa1b2c3" })).rejects.toThrow(/encryptedCardNumber/);
  });

  it("answers a retried request (same idempotency key) with the same payment, notified once", async () => {
    const before = await queuedNotifications();
    const first = await pay(card("4111111145551142"), { idempotencyKey: "retry-key-1" });
    const again = await pay(card("4111111145551142"), { idempotencyKey: "retry-key-1" });
    expect(again).toEqual(first);
    expect(await queuedNotifications()).toBe((before ?? 0) + 1);
    expect((await pay(card("4111111145551142"), { idempotencyKey: "retry-key-2" })).pspReference).not.toBe(first.pspReference);
  });

  it("rejects what Adyen would reject, naming the field", async () => {
    await expect(pay(card("4111111145551142", { number: undefined }))).rejects.toThrow(/paymentMethod\.number is required/);
    await expect(pay(card("4111111145551142", { expiryMonth: "13" }))).rejects.toThrow(/paymentMethod\.expiryMonth/);
    await expect(pay(card("4111111145551142", { cvc: "7a7" }))).rejects.toThrow(/paymentMethod\.cvc/);
    await expect(pay({ type: "ideal" })).rejects.toThrow(GatewayRejectedError);
    await expect(pay(card("4111111145551142"), { returnUrl: "javascript:alert(1)" })).rejects.toThrow(/returnUrl/);
    await expect(pay({ type: "sandbox_card" }, { returnUrl: `https://shop.example/${"a".repeat(2000)}` })).rejects.toThrow(/returnUrl must have at most/);
    await expect(pay(card("4111111145551142"), { amount: { value: 12.5, currency: "EUR" } })).rejects.toThrow(/amount\.value/);
    await expect(sandbox.paymentDetails({ details: {}, idempotencyKey: "k" })).rejects.toThrow(/details\.redirectResult is required/);
    await expect(sandbox.paymentDetails({ details: { redirectResult: "made.up" }, idempotencyKey: "k" })).rejects.toThrow(/details\.redirectResult is invalid/);
  });

  it("receives the cancellation and the refund of an authorised payment, and rejects an unknown payment's", async () => {
    const paid = await pay(card("4111111145551142"));
    const pspReference = paid.pspReference ?? "";
    const cancelled = await sandbox.cancel({ pspReference, reference: "order-1", idempotencyKey: "cancel-1" });
    expect(cancelled).toEqual({ pspReference: expect.stringMatching(/^[A-Z0-9]{16}$/), status: "received" });
    expect(cancelled.pspReference).not.toBe(pspReference);
    const refunded = await sandbox.refund({ pspReference, reference: "order-1", amount: { value: 4200, currency: "EUR" }, idempotencyKey: "refund-1" });
    expect(refunded.status).toBe("received");
    await expect(sandbox.cancel({ pspReference: "UNKNOWN000000000", reference: "x", idempotencyKey: "cancel-2" })).rejects.toThrow(GatewayRejectedError);
  });
});
