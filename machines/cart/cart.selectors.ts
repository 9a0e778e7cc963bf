// What the sidebar, the cart page and the product modal read from the cart snapshot: which cart is
// the shopper's, what is in flight, what is open. The cart's contents are in the query cache.
import type { SnapshotFrom } from "xstate";
import type { cartMachine } from "./cart.machine.ts";
import type { CartItem, ProductModalKind } from "./cart.types.ts";

export type CartSnapshot = SnapshotFrom<typeof cartMachine>;

/** The uuid of the shopper's cart (the key of its cached answer); null when there is none. */
export function selectCartId(snapshot: CartSnapshot): string | null {
  return snapshot.context.cartId;
}

/** A request is in flight (or the cart is loading): the cart's buttons wait. */
export function isBusy(snapshot: CartSnapshot): boolean {
  return snapshot.hasTag("loading");
}

/** The cart is known: loaded, or known to be empty (add-to-cart buttons may be used). */
export function isReady(snapshot: CartSnapshot): boolean {
  return snapshot.matches({ data: "ready" });
}

/** The cart is being fetched (at start, after a sign-in) or waits for the session: what it holds is not known yet. */
export function isLoadingCart(snapshot: CartSnapshot): boolean {
  return (
    snapshot.matches({ data: "loading" }) ||
    snapshot.matches({ data: "loadingCustomerCart" }) ||
    snapshot.matches({ data: "starting" }) ||
    snapshot.matches({ data: "awaitingSession" })
  );
}

export function isSidebarOpen(snapshot: CartSnapshot): boolean {
  return snapshot.matches({ sidebar: "open" });
}

export interface ProductModal {
  kind: ProductModalKind;
  line: CartItem;
}

/** The added/removed product modal, when it is open. */
export function selectProductModal(snapshot: CartSnapshot): ProductModal | null {
  const line = snapshot.context.modalLine;
  if (line === null) return null;
  if (snapshot.matches({ productModal: "added" })) return { kind: "added", line };
  if (snapshot.matches({ productModal: "removed" })) return { kind: "removed", line };
  return null;
}

/** The quantity change in flight, if any: which line's stepper waits. */
export function selectPendingOfferId(snapshot: CartSnapshot): number | null {
  return snapshot.matches({ data: "updating" }) ? (snapshot.context.change?.offerId ?? null) : null;
}
