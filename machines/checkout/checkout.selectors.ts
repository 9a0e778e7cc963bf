// What the checkout's routes and views read from its snapshot: where the shopper stands, which modal
// is open, what is in flight. The cart itself is in the app's query cache.
import type { SnapshotFrom } from "xstate";
import type { checkoutMachine } from "./checkout.machine.ts";

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

/** Where the flow sends the shopper once it has decided (null while it loads, or before any visit). */
export type CheckoutPlace = "failed" | "emptyCart" | "signIn" | "singleSignOn" | "empowerment" | "shipping" | "payment";

const PLACES: readonly CheckoutPlace[] = ["failed", "emptyCart", "signIn", "singleSignOn", "empowerment", "shipping", "payment"];

export function selectPlace(snapshot: CheckoutSnapshot): CheckoutPlace | null {
  return PLACES.find((place) => snapshot.matches(place)) ?? null;
}

/** The flow has decided where the shopper stands (the routes' guards wait for this). */
export function isSettled(snapshot: CheckoutSnapshot): boolean {
  return selectPlace(snapshot) !== null;
}

/** A request is in flight: the step's controls wait. */
export function isBusy(snapshot: CheckoutSnapshot): boolean {
  return snapshot.hasTag("loading");
}

export function isRelayOpen(snapshot: CheckoutSnapshot): boolean {
  return snapshot.matches({ shipping: "relay" });
}

/** The billing address list modal is open (also while its Confirm is being saved). */
export function isAddressListOpen(snapshot: CheckoutSnapshot): boolean {
  return snapshot.matches({ shipping: "addressList" }) || snapshot.matches({ shipping: "savingBilling" });
}

/** The out-of-stock modal is open (it lists the cart's lines above their stock: checkout.machine.ts). */
export function isOutOfStockOpen(snapshot: CheckoutSnapshot): boolean {
  return snapshot.matches({ shipping: "outOfStock" });
}
