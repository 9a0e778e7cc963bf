// Cart arithmetic, in integer euro cents. Offers carry tax-included prices and a tax rate; the
// tax-free amounts are derived.
//
// Rounding, so that every amount shown is exact to the cent and every total is the sum of its lines:
// - a line's tax-included total is its unit price (the discount price when the offer is on sale)
//   times the quantity; gift lines cost 0;
// - a line's tax-free amount is that total divided by (1 + rate), rounded to the nearest cent
//   (halves up); its tax is the difference. It is computed on the line total, not per unit, so
//   3 × 19.90 € gives the same tax as one 59.70 € line;
// - cart totals add the lines' tax-included and tax-free amounts; the tax rate of a total is the
//   lines' rate when they share one, else the effective rate (tax ÷ tax-free × 100, two decimals);
// - a coupon's reduction is computed once on the paid lines' tax-included total (a percentage is
//   rounded to the nearest cent; a fixed amount never exceeds that total), then shared among the
//   lines in proportion to their totals (largest remainder, so the shares add up exactly), and
//   each line's tax is recomputed on what is left: the tax in `specialPrice` is the tax on what
//   the shopper actually pays, rate by rate;
// - shipping is added to both totals once every shipment has a method (each shipment's price is
//   tax-included with its method's rate, its tax-free amount derived the same way); a coupon
//   never reduces it.
import type { components } from "../../../common/api/schema.gen.ts";
import { priceOf } from "../catalog/catalog-repository.ts";

export type Price = components["schemas"]["Price"];

export interface PricedLine {
  /** Tax-included unit price actually charged (the discount price when on sale). */
  unitCents: number;
  quantity: number;
  taxRateBp: number;
  isGift: boolean;
}

export type CouponRule =
  | { kind: "PERCENT"; percentOffBp: number; minimumBasketCents: number }
  | { kind: "AMOUNT"; amountOffCents: number; minimumBasketCents: number }
  | { kind: "GIFT"; minimumBasketCents: number };

export interface CartTotals {
  /** Every line, plus shipping once it is known. */
  totalPrice: Price;
  /** The total after the coupon; null without coupon. */
  specialPrice: Price | null;
}

/** Tax-included total of a line in cents. */
function lineTotalCents(line: PricedLine): number {
  return line.isGift ? 0 : line.unitCents * line.quantity;
}

/** The line's price: its tax-included total and the tax-free amount derived from it. */
export function linePrice(line: PricedLine): Price {
  return priceOf(lineTotalCents(line), line.taxRateBp);
}

/** Adds prices; the rate is the shared one, else the effective one. */
export function sumPrices(parts: { price: Price; taxRateBp: number }[]): Price {
  const taxIncluded = parts.reduce((sum, part) => sum + part.price.taxIncluded, 0);
  const taxFree = parts.reduce((sum, part) => sum + part.price.taxFree, 0);
  const taxAmount = taxIncluded - taxFree;
  // Free lines (gifts) cost no tax: they do not make a total "mixed-rate".
  const charged = parts.filter((part) => part.price.taxIncluded !== 0);
  const rates = new Set((charged.length > 0 ? charged : parts).map((part) => part.taxRateBp));
  const [onlyRate] = rates;
  const taxRate =
    rates.size === 1 && onlyRate !== undefined ? onlyRate / 100 : taxFree === 0 ? 0 : Math.round((taxAmount / taxFree) * 10_000) / 100;
  return { taxIncluded, taxFree, taxRate, taxAmount };
}

/** Tax-included total of the lines the shopper pays for. */
function paidTotalCents(lines: PricedLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
}

/** Whether a coupon may apply to (or stay on) a cart whose paid lines total this much. */
export function couponHolds(rule: Pick<CouponRule, "minimumBasketCents">, paidCents: number): boolean {
  return paidCents > 0 && paidCents >= rule.minimumBasketCents;
}

/** The amount a coupon takes off paid lines totalling `paidCents`. */
export function couponReductionCents(rule: CouponRule, paidCents: number): number {
  switch (rule.kind) {
    case "PERCENT":
      return Math.min(paidCents, Math.round((paidCents * rule.percentOffBp) / 10_000));
    case "AMOUNT":
      return Math.min(paidCents, rule.amountOffCents);
    case "GIFT":
      return 0;
  }
}

/** Shares `amount` among `weights` in proportion (largest remainder): the shares add up to `amount`. */
export function shareInProportion(amount: number, weights: number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (amount * weight) / total);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** A price added to the lines' (shipping), with its rate. */
export interface Charge {
  price: Price;
  taxRateBp: number;
}

/** The cart's total, and with a coupon the total after it (see the rounding rules above). */
export function cartTotals(lines: PricedLine[], coupon: CouponRule | null, shipping: readonly Charge[] = []): CartTotals {
  const priced = lines.map((line) => ({ price: linePrice(line), taxRateBp: line.taxRateBp }));
  const totalPrice = sumPrices([...priced, ...shipping]);
  if (!coupon) return { totalPrice, specialPrice: null };
  const reduction = couponReductionCents(coupon, paidTotalCents(lines));
  const shares = shareInProportion(reduction, lines.map(lineTotalCents));
  const reduced = lines.map((line, index) => ({
    price: priceOf(lineTotalCents(line) - (shares[index] ?? 0), line.taxRateBp),
    taxRateBp: line.taxRateBp,
  }));
  return { totalPrice, specialPrice: sumPrices([...reduced, ...shipping]) };
}
