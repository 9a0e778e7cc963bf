// What the page says about the stock of the chosen offer (SPEC §4).
import { LOW_STOCK_THRESHOLD } from "./product-constants.ts";

export type StockLevel = { kind: "outOfStock" } | { kind: "lastItem" } | { kind: "low"; quantity: number } | { kind: "inStock" };

export function stockLevel(quantity: number | undefined): StockLevel {
  const stock = quantity ?? 0;
  if (stock <= 0) return { kind: "outOfStock" };
  if (stock === 1) return { kind: "lastItem" };
  if (stock <= LOW_STOCK_THRESHOLD) return { kind: "low", quantity: stock };
  return { kind: "inStock" };
}
