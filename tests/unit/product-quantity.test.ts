// The quantity a shopper may put in the cart: between the offer's minimal order quantity (at
// least 1) and the lesser of its stock and its maximal order quantity.
import { describe, expect, it } from "vitest";
import type { Offer } from "../../src/api/queries/product.ts";
import { askedQuantity, clampQuantity, quantityBounds } from "../../src/features/product/quantity-selector.tsx";

const price = { taxIncluded: 1200, taxFree: 1000, taxRate: 20, taxAmount: 200 };

function offer(overrides: Partial<Offer>): Offer {
  return {
    id: 1,
    shop: { id: 1, name: "Shop" },
    pickingDelay: 1,
    stockQuantity: 50,
    logisticClass: "SMALL",
    regularPrice: price,
    discountPrice: null,
    minimalOrderQuantity: 1,
    maximalOrderQuantity: 10,
    ...overrides,
  };
}

describe("quantityBounds", () => {
  it("caps at the maximal order quantity when the stock is larger", () => {
    expect(quantityBounds(offer({ stockQuantity: 50, maximalOrderQuantity: 10 }))).toEqual({ min: 1, max: 10 });
  });

  it("caps at the stock when it is below the maximal order quantity", () => {
    expect(quantityBounds(offer({ stockQuantity: 3, maximalOrderQuantity: 10 }))).toEqual({ min: 1, max: 3 });
  });

  it("caps at the stock alone when the offer has no maximum", () => {
    expect(quantityBounds(offer({ stockQuantity: 42, maximalOrderQuantity: null }))).toEqual({ min: 1, max: 42 });
  });

  it("starts at the minimal order quantity, and never below one", () => {
    expect(quantityBounds(offer({ minimalOrderQuantity: 4 })).min).toBe(4);
    expect(quantityBounds(offer({ minimalOrderQuantity: 0 })).min).toBe(1);
  });

  it("leaves nothing orderable when the stock is below the minimal order quantity", () => {
    const bounds = quantityBounds(offer({ stockQuantity: 2, minimalOrderQuantity: 3 }));
    expect(bounds.max).toBeLessThan(bounds.min);
  });
});

describe("clampQuantity", () => {
  const bounds = { min: 2, max: 8 };

  it("keeps a quantity within the bounds", () => {
    expect(clampQuantity(5, bounds)).toBe(5);
    expect(clampQuantity(2, bounds)).toBe(2);
    expect(clampQuantity(8, bounds)).toBe(8);
  });

  it("brings a quantity above the maximum down to it, and one below the minimum up to it", () => {
    expect(clampQuantity(99, bounds)).toBe(8);
    expect(clampQuantity(1, bounds)).toBe(2);
    expect(clampQuantity(-5, bounds)).toBe(2);
  });

  it("rounds a fractional quantity to a whole one", () => {
    expect(clampQuantity(3.4, bounds)).toBe(3);
    expect(clampQuantity(3.6, bounds)).toBe(4);
  });
});

describe("askedQuantity", () => {
  const bounds = { min: 1, max: 3 };

  it("keeps a quantity above the stock as typed, for the add to refuse it with addToCart.max", () => {
    expect(askedQuantity(5, bounds, 3)).toBe(5);
  });

  it("keeps to the order bounds up to the stock", () => {
    expect(askedQuantity(2, bounds, 3)).toBe(2);
    expect(askedQuantity(0, bounds, 3)).toBe(1);
    // The maximal order quantity below the stock still caps.
    expect(askedQuantity(8, { min: 1, max: 4 }, 10)).toBe(4);
  });
});
