// The promo percentage a product card and the product page show for a discount price (SPEC §9).
import { describe, expect, it } from "vitest";
import { isDiscounted, promoPercent } from "../../src/ui/price.tsx";

describe("promoPercent", () => {
  it("is the whole-percent reduction of the discount against the regular price", () => {
    expect(promoPercent(4000, 3000)).toBe(25);
    expect(promoPercent(2990, 2390)).toBe(20);
    expect(promoPercent(1000, 333)).toBe(67);
  });

  it("is zero for a free regular price rather than a division by zero", () => {
    expect(promoPercent(0, 0)).toBe(0);
  });
});

describe("isDiscounted", () => {
  it("holds only for a discount below the regular price", () => {
    expect(isDiscounted(4000, 3000)).toBe(true);
    expect(isDiscounted(4000, 4000)).toBe(false);
    expect(isDiscounted(4000, 4500)).toBe(false);
    expect(isDiscounted(4000, null)).toBe(false);
    expect(isDiscounted(4000, undefined)).toBe(false);
  });
});
