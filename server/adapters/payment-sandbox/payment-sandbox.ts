// The embedded payment sandbox: the payment port answered in the Adyen Checkout API's own shapes,
// offline, from Adyen's documented test cards (test-cards.ts). Drop-in cannot load Adyen's hosted
// card fields offline, so the sandbox lists a method of its own that Drop-in shows as a pay button:
// paying redirects the shopper to the sandbox's issuer pages on this server (card form, 3-D Secure
// challenge), which send the browser back to the return address with a `redirectResult`. A card
// can also be sent directly (`scheme` with Adyen's unencrypted test fields). Outcomes are final
// once decided, and notified to the webhook as Adyen notifies them.
import { createHmac, randomBytes } from "node:crypto";
import type { Database } from "../../db/client.ts";
import { notificationSignatureValid } from "../../modules/payment/notification-hmac.ts";
import {
  GatewayRejectedError,
  type CancelRequest,
  type GatewayResult,
  type ModificationAnswer,
  type NotificationItem,
  type PaymentDetailsRequest,
  type PaymentGateway,
  type PaymentMethodsAnswer,
  type PaymentMethodsQuery,
  type PaymentRequest,
  type RefundRequest,
} from "../../modules/payment/payment-gateway.ts";
import { cardEntryOfPaymentMethod } from "./scheme-card.ts";
import { enqueueSandboxNotification } from "./sandbox-notifications.ts";
import {
  outcomeStore,
  PendingChallengeSchema,
  PendingPaymentSchema,
  RedirectResultSchema,
  resultOf,
  SANDBOX_MERCHANT_ACCOUNT,
  SANDBOX_METHOD_TYPE,
  type Outcome,
  type PendingChallenge,
  type PendingPayment,
  type SandboxLocale,
} from "./sandbox-payments.ts";
import { checkToken, signToken, type TokenCheck } from "./sandbox-tokens.ts";
import { decideCard, decideChallenge, type CardDecision, type CardEntry } from "./test-cards.ts";

/** The client key Drop-in is given for the sandbox: of the test form Drop-in accepts; it opens nothing. */
export const SANDBOX_CLIENT_KEY = "test_ESCALEPAYMENTSANDBOX00000000000";

/** Where the issuer pages live on the shop's server. */
export const SANDBOX_PATH = "/payment-sandbox";

/** How long the shopper has on the pay page, on the challenge page, and to bring a redirect result back. */
const PAY_PAGE_MS = 30 * 60_000;
const CHALLENGE_PAGE_MS = 10 * 60_000;
const REDIRECT_RESULT_MS = 24 * 60 * 60_000;

const METHOD_NAMES: Record<SandboxLocale, string> = { fr: "Carte de test (bac à sable)", en: "Test card (sandbox)" };

const PSP_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** 16 characters, as Adyen's psp references: from the key and a seed, or at random. */
function pspReferenceOf(bytes: Buffer): string {
  return [...bytes.subarray(0, 16)].map((byte) => PSP_ALPHABET[byte % PSP_ALPHABET.length]).join("");
}

export type PageStep = { status: "invalid" } | { status: "expired" } | { status: "redirect"; location: string };

/** The issuer pages' side of the sandbox (server/adapters/payment-sandbox/sandbox-routes.ts). */
export interface SandboxIssuer {
  openPayment(token: string): Promise<TokenCheck<PendingPayment>>;
  /** Decides the payment with the card typed: to the challenge page, or back to the shop. */
  submitCard(token: string, entry: CardEntry): Promise<PageStep>;
  openChallenge(token: string): Promise<TokenCheck<PendingChallenge>>;
  submitChallenge(token: string, password: string): Promise<PageStep>;
  /** The shopper gave up (on the pay page or the challenge page): Cancelled, back to the shop. */
  abandon(token: string): Promise<PageStep>;
}

export interface PaymentSandbox extends PaymentGateway {
  readonly kind: "sandbox";
  readonly issuer: SandboxIssuer;
}

export function isPaymentSandbox(gateway: PaymentGateway): gateway is PaymentSandbox {
  return gateway.kind === "sandbox" && "issuer" in gateway;
}

export interface PaymentSandboxOptions {
  db: Database;
  /** The shop's address as shoppers reach it: the issuer pages' addresses start with it. */
  publicUrl: string;
  /** The sandbox's secret, kept in the database (server/platform/generated-secrets.ts). */
  secret: () => Promise<string>;
  now?: () => Date;
}

const localeOf = (shopperLocale: string): SandboxLocale => (shopperLocale.toLowerCase().startsWith("en") ? "en" : "fr");

function checkedRequest(request: PaymentRequest): void {
  if (!Number.isSafeInteger(request.amount.value) || request.amount.value < 0) throw new GatewayRejectedError("amount.value must be a whole number of cents", "137");
  if (!request.reference || request.reference.length > 80) throw new GatewayRejectedError("reference is required (at most 80 characters)", "130");
  let url: URL;
  try {
    url = new URL(request.returnUrl);
  } catch {
    throw new GatewayRejectedError("returnUrl must be an absolute URL", "14_004");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new GatewayRejectedError("returnUrl must be an http(s) URL", "14_004");
}

export function paymentSandbox(options: PaymentSandboxOptions): PaymentSandbox {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const publicUrl = options.publicUrl.replace(/\/$/, "");
  const derived = (label: string) => options.secret().then((secret) => createHmac("sha256", secret).update(label).digest());
  const tokenKey = () => derived("payment-sandbox tokens");
  const notificationKey = () => derived("payment-sandbox notifications").then((key) => key.toString("hex"));
  const outcomes = outcomeStore(db, notificationKey, now);

  /** The same psp reference for a request retried with its idempotency key, as Adyen answers. */
  async function pspReferenceFor(idempotencyKey: string | undefined): Promise<string> {
    if (!idempotencyKey) return pspReferenceOf(randomBytes(16));
    return pspReferenceOf(createHmac("sha256", await tokenKey()).update(`psp:${idempotencyKey}`).digest());
  }

  const sign = async (purpose: "pay" | "challenge" | "result", payload: unknown, ms: number) =>
    signToken(await tokenKey(), purpose, payload, new Date(now().getTime() + ms));

  const redirectAction = (url: string) => ({ type: "redirect", method: "GET", url, paymentMethodType: SANDBOX_METHOD_TYPE });

  async function redirectBack(payment: PendingPayment): Promise<PageStep> {
    const location = new URL(payment.ret);
    location.searchParams.set("redirectResult", await sign("result", { psp: payment.psp }, REDIRECT_RESULT_MS));
    return { status: "redirect", location: location.toString() };
  }

  /** Fixes the outcome (unless one was fixed first) and sends the browser back to the shop. */
  async function backToShop(payment: PendingPayment, outcome: Outcome): Promise<PageStep> {
    await outcomes.decide(payment, outcome);
    return redirectBack(payment);
  }

  const outcomeOf = (decision: Exclude<CardDecision, { kind: "challenge" }>): Outcome =>
    decision.kind === "authorised" ? { resultCode: "Authorised", brand: decision.brand } : { ...decision.outcome, brand: decision.brand };

  async function challengeUrl(payment: PendingPayment, decision: Extract<CardDecision, { kind: "challenge" }>): Promise<string> {
    const pending: PendingChallenge = { ...payment, brand: decision.brand, ...(decision.after ? { after: decision.after } : {}) };
    return `${publicUrl}${SANDBOX_PATH}/challenge/${await sign("challenge", pending, CHALLENGE_PAGE_MS)}`;
  }

  const issuer: SandboxIssuer = {
    async openPayment(token) {
      return checkToken(await tokenKey(), "pay", token, PendingPaymentSchema, now());
    },
    async submitCard(token, entry) {
      const check = await issuer.openPayment(token);
      if (check.status !== "valid") return { status: check.status };
      const payment = check.payload;
      // Decided already (the form posted twice, the back button): the first outcome stands.
      if (await outcomes.find(payment.psp)) return redirectBack(payment);
      const decision = decideCard(entry, now());
      if (decision.kind === "challenge") return { status: "redirect", location: await challengeUrl(payment, decision) };
      return backToShop(payment, outcomeOf(decision));
    },
    async openChallenge(token) {
      return checkToken(await tokenKey(), "challenge", token, PendingChallengeSchema, now());
    },
    async submitChallenge(token, password) {
      const check = await issuer.openChallenge(token);
      if (check.status !== "valid") return { status: check.status };
      const pending = check.payload;
      const refusal = decideChallenge(password, pending.after);
      return backToShop(pending, refusal ? { ...refusal, brand: pending.brand } : { resultCode: "Authorised", brand: pending.brand });
    },
    async abandon(token) {
      const key = await tokenKey();
      const pay = checkToken(key, "pay", token, PendingPaymentSchema, now());
      const check = pay.status === "valid" ? pay : checkToken(key, "challenge", token, PendingChallengeSchema, now());
      if (check.status !== "valid") return { status: pay.status === "expired" ? "expired" : check.status };
      return backToShop(check.payload, { resultCode: "Cancelled" });
    },
  };

  async function modification(
    eventCode: "CANCELLATION" | "REFUND",
    request: CancelRequest | RefundRequest,
    failure: (original: { resultCode: string; amountCents: number }) => string | undefined,
  ): Promise<ModificationAnswer> {
    const original = await outcomes.find(request.pspReference);
    if (!original) throw new GatewayRejectedError("Original pspReference is invalid for this environment", "167");
    const pspReference = await pspReferenceFor(`${eventCode}:${request.idempotencyKey}`);
    const reason = failure(original);
    const amount = "amount" in request ? request.amount : { value: original.amountCents, currency: original.currency };
    await enqueueSandboxNotification(
      db.orm,
      {
        pspReference,
        originalReference: original.pspReference,
        merchantReference: request.reference,
        merchantAccountCode: SANDBOX_MERCHANT_ACCOUNT,
        eventCode,
        eventDate: now().toISOString(),
        success: reason ? "false" : "true",
        amount,
        ...(original.brand ? { paymentMethod: original.brand } : {}),
        ...(reason ? { reason } : {}),
      },
      await notificationKey(),
    );
    return { pspReference, status: "received" };
  }

  return {
    kind: "sandbox",
    clientConfig: { clientKey: SANDBOX_CLIENT_KEY, environment: "test" },
    issuer,

    async paymentMethods(query: PaymentMethodsQuery): Promise<PaymentMethodsAnswer> {
      return { paymentMethods: [{ type: SANDBOX_METHOD_TYPE, name: METHOD_NAMES[localeOf(query.shopperLocale)] }] };
    },

    async payments(request: PaymentRequest): Promise<GatewayResult> {
      checkedRequest(request);
      const payment: PendingPayment = {
        psp: await pspReferenceFor(request.idempotencyKey),
        ref: request.reference,
        amt: request.amount.value,
        cur: request.amount.currency,
        ret: request.returnUrl,
        loc: localeOf(request.shopperLocale),
      };
      const type = request.paymentMethod.type;
      if (type === SANDBOX_METHOD_TYPE) {
        const url = `${publicUrl}${SANDBOX_PATH}/pay/${await sign("pay", payment, PAY_PAGE_MS)}`;
        return { resultCode: "RedirectShopper", pspReference: payment.psp, merchantReference: payment.ref, action: redirectAction(url) };
      }
      if (type !== "scheme") throw new GatewayRejectedError(`paymentMethod.type ${String(type)} is not available in the payment sandbox`, "905_1");
      const decided = await outcomes.find(payment.psp);
      if (decided) return resultOf(decided);
      const decision = decideCard(cardEntryOfPaymentMethod(request.paymentMethod), now());
      if (decision.kind === "challenge") {
        return { resultCode: "RedirectShopper", pspReference: payment.psp, merchantReference: payment.ref, action: redirectAction(await challengeUrl(payment, decision)) };
      }
      return resultOf(await outcomes.decide(payment, outcomeOf(decision)));
    },

    async paymentDetails(request: PaymentDetailsRequest): Promise<GatewayResult> {
      const redirectResult = request.details.redirectResult;
      if (typeof redirectResult !== "string" || redirectResult === "") throw new GatewayRejectedError("details.redirectResult is required", "14_0");
      const check = checkToken(await tokenKey(), "result", redirectResult, RedirectResultSchema, now());
      if (check.status !== "valid") throw new GatewayRejectedError(`details.redirectResult is ${check.status}`, "14_0");
      const row = await outcomes.find(check.payload.psp);
      if (!row) throw new GatewayRejectedError("details.redirectResult names no payment", "14_0");
      return resultOf(row);
    },

    cancel(request: CancelRequest) {
      return modification("CANCELLATION", request, (original) => (original.resultCode === "Authorised" ? undefined : "Payment not authorised"));
    },

    refund(request: RefundRequest) {
      return modification("REFUND", request, (original) => {
        if (original.resultCode !== "Authorised") return "Payment not authorised";
        return request.amount.value > original.amountCents ? "Refund amount exceeds the authorised amount" : undefined;
      });
    },

    async verifyNotification(item: NotificationItem) {
      return notificationSignatureValid(item, await notificationKey());
    },
  };
}
