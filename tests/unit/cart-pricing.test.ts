import { describe, expect, it } from "vitest";
import { cartTotals, couponReductionCents, shareInProportion, sumPrices } from "../../server/modules/cart/cart-pricing.ts";

describe("cart pricing", () => {
  it("shares a reduction in proportion, the shares adding up exactly", () => {
    expect(shareInProportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareInProportion(847, [5970, 2500])).toEqual([597, 250]);
    expect(shareInProportion(0, [10, 20])).toEqual([0, 0]);
    expect(shareInProportion(5, [0, 0])).toEqual([0, 0]);
    const cases: [number, number[]][] = [
      [1, [3, 3, 3]],
      [999, [1, 2, 3, 4, 5, 6, 7]],
      [12_345, [1990, 2500, 1, 0, 777]],
    ];
    for (const [amount, weights] of cases) {
      const shares = shareInProportion(amount, weights);
      const total = weights.reduce((sum, weight) => sum + weight, 0);
      expect(shares.reduce((sum, share) => sum + share, 0)).toBe(amount);
      shares.forEach((share, index) => expect(Math.abs(share - (amount * (weights[index] ?? 0)) / total)).toBeLessThan(1));
    }
  });

  it("never takes off more than the paid lines", () => {
    expect(couponReductionCents({ kind: "AMOUNT", amountOffCents: 1500, minimumBasketCents: 0 }, 1000)).toBe(1000);
    expect(couponReductionCents({ kind: "PERCENT", percentOffBp: 1000, minimumBasketCents: 0 }, 1005)).toBe(101);
    expect(couponReductionCents({ kind: "GIFT", minimumBasketCents: 0 }, 1005)).toBe(0);
  });

  it("gives a total the lines' rate when they share one, the effective rate otherwise, ignoring free lines", () => {
    const at = (taxIncluded: number, taxFree: number, taxRateBp: number) => ({
      price: { taxIncluded, taxFree, taxRate: taxRateBp / 100, taxAmount: taxIncluded - taxFree },
      taxRateBp,
    });
    expect(sumPrices([at(1001, 834, 2000), at(1001, 834, 2000)]).taxRate).toBe(20);
    expect(sumPrices([at(5970, 4975, 2000), at(2500, 2370, 550)]).taxRate).toBe(15.32);
    expect(sumPrices([at(2500, 2370, 550), at(0, 0, 2000)]).taxRate).toBe(5.5);
    expect(sumPrices([])).toEqual({ taxIncluded: 0, taxFree: 0, taxRate: 0, taxAmount: 0 });
  });

  it("computes a special price whose tax is the tax on what is paid", () => {
    const lines = [
      { unitCents: 1990, quantity: 3, taxRateBp: 2000, isGift: false },
      { unitCents: 2500, quantity: 1, taxRateBp: 550, isGift: false },
      { unitCents: 1200, quantity: 1, taxRateBp: 2000, isGift: true },
    ];
    const { totalPrice, specialPrice } = cartTotals(lines, { kind: "PERCENT", percentOffBp: 1000, minimumBasketCents: 0 });
    expect(totalPrice).toEqual({ taxIncluded: 8470, taxFree: 7345, taxRate: 15.32, taxAmount: 1125 });
    expect(specialPrice).toEqual({ taxIncluded: 7623, taxFree: 6611, taxRate: 15.31, taxAmount: 1012 });
    expect(cartTotals(lines, null).specialPrice).toBeNull();
  });
});
