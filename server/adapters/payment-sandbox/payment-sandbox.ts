// The embedded payment sandbox: the payment port answered in the Adyen Checkout API's own shapes,
// offline, from Adyen's documented test cards (test-cards.ts). Drop-in cannot load Adyen's hosted
// card fields offline, so the sandbox lists a method of its own that Drop-in shows as a pay button:
// paying redirects the shopper to the sandbox's issuer pages on this server (card form, 3-D Secure
// challenge: sandbox-issuer.ts), which send the browser back to the return address with a
// `redirectResult`. A card can also be sent directly (`scheme` with Adyen's unencrypted test
// fields). Outcomes are final once decided, and notified to the webhook as Adyen notifies them.
import type { Database } from "../../db/client.ts";
import { notificationSignatureValid } from "../../modules/payment/notification-hmac.ts";
import { GatewayRejectedError, type GatewayResult, type PaymentGateway, type PaymentRequest } from "../../modules/payment/payment-gateway.ts";
import { createSandboxIssuer, type SandboxIssuer } from "./sandbox-issuer.ts";
import { createSandboxKit, outcomeOf } from "./sandbox-kit.ts";
import { sandboxModification } from "./sandbox-modifications.ts";
import { RedirectResultSchema, resultOf, SANDBOX_METHOD_TYPE, type PendingPayment, type SandboxLocale } from "./sandbox-payments.ts";
import { checkToken } from "./sandbox-tokens.ts";
import { cardEntryOfPaymentMethod } from "./scheme-card.ts";
import { decideCard } from "./test-cards.ts";

/** The client key Drop-in is given for the sandbox: of the test form Drop-in accepts; it opens nothing. */
export const SANDBOX_CLIENT_KEY = "test_ESCALEPAYMENTSANDBOX00000000000";

const METHOD_NAMES: Record<SandboxLocale, string> = { fr: "Carte de test (bac à sable)", en: "Test card (sandbox)" };

export interface PaymentSandbox extends PaymentGateway {
  readonly kind: "sandbox";
  /** What the issuer pages ask of the sandbox (sandbox-routes.ts). */
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

/** The longest return address the sandbox carries in its pages' addresses (their tokens stay under MAX_TOKEN_LENGTH). */
const MAX_RETURN_URL_LENGTH = 2000;

const localeOf = (shopperLocale: string): SandboxLocale => (shopperLocale.toLowerCase().startsWith("en") ? "en" : "fr");

/** What Adyen would turn down before looking at the card. */
function checkRequest(request: PaymentRequest): void {
  if (!Number.isSafeInteger(request.amount.value) || request.amount.value < 0) throw new GatewayRejectedError("amount.value must be a whole number of cents", "137");
  if (!request.reference || request.reference.length > 80) throw new GatewayRejectedError("reference is required (at most 80 characters)", "130");
  if (request.returnUrl.length > MAX_RETURN_URL_LENGTH) throw new GatewayRejectedError(`returnUrl must have at most ${MAX_RETURN_URL_LENGTH} characters`, "14_004");
  let url: URL;
  try {
    url = new URL(request.returnUrl);
  } catch {
    throw new GatewayRejectedError("returnUrl must be an absolute URL", "14_004");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new GatewayRejectedError("returnUrl must be an http(s) URL", "14_004");
}

export function paymentSandbox(options: PaymentSandboxOptions): PaymentSandbox {
  const kit = createSandboxKit({ db: options.db, publicUrl: options.publicUrl, secret: options.secret, now: options.now ?? (() => new Date()) });
  const { outcomes } = kit;

  return {
    kind: "sandbox",
    clientConfig: { clientKey: SANDBOX_CLIENT_KEY, environment: "test" },
    issuer: createSandboxIssuer(kit),

    async paymentMethods(query) {
      return { paymentMethods: [{ type: SANDBOX_METHOD_TYPE, name: METHOD_NAMES[localeOf(query.shopperLocale)] }] };
    },

    async payments(request): Promise<GatewayResult> {
      checkRequest(request);
      const payment: PendingPayment = {
        psp: await kit.pspReferenceFor(request.idempotencyKey),
        ref: request.reference,
        amt: request.amount.value,
        cur: request.amount.currency,
        ret: request.returnUrl,
        loc: localeOf(request.shopperLocale),
      };
      const redirect = (url: string): GatewayResult => ({ resultCode: "RedirectShopper", pspReference: payment.psp, merchantReference: payment.ref, action: kit.redirectAction(url) });
      const type = request.paymentMethod.type;
      if (type === SANDBOX_METHOD_TYPE) return redirect(await kit.payPageUrl(payment));
      if (type !== "scheme") throw new GatewayRejectedError(`paymentMethod.type ${String(type)} is not available in the payment sandbox`, "905_1");
      const decided = await outcomes.find(payment.psp);
      if (decided) return resultOf(decided);
      const decision = decideCard(cardEntryOfPaymentMethod(request.paymentMethod), kit.now());
      if (decision.kind === "challenge") return redirect(await kit.challengeUrl(payment, decision));
      return resultOf(await outcomes.decide(payment, outcomeOf(decision)));
    },

    async paymentDetails(request) {
      const redirectResult = request.details.redirectResult;
      if (typeof redirectResult !== "string" || redirectResult === "") throw new GatewayRejectedError("details.redirectResult is required", "14_0");
      const check = checkToken(await kit.tokenKey(), "result", redirectResult, RedirectResultSchema, kit.now());
      if (check.status !== "valid") throw new GatewayRejectedError(`details.redirectResult is ${check.status}`, "14_0");
      const row = await outcomes.find(check.payload.psp);
      if (!row) throw new GatewayRejectedError("details.redirectResult names no payment", "14_0");
      return resultOf(row);
    },

    cancel: (request) => sandboxModification(kit, request),
    refund: (request) => sandboxModification(kit, request),

    async verifyNotification(item) {
      return notificationSignatureValid(item, await kit.notificationKey());
    },
  };
}
