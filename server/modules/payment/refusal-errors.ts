// The answers of a cart that cannot become an order (card payment or empowerment budget).
import { HttpError, conflict } from "../../http/errors.ts";
import type { ReadinessRefusal } from "./cart-readiness.ts";

export type OrderRefusal = ReadinessRefusal | { code: "AMOUNT_MISMATCH"; expectedCents: number } | { code: "CART_LOCKED" };

export function refusalError(refusal: OrderRefusal): HttpError {
  switch (refusal.code) {
    case "CART_EMPTY":
      return conflict("The cart is empty", "CART_EMPTY");
    case "CART_INCOMPLETE":
      return new HttpError(
        409,
        `The cart is not ready to pay: ${refusal.missing.join(", ")} missing`,
        "CART_INCOMPLETE",
        refusal.missing.map((field) => ({ field, message: "missing" })),
      );
    case "AMOUNT_MISMATCH":
      return conflict(`The amount to pay is ${refusal.expectedCents} cents`, "AMOUNT_MISMATCH");
    case "OUT_OF_STOCK":
      return new HttpError(
        409,
        "Some lines exceed the stock left",
        "OUT_OF_STOCK",
        refusal.lines.map((line) => ({ field: line.productReference, message: `${line.stockLeft} left in stock` })),
      );
    case "CART_LOCKED":
      return conflict("A payment of this cart is in progress", "CART_LOCKED");
  }
}
