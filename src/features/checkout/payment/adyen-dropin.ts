// The payment provider's component (Adyen Drop-in, advanced flow), loaded only on the payment step
// once the 'payment' consent is given, with its styles. It shows the methods the server listed, hands
// the shopper's 'Pay' and the results of its actions to the flow, and performs the actions the
// server's answers ask for (a redirect to the bank, a 3-D Secure step in place).
// With the embedded sandbox nothing may leave the shop: Adyen's own addresses (analytics, icons,
// texts) point at the sandbox's path; the texts are the shop's own (the catalogue's payment.dropin.*).
import { AdyenCheckout, Card, Dropin, type CoreConfiguration, type PaymentAction, type PaymentMethodsResponse, type RawPaymentMethod } from "@adyen/adyen-web";
import "@adyen/adyen-web/styles/adyen.css";
import { SANDBOX_DROP_IN_PATH, type RuntimeConfig } from "../../../../common/runtime-config.ts";
import type { PaymentResult, ProviderData } from "../../../../machines/payment/payment.types.ts";
import type { PendingSubmission } from "../../../app/payment-flow.ts";

export interface DropinOptions {
  container: HTMLElement;
  /** The methods as the server listed them (the provider's answer, passed on as is). */
  paymentMethods: { paymentMethods: Record<string, unknown>[] };
  /** In cents. */
  amount: number;
  locale: "fr-FR" | "en-US";
  /** The component's texts in the shop's catalogue, by the provider's keys. */
  translations: Record<string, string>;
  payment: RuntimeConfig["payment"];
  origin: string;
  onSubmit: (data: { paymentMethod: ProviderData; browserInfo: ProviderData | null }, pending: PendingSubmission) => void;
  onAdditionalDetails: (data: { details: ProviderData; paymentData: string | null }, pending: PendingSubmission) => void;
  onReady: () => void;
  onError: () => void;
}

export interface MountedDropin {
  unmount: () => void;
}

function isPaymentAction(value: unknown): value is PaymentAction {
  return typeof value === "object" && value !== null && "type" in value && typeof value.type === "string";
}

function isRawPaymentMethod(value: unknown): value is RawPaymentMethod {
  return typeof value === "object" && value !== null && "type" in value && typeof value.type === "string";
}

function methodsOf(answer: DropinOptions["paymentMethods"]): PaymentMethodsResponse {
  return { paymentMethods: answer.paymentMethods.flatMap((method) => (isRawPaymentMethod(method) ? [method] : [])) };
}

/** The server's answer as the component reads it. */
function responseOf(result: PaymentResult) {
  return { resultCode: result.resultCode, ...(isPaymentAction(result.action) ? { action: result.action } : {}) };
}

function environmentOf(payment: RuntimeConfig["payment"], origin: string): Pick<CoreConfiguration, "environment" | "clientKey" | "_environmentUrls"> {
  if (payment.provider === "adyen") return { environment: payment.environment, ...(payment.clientKey ? { clientKey: payment.clientKey } : {}) };
  const local = `${origin}${SANDBOX_DROP_IN_PATH}`;
  return { environment: "test", _environmentUrls: { api: local, analytics: `${local}analytics/`, cdn: { images: local, translations: local } } };
}

export async function mountDropin(options: DropinOptions): Promise<MountedDropin> {
  const checkout = await AdyenCheckout({
    ...environmentOf(options.payment, options.origin),
    locale: options.locale,
    translations: { [options.locale]: options.translations },
    countryCode: "FR",
    amount: { value: options.amount, currency: "EUR" },
    paymentMethodsResponse: methodsOf(options.paymentMethods),
    analytics: { enabled: false },
    onSubmit: (state, _component, actions) => {
      options.onSubmit(
        { paymentMethod: { ...state.data.paymentMethod }, browserInfo: state.data.browserInfo ? { ...state.data.browserInfo } : null },
        { resolve: (result) => actions.resolve(responseOf(result)), reject: () => actions.reject() },
      );
    },
    onAdditionalDetails: (state, _component, actions) => {
      options.onAdditionalDetails(
        { details: { ...state.data.details }, paymentData: state.data.paymentData ?? null },
        { resolve: (result) => actions.resolve(responseOf(result)), reject: () => actions.reject() },
      );
    },
    onError: () => options.onError(),
  });
  const dropin = new Dropin(checkout, {
    paymentMethodComponents: [Card],
    // The shop's own pages say what happened; the component's final animation would say it twice.
    disableFinalAnimation: true,
    showStoredPaymentMethods: false,
    openFirstPaymentMethod: true,
    onReady: () => options.onReady(),
  }).mount(options.container);
  return { unmount: () => dropin.unmount() };
}
