// Card brands as the payment provider names them (its `brand`, or the payment method's type), with
// the name a reader knows: the invoice and e-mail (server) and the account's orders (SPA) say them.
const CARD_BRANDS: Record<string, string> = {
  visa: "Visa",
  mc: "Mastercard",
  amex: "American Express",
  cartebancaire: "Carte Bancaire",
  cup: "UnionPay",
  diners: "Diners Club",
  discover: "Discover",
  jcb: "JCB",
  maestro: "Maestro",
};

/** The brand's name of a card payment, or null when the method names no brand (a card in general). */
export function cardBrandOf(method: string | null): string | null {
  return method === null ? null : (CARD_BRANDS[method.toLowerCase()] ?? null);
}
