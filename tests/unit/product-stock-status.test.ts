// What the product page says about a stock quantity (SPEC §4 "Stock display by quantity").
import { describe, expect, it } from "vitest";
import { stockLevel } from "../../src/features/product/stock-status.ts";

describe("stockLevel", () => {
  it("is out of stock at zero, below zero and when the quantity is unknown", () => {
    expect(stockLevel(0)).toEqual({ kind: "outOfStock" });
    expect(stockLevel(-3)).toEqual({ kind: "outOfStock" });
    expect(stockLevel(undefined)).toEqual({ kind: "outOfStock" });
  });

  it("is the last item at one", () => {
    expect(stockLevel(1)).toEqual({ kind: "lastItem" });
  });

  it("is low, with the quantity, from two up to the threshold of five", () => {
    for (const quantity of [2, 3, 4, 5]) expect(stockLevel(quantity)).toEqual({ kind: "low", quantity });
  });

  it("is plainly in stock above the threshold", () => {
    expect(stockLevel(6)).toEqual({ kind: "inStock" });
    expect(stockLevel(1_000)).toEqual({ kind: "inStock" });
  });
});
