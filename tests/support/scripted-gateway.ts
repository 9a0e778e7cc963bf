// A payment provider a test scripts (a test double of the PaymentGateway port): the card's
// `script` says what the payment answers (authorised, refused, a 3-D Secure challenge or a bank
// redirect whose details then pass or fail, an error, the provider unreachable); notifications
// are signed with an HMAC the double checks, as the provider's are; every call is recorded.
import { createHmac, timingSafeEqual } from "node:crypto";
import {
  GatewayRejectedError,
  GatewayUnavailableError,
  type GatewayResult,
  type NotificationItem,
  type PaymentGateway,
  type PaymentMethodsQuery,
  type PaymentRequest,
} from "../../server/modules/payment/payment-gateway.ts";

export type CardScript = "authorised" | "refused" | "challenge" | "redirect" | "error" | "unavailable";

const HMAC_KEY = "scripted-gateway-test-key";

interface Attempt {
  request: PaymentRequest;
  pspReference: string;
  script: CardScript;
}

const SCRIPTS: readonly CardScript[] = ["authorised", "refused", "challenge", "redirect", "error", "unavailable"];
const scriptOf = (method: Record<string, unknown>): CardScript => SCRIPTS.find((script) => script === method.script) ?? "authorised";

function signatureOf(item: NotificationItem): string {
  const fields = [
    item.pspReference,
    item.originalReference ?? "",
    item.merchantAccountCode,
    item.merchantReference,
    String(item.amount.value),
    item.amount.currency,
    item.eventCode,
    item.success,
  ];
  return createHmac("sha256", HMAC_KEY).update(fields.join(":")).digest("base64");
}

export function scriptedGateway() {
  let counter = 0;
  const attempts = new Map<string, Attempt>();
  const byReference = new Map<string, Attempt>();
  const detailsAnswers = new Map<string, GatewayResult>();
  const cancels: { pspReference: string; reference: string }[] = [];
  const refunds: { pspReference: string; reference: string }[] = [];
  const methodQueries: PaymentMethodsQuery[] = [];
  /** When set, `payments` waits for it before answering (a slow provider). */
  let paymentsGate: Promise<void> | undefined;

  const answer = (attempt: Attempt, resultCode: GatewayResult["resultCode"], extra: Partial<GatewayResult> = {}): GatewayResult => ({
    resultCode,
    pspReference: attempt.pspReference,
    merchantReference: attempt.request.reference,
    paymentMethod: { type: "scheme", brand: "visa" },
    ...extra,
  });

  const gateway: PaymentGateway = {
    kind: "sandbox",
    clientConfig: { clientKey: "test_client_key", environment: "test" },
    async paymentMethods(query) {
      methodQueries.push(query);
      return { paymentMethods: [{ type: "scheme", name: "Cards" }] };
    },
    async payments(request) {
      if (paymentsGate) await paymentsGate;
      counter += 1;
      const attempt: Attempt = { request, pspReference: `PSP${String(counter).padStart(12, "0")}`, script: scriptOf(request.paymentMethod) };
      attempts.set(attempt.pspReference, attempt);
      byReference.set(request.reference, attempt);
      switch (attempt.script) {
        case "authorised":
          return answer(attempt, "Authorised");
        case "refused":
          return answer(attempt, "Refused", { refusalReason: "Refused" });
        case "error":
          throw new GatewayRejectedError("Invalid card number", "101");
        case "unavailable":
          throw new GatewayUnavailableError("connection refused");
        case "challenge":
          // Like Adyen's 3-D Secure 2 answers: no psp reference until the challenge is done.
          return { resultCode: "ChallengeShopper", merchantReference: request.reference, action: { type: "threeDS2", token: attempt.pspReference } };
        case "redirect":
          return {
            resultCode: "RedirectShopper",
            merchantReference: request.reference,
            action: { type: "redirect", method: "GET", url: `https://issuer.example/pay?token=${attempt.pspReference}` },
          };
      }
    },
    async paymentDetails(request) {
      const key = JSON.stringify(request.details);
      const replayed = detailsAnswers.get(key);
      if (replayed) return replayed;
      const given = request.details.threeDSResult ?? request.details.redirectResult;
      const [pspReference, verdict] = typeof given === "string" ? given.split(":") : [];
      const attempt = pspReference ? attempts.get(pspReference) : undefined;
      if (!attempt) throw new GatewayRejectedError("Invalid details", "14_002");
      const result = verdict === "pass" ? answer(attempt, "Authorised") : answer(attempt, "Refused", { refusalReason: "3D Not Authenticated" });
      detailsAnswers.set(key, result);
      return result;
    },
    async cancel(request) {
      cancels.push({ pspReference: request.pspReference, reference: request.reference });
      return { pspReference: `${request.pspReference}C`, status: "received" };
    },
    async refund(request) {
      refunds.push({ pspReference: request.pspReference, reference: request.reference });
      return { pspReference: `${request.pspReference}R`, status: "received" };
    },
    async verifyNotification(item) {
      const given = Buffer.from(item.additionalData?.hmacSignature ?? "");
      const expected = Buffer.from(signatureOf(item));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };

  return {
    gateway,
    cancels,
    refunds,
    methodQueries,
    /** The attempt sent with this merchant reference prefix (the cart's uuid), latest first. */
    attemptsOfCart: (cartUuid: string) => [...byReference.values()].filter((attempt) => attempt.request.reference.startsWith(cartUuid)).reverse(),
    /** Holds every `payments` call until the returned function is called. */
    holdPayments(): () => void {
      let release = () => undefined;
      paymentsGate = new Promise<void>((resolve) => {
        release = () => {
          paymentsGate = undefined;
          resolve();
        };
      });
      return release;
    },
    /** The details the shopper's browser brings back after the challenge or the bank's page. */
    details: (pspReference: string, verdict: "pass" | "fail", kind: "threeDSResult" | "redirectResult" = "redirectResult") => ({
      [kind]: `${pspReference}:${verdict}`,
    }),
    /** A signed notification item, as the provider sends it. */
    notification(item: Omit<NotificationItem, "merchantAccountCode" | "eventDate"> & { signed?: boolean }): NotificationItem {
      const { signed = true, ...fields } = item;
      const full: NotificationItem = { merchantAccountCode: "EscaleTest", eventDate: "2026-11-25T12:00:00+01:00", ...fields };
      return { ...full, additionalData: { ...full.additionalData, hmacSignature: signed ? signatureOf(full) : "bm90IGEgc2lnbmF0dXJl" } };
    },
  };
}

export type ScriptedGateway = ReturnType<typeof scriptedGateway>;
