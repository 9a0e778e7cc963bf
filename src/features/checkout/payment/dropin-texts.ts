// The payment component's texts that the shop shows in the sandbox, from the shop's catalogue, by the
// provider's own keys. The package carries English only; with Adyen configured, the provider's French
// texts come with its card fields and these take precedence.
type Translate = (id: string) => string;

const TEXT_IDS: Record<string, string> = {
  payButton: "payment.dropin.pay",
  "payButton.redirecting": "payment.dropin.redirecting",
  continue: "payment.dropin.continue",
  continueTo: "payment.dropin.continueTo",
  "paymentMethodsList.aria.label": "payment.dropin.choose",
  "paymentMethodsList.otherPayments.label": "payment.dropin.otherMethods",
  "paymentMethodsList.storedPayments.label": "payment.dropin.storedMethods",
  "error.subtitle.payment": "payment.error",
  "error.message.unknown": "payment.error",
};

export function dropinTexts(translate: Translate): Record<string, string> {
  return Object.fromEntries(Object.entries(TEXT_IDS).map(([key, id]) => [key, translate(id)]));
}
