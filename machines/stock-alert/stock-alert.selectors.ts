// What the back-in-stock form reads from its snapshot.
import type { SnapshotFrom } from "xstate";
import type { stockAlertMachine } from "./stock-alert.machine.ts";
import type { StockAlertErrorId } from "./stock-alert.types.ts";

type StockAlertSnapshot = SnapshotFrom<typeof stockAlertMachine>;

/** The field's error message, if the last address submitted was not valid. */
export function selectErrorId(snapshot: StockAlertSnapshot): StockAlertErrorId | null {
  return snapshot.matches({ editing: "invalidEmail" }) ? "stockAlert.invalidEmail" : null;
}

/** The address to show in the field (prefilled from the profile). */
export function selectEmail(snapshot: StockAlertSnapshot): string {
  return snapshot.context.email;
}

export function isSubmitting(snapshot: StockAlertSnapshot): boolean {
  return snapshot.hasTag("loading");
}

export function isSubmitted(snapshot: StockAlertSnapshot): boolean {
  return snapshot.matches("submitted");
}
