// The payment port on Adyen's Checkout API, through Adyen's Node library: payment methods,
// payments and their details, cancellations and refunds, each with the shop's idempotency key;
// Adyen's answers mapped to the port's shapes; unreachable or failing (network, 5xx, credentials)
// → GatewayUnavailableError, a request Adyen finds invalid (422) → GatewayRejectedError.
// Notifications are checked against the webhook's HMAC key.
import adyenLibrary, { EnvironmentEnum, Types } from "@adyen/api-library";
import type { PaymentConfig } from "../../config.ts";
import { notificationSignatureValid } from "../../modules/payment/notification-hmac.ts";
import {
  GatewayRejectedError,
  GatewayUnavailableError,
  type GatewayResult,
  type GatewayResultCode,
  type PaymentGateway,
} from "../../modules/payment/payment-gateway.ts";
import { browserInfoOf, cardDetailsOf } from "./adyen-requests.ts";

// Node's ES module loader finds these only on the package's default export (it is CommonJS).
const { CheckoutAPI, Client, HttpClientException } = adyenLibrary;

export type AdyenSettings = Extract<PaymentConfig, { provider: "adyen" }>;

/** Long enough for a slow answer, short enough for a shopper waiting behind the pay button. */
const ADYEN_TIMEOUT_MS = 20_000;

const RESULT_CODES: readonly GatewayResultCode[] = [
  "Authorised",
  "Refused",
  "RedirectShopper",
  "ChallengeShopper",
  "IdentifyShopper",
  "Pending",
  "Received",
  "Error",
  "Cancelled",
];

/** A library object as the plain record the port hands on (Drop-in reads it as it is). */
const plain = (value: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined && item !== null));

interface AdyenAnswer {
  resultCode?: string;
  pspReference?: string;
  merchantReference?: string;
  action?: object | null;
  refusalReason?: string;
  paymentMethod?: { type?: string; brand?: string } | null;
}

function resultOf(answer: AdyenAnswer): GatewayResult {
  const resultCode = RESULT_CODES.find((code) => code === answer.resultCode);
  if (!resultCode) throw new GatewayUnavailableError(`Adyen answered an unexpected result code: ${String(answer.resultCode)}`);
  return {
    resultCode,
    ...(answer.pspReference ? { pspReference: answer.pspReference } : {}),
    ...(answer.merchantReference ? { merchantReference: answer.merchantReference } : {}),
    ...(answer.action ? { action: plain(answer.action) } : {}),
    ...(answer.refusalReason ? { refusalReason: answer.refusalReason } : {}),
    ...(answer.paymentMethod ? { paymentMethod: { type: answer.paymentMethod.type, brand: answer.paymentMethod.brand } } : {}),
  };
}

/** What Adyen's failure means for the shop. */
function gatewayError(error: unknown): Error {
  if (error instanceof HttpClientException) {
    const message = error.apiError?.message ?? error.message;
    if (error.statusCode === 422 || error.statusCode === 400) return new GatewayRejectedError(message, error.apiError?.errorCode ?? error.errorCode);
    if (error.statusCode === 401 || error.statusCode === 403) return new GatewayUnavailableError(`Adyen refused the shop's API key (${error.statusCode})`, { cause: error });
    return new GatewayUnavailableError(`Adyen answered ${error.statusCode}: ${message}`, { cause: error });
  }
  return new GatewayUnavailableError("Adyen could not be reached", { cause: error });
}

async function calling<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw gatewayError(error);
  }
}

export function adyenGateway(settings: AdyenSettings): PaymentGateway {
  const client = new Client({
    apiKey: settings.apiKey,
    environment: settings.environment === "live" ? EnvironmentEnum.LIVE : EnvironmentEnum.TEST,
    ...(settings.liveUrlPrefix ? { liveEndpointUrlPrefix: settings.liveUrlPrefix } : {}),
  });
  client.setTimeouts(ADYEN_TIMEOUT_MS);
  const checkout = new CheckoutAPI(client);
  const { merchantAccount } = settings;
  const web = Types.checkout.PaymentRequest.ChannelEnum.Web;

  return {
    kind: "adyen",
    clientConfig: { clientKey: settings.clientKey, environment: settings.environment },

    async paymentMethods(query) {
      const answer = await calling(() =>
        checkout.PaymentsApi.paymentMethods({
          merchantAccount,
          amount: query.amount,
          countryCode: query.countryCode,
          shopperLocale: query.shopperLocale,
          channel: Types.checkout.PaymentMethodsRequest.ChannelEnum.Web,
          ...(query.shopperReference ? { shopperReference: query.shopperReference } : {}),
        }),
      );
      return {
        paymentMethods: (answer.paymentMethods ?? []).map(plain),
        ...(answer.storedPaymentMethods ? { storedPaymentMethods: answer.storedPaymentMethods.map(plain) } : {}),
      };
    },

    async payments(request) {
      const paymentMethod = cardDetailsOf(request.paymentMethod);
      const browserInfo = browserInfoOf(request.browserInfo);
      const answer = await calling(() =>
        checkout.PaymentsApi.payments(
          {
            merchantAccount,
            reference: request.reference,
            amount: request.amount,
            paymentMethod,
            returnUrl: request.returnUrl,
            channel: web,
            countryCode: request.countryCode,
            shopperLocale: request.shopperLocale,
            shopperReference: request.shopperReference,
            lineItems: request.lineItems,
            // Drop-in shows the 3-D Secure 2 challenge in the page rather than redirecting away.
            authenticationData: { threeDSRequestData: { nativeThreeDS: Types.checkout.ThreeDSRequestData.NativeThreeDSEnum.Preferred } },
            ...(browserInfo ? { browserInfo } : {}),
            ...(request.origin ? { origin: request.origin } : {}),
            ...(request.shopperIP ? { shopperIP: request.shopperIP } : {}),
            ...(request.shopperEmail ? { shopperEmail: request.shopperEmail } : {}),
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return resultOf(answer);
    },

    async paymentDetails(request) {
      const answer = await calling(() =>
        checkout.PaymentsApi.paymentsDetails(
          { details: request.details, ...(request.paymentData ? { paymentData: request.paymentData } : {}) },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return resultOf(answer);
    },

    async cancel(request) {
      const answer = await calling(() =>
        checkout.ModificationsApi.cancelAuthorisedPaymentByPspReference(
          request.pspReference,
          { merchantAccount, reference: request.reference },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return { pspReference: answer.pspReference, status: "received" };
    },

    async refund(request) {
      const answer = await calling(() =>
        checkout.ModificationsApi.refundCapturedPayment(
          request.pspReference,
          { merchantAccount, reference: request.reference, amount: request.amount },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return { pspReference: answer.pspReference, status: "received" };
    },

    async verifyNotification(item) {
      return notificationSignatureValid(item, settings.hmacKey);
    },
  };
}
