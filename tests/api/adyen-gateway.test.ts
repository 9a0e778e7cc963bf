// The Adyen adapter against Adyen's recorded answers (tests/api/fixtures/adyen-*.json), the HTTPS
// transport played by a local server: the requests it sends (endpoint, API key, merchant account,
// amount in cents, reference, return address, idempotency key) and how it reads Adyen's answers
// (authorised, refused with its reason, a redirect with its action, 422, 500, a network failure).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adyenGateway, type AdyenSettings } from "../../server/adapters/adyen/adyen-gateway.ts";
import { notificationSignature } from "../../server/modules/payment/notification-hmac.ts";
import { GatewayRejectedError, GatewayUnavailableError, type NotificationItem, type PaymentGateway } from "../../server/modules/payment/payment-gateway.ts";
import { startFakeAdyen, type FakeAdyen } from "../support/fake-adyen.ts";
import { sandboxPayment } from "./payment-sandbox-support.ts";

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), "utf8");
const answerWith = (name: string, status = 200) => () => ({ status, body: fixture(name) });

const SETTINGS: AdyenSettings = {
  provider: "adyen",
  apiKey: "AQEyhmfxKo3NaxZDw0m-test-api-key",
  merchantAccount: "EscaleECOM",
  clientKey: "test_7XKQ2Z3LFBDHPIKVRJ4QD5FZXY2XA5OM",
  hmacKey: "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056",
  environment: "test",
  liveUrlPrefix: undefined,
};

const CARD = {
  type: "scheme",
  encryptedCardNumber: "adyenjs_0_1_25$Zm9vYmFy",
  encryptedExpiryMonth: "adyenjs_0_1_25$MDM=",
  encryptedExpiryYear: "adyenjs_0_1_25$MjAzMA==",
  encryptedSecurityCode: "adyenjs_0_1_25$NzM3",
  holderName: "Camille Martin",
  brand: "visa",
};

const BROWSER_INFO = {
  acceptHeader: "text/html",
  colorDepth: 24,
  javaEnabled: false,
  language: "fr-FR",
  screenHeight: 900,
  screenWidth: 1440,
  timeZoneOffset: -60,
  userAgent: "Mozilla/5.0",
};

describe("the Adyen Checkout API adapter", () => {
  let adyen: FakeAdyen;
  let gateway: PaymentGateway;
  beforeAll(async () => {
    adyen = await startFakeAdyen();
    gateway = adyenGateway(SETTINGS);
  });
  afterAll(async () => {
    await adyen?.close();
  });
  beforeEach(() => {
    adyen.requests.length = 0;
  });

  const payment = () =>
    sandboxPayment({
      reference: "3f0c1b9e-8d7a-4c55-9a63-2b1e6f4d8c10",
      paymentMethod: CARD,
      browserInfo: BROWSER_INFO,
      origin: "https://boutique.escale.example",
      shopperIP: "203.0.113.7",
      idempotencyKey: "payment-3f0c1b9e-1",
    });

  it("tells Drop-in its client key and environment", () => {
    expect(gateway.kind).toBe("adyen");
    expect(gateway.clientConfig).toEqual({ clientKey: SETTINGS.clientKey, environment: "test" });
  });

  it("asks for the payment methods with the merchant account, the amount in cents and the shopper's country and language", async () => {
    adyen.answer(answerWith("adyen-payment-methods.json"));
    const methods = await gateway.paymentMethods({ amount: { value: 4200, currency: "EUR" }, countryCode: "FR", shopperLocale: "fr-FR", channel: "Web" });
    const [request] = adyen.requests;
    expect(request).toMatchObject({ host: "checkout-test.adyen.com", method: "POST", path: "/v72/paymentMethods" });
    expect(request?.headers["x-api-key"]).toBe(SETTINGS.apiKey);
    expect(request?.body).toEqual({ merchantAccount: "EscaleECOM", amount: { value: 4200, currency: "EUR" }, countryCode: "FR", shopperLocale: "fr-FR", channel: "Web" });
    expect(methods.paymentMethods).toEqual([
      { brands: ["visa", "mc", "amex", "cartebancaire"], name: "Cards", type: "scheme" },
      { name: "PayPal", type: "paypal", configuration: { merchantId: "QSXMR9W7GV8NY", intent: "authorize" } },
    ]);
  });

  it("sends the payment with its reference, amount in cents, return address, card data and idempotency key, and reads Authorised", async () => {
    adyen.answer(answerWith("adyen-payments-authorised.json"));
    const result = await gateway.payments(payment());
    const [request] = adyen.requests;
    expect(request).toMatchObject({ host: "checkout-test.adyen.com", method: "POST", path: "/v72/payments" });
    expect(request?.headers["idempotency-key"]).toBe("payment-3f0c1b9e-1");
    expect(request?.headers["x-api-key"]).toBe(SETTINGS.apiKey);
    expect(request?.body).toMatchObject({
      merchantAccount: "EscaleECOM",
      reference: "3f0c1b9e-8d7a-4c55-9a63-2b1e6f4d8c10",
      amount: { value: 4200, currency: "EUR" },
      returnUrl: "http://localhost:3000/fr/commande/paiement/retour?cartUuid=3f0c1b9e-8d7a-4c55-9a63-2b1e6f4d8c10",
      paymentMethod: CARD,
      browserInfo: BROWSER_INFO,
      channel: "Web",
      countryCode: "FR",
      shopperLocale: "fr-FR",
      origin: "https://boutique.escale.example",
      shopperIP: "203.0.113.7",
      lineItems: [{ id: "1", description: "Écharpe", quantity: 1, amountIncludingTax: 4200, taxPercentage: 2000 }],
      authenticationData: { threeDSRequestData: { nativeThreeDS: "preferred" } },
    });
    expect(result).toEqual({
      resultCode: "Authorised",
      pspReference: "DZ4DPSHB4WD2WN82",
      merchantReference: "3f0c1b9e-8d7a-4c55-9a63-2b1e6f4d8c10",
      paymentMethod: { type: "scheme", brand: "visa" },
    });
  });

  it("reads a refusal with its reason", async () => {
    adyen.answer(answerWith("adyen-payments-refused.json"));
    expect(await gateway.payments(payment())).toMatchObject({ resultCode: "Refused", refusalReason: "Not enough balance", pspReference: "V4HZ4RBFJGXXGN82" });
  });

  it("hands on a redirect with its action as Adyen gave it, then reads the details", async () => {
    adyen.answer(answerWith("adyen-payments-redirect.json"));
    const redirect = await gateway.payments(payment());
    expect(redirect).toEqual({
      resultCode: "RedirectShopper",
      pspReference: "QJWGH5K7JGXXGN82",
      action: {
        paymentMethodType: "scheme",
        url: "https://checkoutshopper-test.adyen.com/checkoutshopper/threeDS/redirect?MD=M2RzMl9iMjA4ZjQ2Y2VlYTZmNGE0&PaReq=BQABAgB7gGI4",
        method: "GET",
        type: "redirect",
      },
    });
    adyen.answer(answerWith("adyen-payments-details-authorised.json"));
    const result = await gateway.paymentDetails({ details: { redirectResult: "X6XtfGC3!Y..." }, idempotencyKey: "details-1" });
    expect(adyen.requests.at(-1)).toMatchObject({ path: "/v72/payments/details", body: { details: { redirectResult: "X6XtfGC3!Y..." } } });
    expect(adyen.requests.at(-1)?.headers["idempotency-key"]).toBe("details-1");
    expect(result).toMatchObject({ resultCode: "Authorised", pspReference: "QJWGH5K7JGXXGN82", paymentMethod: { brand: "visa" } });
  });

  it("turns Adyen's 422 into a rejection with its message and code", async () => {
    adyen.answer(answerWith("adyen-error-422.json", 422));
    const failure = gateway.payments(payment());
    await expect(failure).rejects.toThrow(GatewayRejectedError);
    await expect(failure).rejects.toMatchObject({ message: "Return URL is missing.", errorCode: "14_030" });
  });

  it("turns a 500, refused credentials and a cut connection into an unavailable gateway", async () => {
    adyen.answer(answerWith("adyen-error-500.json", 500));
    await expect(gateway.payments(payment())).rejects.toThrow(GatewayUnavailableError);
    adyen.answer(answerWith("adyen-error-401.json", 401));
    await expect(gateway.paymentMethods({ amount: { value: 100, currency: "EUR" }, countryCode: "FR", shopperLocale: "fr-FR", channel: "Web" })).rejects.toThrow(
      /API key/,
    );
    adyen.answer(() => "drop");
    await expect(gateway.payments(payment())).rejects.toThrow(GatewayUnavailableError);
    adyen.answer(() => ({ status: 200, body: JSON.stringify({ resultCode: "SomethingNew" }) }));
    await expect(gateway.payments(payment())).rejects.toThrow(GatewayUnavailableError);
  });

  it("rejects what is not card data before calling Adyen", async () => {
    await expect(gateway.payments({ ...payment(), paymentMethod: { type: "sandbox_card" } })).rejects.toThrow(/paymentMethod\.type must be scheme/);
    await expect(gateway.payments({ ...payment(), browserInfo: { colorDepth: "deep" } })).rejects.toThrow(/browserInfo\.acceptHeader/);
    expect(adyen.requests).toEqual([]);
  });

  it("cancels and refunds by the payment's psp reference, with the merchant account and idempotency key", async () => {
    adyen.answer(answerWith("adyen-cancel-received.json", 201));
    expect(await gateway.cancel({ pspReference: "DZ4DPSHB4WD2WN82", reference: "ESC-2026-000042", idempotencyKey: "cancel-1" })).toEqual({
      pspReference: "T9PJ2K4XQGXXGN82",
      status: "received",
    });
    expect(adyen.requests.at(-1)).toMatchObject({ path: "/v72/payments/DZ4DPSHB4WD2WN82/cancels", body: { merchantAccount: "EscaleECOM", reference: "ESC-2026-000042" } });
    expect(adyen.requests.at(-1)?.headers["idempotency-key"]).toBe("cancel-1");
    adyen.answer(answerWith("adyen-refund-received.json", 201));
    expect(await gateway.refund({ pspReference: "DZ4DPSHB4WD2WN82", reference: "ESC-2026-000042", amount: { value: 1500, currency: "EUR" }, idempotencyKey: "refund-1" })).toEqual({
      pspReference: "W3CNV8L6MGXXGN82",
      status: "received",
    });
    expect(adyen.requests.at(-1)).toMatchObject({
      path: "/v72/payments/DZ4DPSHB4WD2WN82/refunds",
      body: { merchantAccount: "EscaleECOM", reference: "ESC-2026-000042", amount: { value: 1500, currency: "EUR" } },
    });
  });

  it("checks a notification's signature with the webhook's HMAC key", async () => {
    const item: NotificationItem = {
      pspReference: "DZ4DPSHB4WD2WN82",
      merchantReference: "3f0c1b9e-8d7a-4c55-9a63-2b1e6f4d8c10",
      merchantAccountCode: "EscaleECOM",
      eventCode: "AUTHORISATION",
      eventDate: "2026-11-25T10:00:00+01:00",
      success: "true",
      amount: { value: 4200, currency: "EUR" },
      paymentMethod: "visa",
    };
    const signed = { ...item, additionalData: { hmacSignature: notificationSignature(item, SETTINGS.hmacKey) } };
    expect(await gateway.verifyNotification(signed)).toBe(true);
    expect(await gateway.verifyNotification({ ...signed, amount: { value: 42, currency: "EUR" } })).toBe(false);
    expect(await gateway.verifyNotification(item)).toBe(false);
    const otherKey = "00".repeat(32);
    expect(await gateway.verifyNotification({ ...item, additionalData: { hmacSignature: notificationSignature(item, otherKey) } })).toBe(false);
  });
});

describe("the Adyen adapter live", () => {
  it("calls the account's live endpoint", async () => {
    const adyen = await startFakeAdyen();
    try {
      adyen.answer(answerWith("adyen-payments-authorised.json"));
      const live = adyenGateway({ ...SETTINGS, environment: "live", clientKey: "live_7XKQ2Z3LFBDHPIKVRJ4QD5FZXY2XA5OM", liveUrlPrefix: "1797a841fbb37ca7-EscaleECOM" });
      await live.payments(sandboxPayment({ paymentMethod: CARD }));
      expect(adyen.requests[0]).toMatchObject({ host: "1797a841fbb37ca7-escaleecom-checkout-live.adyenpayments.com", path: "/checkout/v72/payments" });
      expect(live.clientConfig.environment).toBe("live");
    } finally {
      await adyen.close();
    }
  });
});
