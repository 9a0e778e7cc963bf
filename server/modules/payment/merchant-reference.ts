// The merchant reference a payment attempt is sent to the provider with: the cart's uuid and the
// attempt's id. The provider echoes it in every answer and notification, so each one names its
// attempt even before the provider's own reference is known, and a late answer of an abandoned
// attempt is never taken for the next attempt's.
const PATTERN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([1-9]\d{0,9})$/i;

export function merchantReferenceOf(cartUuid: string, paymentId: number): string {
  return `${cartUuid.toLowerCase()}.${paymentId}`;
}

export function parseMerchantReference(reference: string | undefined): { cartUuid: string; paymentId: number } | null {
  const match = PATTERN.exec(reference ?? "");
  if (!match?.[1] || !match[2]) return null;
  return { cartUuid: match[1].toLowerCase(), paymentId: Number(match[2]) };
}
