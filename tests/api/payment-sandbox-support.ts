// What the payment sandbox's tests share: a payment request as the shop's payment step makes it.
import { randomUUID } from "node:crypto";
import type { PaymentRequest } from "../../server/modules/payment/payment-gateway.ts";

/** The shop's return page (SPEC: /commande/paiement/retour) with the cart's uuid. */
export const RETURN_URL = "http://localhost:3000/fr/commande/paiement/retour?cartUuid=3f0c1b9e-8d7a-4c55-9a63-2b1e6f4d8c10";

export function sandboxPayment(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  return {
    reference: randomUUID(),
    amount: { value: 4200, currency: "EUR" },
    paymentMethod: { type: "sandbox_card" },
    returnUrl: RETURN_URL,
    lineItems: [{ id: "1", description: "Écharpe", quantity: 1, amountIncludingTax: 4200, taxPercentage: 2000 }],
    shopperReference: randomUUID(),
    shopperLocale: "fr-FR",
    countryCode: "FR",
    channel: "Web",
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}
