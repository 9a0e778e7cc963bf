// The payment port: what the shop asks of a card payment provider, in the shapes of Adyen's
// Checkout API (v71) so that the SPA's Drop-in reads either adapter's answers as they are.
// Two adapters: Adyen's Checkout API (server/adapters/adyen/, when ADYEN_* is configured) and the
// embedded sandbox (server/adapters/payment-sandbox/, the offline default).

/** An amount in minor units (euro cents). */
export interface GatewayAmount {
  value: number;
  currency: "EUR";
}

export interface GatewayLineItem {
  id?: string;
  description: string;
  quantity: number;
  amountIncludingTax: number;
  amountExcludingTax?: number;
  /** Hundredths of a percent (2000 = 20 %). */
  taxPercentage?: number;
}

export interface PaymentMethodsQuery {
  amount: GatewayAmount;
  countryCode: string;
  /** `fr-FR`, `en-US`. */
  shopperLocale: string;
  channel: "Web";
  shopperReference?: string;
}

/** The provider's list of methods, handed to Drop-in as it is. */
export interface PaymentMethodsAnswer {
  paymentMethods: Record<string, unknown>[];
  [key: string]: unknown;
}

export interface PaymentRequest {
  /**
   * The merchant reference of the attempt: the uuid of the cart paid and the attempt's id
   * (`<cart uuid>.<id>`, merchant-reference.ts), echoed as `merchantReference` by every answer and notification.
   */
  reference: string;
  amount: GatewayAmount;
  /** The payment method data produced by Drop-in (encrypted card fields, or the sandbox's test card). */
  paymentMethod: Record<string, unknown>;
  browserInfo?: Record<string, unknown>;
  returnUrl: string;
  /** The shop's origin, for the 3-D Secure native flow. */
  origin?: string;
  lineItems: GatewayLineItem[];
  shopperIP?: string;
  shopperReference: string;
  shopperEmail?: string;
  shopperLocale: string;
  countryCode: string;
  channel: "Web";
  /** Sent as Adyen's `Idempotency-Key`: a retried request never makes a second payment. */
  idempotencyKey: string;
}

export interface PaymentDetailsRequest {
  details: Record<string, unknown>;
  paymentData?: string;
  idempotencyKey: string;
}

export type GatewayResultCode =
  | "Authorised"
  | "Refused"
  | "RedirectShopper"
  | "ChallengeShopper"
  | "IdentifyShopper"
  | "Pending"
  | "Received"
  | "Error"
  | "Cancelled";

/** The provider's answer to a payment or to its details. */
export interface GatewayResult {
  resultCode: GatewayResultCode;
  pspReference?: string;
  /** The merchant reference the payment was made with (`PaymentRequest.reference`). */
  merchantReference?: string;
  /** What Drop-in must do next (redirect, 3-D Secure challenge), as the provider gave it. */
  action?: Record<string, unknown>;
  refusalReason?: string;
  /** The method used: its type and, for cards, the brand (visa, mc…). */
  paymentMethod?: { type?: string; brand?: string };
}

export interface CancelRequest {
  pspReference: string;
  reference: string;
  idempotencyKey: string;
}

export interface RefundRequest {
  pspReference: string;
  reference: string;
  amount: GatewayAmount;
  idempotencyKey: string;
}

/** Accepted for processing: the outcome comes later as a notification (CANCELLATION, REFUND). */
export interface ModificationAnswer {
  pspReference: string;
  status: "received";
}

/** One item of a notification (Adyen's `NotificationRequestItem`), as the webhook receives it. */
export interface NotificationItem {
  pspReference: string;
  originalReference?: string;
  merchantReference: string;
  merchantAccountCode: string;
  eventCode: string;
  eventDate: string;
  /** "true" or "false", as Adyen sends it. */
  success: "true" | "false";
  amount: { value: number; currency: string };
  paymentMethod?: string;
  reason?: string;
  additionalData?: Record<string, string>;
}

export interface PaymentGateway {
  /** `adyen` or `sandbox`: told to the SPA so that Drop-in knows which environment it talks to. */
  readonly kind: "adyen" | "sandbox";
  /** The client key and environment Drop-in is configured with. */
  readonly clientConfig: { clientKey: string; environment: string };
  paymentMethods(query: PaymentMethodsQuery): Promise<PaymentMethodsAnswer>;
  payments(request: PaymentRequest): Promise<GatewayResult>;
  paymentDetails(request: PaymentDetailsRequest): Promise<GatewayResult>;
  /** Cancels an authorised payment not captured yet (a paid order the shop cannot deliver). */
  cancel(request: CancelRequest): Promise<ModificationAnswer>;
  refund(request: RefundRequest): Promise<ModificationAnswer>;
  /** Whether a notification item carries a valid HMAC signature (Adyen's `additionalData.hmacSignature`). */
  verifyNotification(item: NotificationItem): Promise<boolean>;
}

/** The provider could not be reached or answered something unusable: the API answers 502. */
export class GatewayUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "GatewayUnavailableError";
  }
}

/** The provider turned the request down as invalid (Adyen's 422 validation errors). */
export class GatewayRejectedError extends Error {
  constructor(
    message: string,
    readonly errorCode?: string,
  ) {
    super(message);
    this.name = "GatewayRejectedError";
  }
}
