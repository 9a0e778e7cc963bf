// What the empowerment checkout's page reads from its snapshot: what is in flight, which refusal to
// say, whether the out-of-stock modal is open, whether anything can still be validated.
import type { SnapshotFrom } from "xstate";
import type { empowermentOrderMachine } from "./empowerment-order.machine.ts";
import type { EmpowermentOrderProblem, OrderPart } from "./empowerment-order.types.ts";

export type EmpowermentOrderSnapshot = SnapshotFrom<typeof empowermentOrderMachine>;

/** A request is in flight: the page's controls wait. */
export function isBusy(snapshot: EmpowermentOrderSnapshot): boolean {
  return snapshot.hasTag("loading");
}

/** The card message alone is being saved (the field was left): 'Place the order' may still be pressed. */
export function isSavingMessage(snapshot: EmpowermentOrderSnapshot): boolean {
  return snapshot.matches("savingMessage");
}

/** The part of the page whose choice is on its way to the server (its section waits), or null. */
export function savingPart(snapshot: EmpowermentOrderSnapshot): OrderPart | "card" | null {
  if (snapshot.matches("savingAddress")) return "delivery";
  if (snapshot.matches("savingMethods")) return "method";
  if (snapshot.matches("savingBilling") || snapshot.matches("savingDefaultBilling")) return "billing";
  if (snapshot.matches("savingMessage") || snapshot.matches({ placing: "savingMessage" })) return "card";
  return null;
}

/** The goods went meanwhile: the cart is read again before the out-of-stock modal opens. */
export function isCheckingStock(snapshot: EmpowermentOrderSnapshot): boolean {
  return snapshot.matches("checkingStock");
}

/** 'Place the order' is being done (the card saved, then the validation). */
export function isPlacing(snapshot: EmpowermentOrderSnapshot): boolean {
  return snapshot.matches("placing");
}

const PROBLEMS: readonly [EmpowermentOrderProblem, EmpowermentOrderSnapshot["value"]][] = [
  ["BUDGET_EXCEEDED", { editing: "budgetExceeded" }],
  ["CART_INCOMPLETE", { editing: "incomplete" }],
  ["CART_EMPTY", { editing: "cartEmpty" }],
  ["CART_LOCKED", { editing: "cartLocked" }],
  ["COUNTRY_NOT_ALLOWED", { editing: "countryNotAllowed" }],
  ["failed", { editing: "failed" }],
];

/** Why the last 'Place the order' did not place it (null when nothing is to be said). */
export function selectProblem(snapshot: EmpowermentOrderSnapshot): EmpowermentOrderProblem | null {
  return PROBLEMS.find(([, value]) => snapshot.matches(value))?.[0] ?? null;
}

export function isOutOfStockOpen(snapshot: EmpowermentOrderSnapshot): boolean {
  return snapshot.matches("outOfStock");
}

/** The server said no budget is set this month: the order cannot be validated. */
export function hasNoMoneyPot(snapshot: EmpowermentOrderSnapshot): boolean {
  return snapshot.matches("noMoneyPot");
}

export function isOrdered(snapshot: EmpowermentOrderSnapshot): boolean {
  return snapshot.matches("ordered");
}
