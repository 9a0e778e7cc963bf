// The port's requests in the Checkout API's request models. The shop takes card payments only:
// Drop-in's card data (`scheme`, encrypted by Adyen's hosted fields, or a stored card) is checked
// field by field here, so that nothing but those fields reaches Adyen.
import { Types } from "@adyen/api-library";
import * as v from "valibot";
import { GatewayRejectedError, type PaymentRequest } from "../../modules/payment/payment-gateway.ts";

type CardDetails = Types.checkout.CardDetails;
type BrowserInfo = Types.checkout.BrowserInfo;

const text = v.optional(v.pipe(v.string(), v.maxLength(10_000)));

const CardDetailsSchema = v.object({
  type: v.literal("scheme"),
  encryptedCardNumber: text,
  encryptedExpiryMonth: text,
  encryptedExpiryYear: text,
  encryptedSecurityCode: text,
  encryptedCard: text,
  holderName: v.optional(v.pipe(v.string(), v.maxLength(100))),
  brand: v.optional(v.pipe(v.string(), v.maxLength(50))),
  checkoutAttemptId: v.optional(v.pipe(v.string(), v.maxLength(200))),
  storedPaymentMethodId: v.optional(v.pipe(v.string(), v.maxLength(100))),
  sdkData: text,
});

const BrowserInfoSchema = v.object({
  acceptHeader: v.pipe(v.string(), v.maxLength(1000)),
  colorDepth: v.number(),
  javaEnabled: v.boolean(),
  javaScriptEnabled: v.optional(v.boolean()),
  language: v.pipe(v.string(), v.maxLength(50)),
  screenHeight: v.number(),
  screenWidth: v.number(),
  timeZoneOffset: v.number(),
  userAgent: v.pipe(v.string(), v.maxLength(1000)),
});

const firstPath = (issues: v.BaseIssue<unknown>[]) => issues[0]?.path?.map((item) => String(item.key)).join(".");

export function cardDetailsOf(paymentMethod: PaymentRequest["paymentMethod"]): CardDetails {
  const parsed = v.safeParse(CardDetailsSchema, paymentMethod);
  if (!parsed.success) {
    const path = firstPath(parsed.issues);
    throw new GatewayRejectedError(path === "type" ? "paymentMethod.type must be scheme (card payment)" : `paymentMethod.${path ?? "type"} is invalid`);
  }
  return { ...parsed.output, type: Types.checkout.CardDetails.TypeEnum.Scheme };
}

export function browserInfoOf(browserInfo: PaymentRequest["browserInfo"]): BrowserInfo | undefined {
  if (browserInfo === undefined) return undefined;
  const parsed = v.safeParse(BrowserInfoSchema, browserInfo);
  if (!parsed.success) throw new GatewayRejectedError(`browserInfo.${firstPath(parsed.issues) ?? ""} is invalid`);
  return parsed.output;
}
