// The cart as the views that change it see it (sidebar, cart page, product page, checkout guards):
// apart from src/app/cart.tsx so that this code loads with those views, not before the first render.
import { useCallback, useMemo } from "react";
import { isBusy, isLoadingCart, isSidebarOpen, selectCartId, selectPendingOfferId, selectProductModal, type CartSnapshot, type ProductModal } from "../../machines/cart/cart.selectors.ts";
import type { CartEvent, OfferLimits } from "../../machines/cart/cart.types.ts";
import { cartQuery, type Cart } from "../api/queries/cart.ts";
import { addWhenReady, lineCount, useCartStore, useShownCart, type CartStore, type QuantityBounds } from "./cart.tsx";
import { useLazySelector } from "./lazy-actor.ts";

/** The cart once it is known: the machine settled (a stored cart, or the customer's after a sign-in,
 *  loaded) and its contents in the cache (the route guards of the checkout). */
export async function settledCart(cart: CartStore, lang: Parameters<typeof cartQuery>[2]): Promise<Cart | null> {
  const [actor, { waitFor }] = await Promise.all([cart.actor.load(), import("xstate")]);
  const cartId = selectCartId(await waitFor(actor, (state) => !isLoadingCart(state)));
  if (cartId === null) return null;
  return cart.queryClient.ensureQueryData(cartQuery(cart.api, cartId, lang)).catch(() => null);
}

export interface CartApi {
  cart: Cart | null;
  /** Number of lines (the header's badge). */
  lineCount: number;
  /** What the cart holds is known: it is loaded and not being fetched again. */
  known: boolean;
  /** A request is in flight: the cart's controls wait. */
  busy: boolean;
  /** The offer whose line is being changed. */
  pendingOfferId: number | null;
  /** The cart machine's bounds of a line's quantity; null until its code is loaded, as `known` is false. */
  quantityBounds: QuantityBounds | null;
  sidebarOpen: boolean;
  productModal: ProductModal | null;
  /** Adds `quantity` of the offer (after the stock check); waits for the cart if it is loading. */
  add(offer: OfferLimits, quantity: number): void;
  update(offerId: number, quantity: number): void;
  remove(offerId: number): void;
  clear(): void;
  applyCoupon(code: string): void;
  removeCoupon(): void;
  openSidebar(): void;
  closeSidebar(): void;
  closeProductModal(): void;
}

const NOT_PENDING = null;
const isKnown = (snapshot: CartSnapshot) => !isLoadingCart(snapshot);

/** The cart and what can be done with it. */
export function useCart(): CartApi {
  const store = useCartStore();
  const { cart, settled } = useShownCart(store);
  const machineKnown = useLazySelector(store.actor, isKnown, false);
  const busy = useLazySelector(store.actor, isBusy, false);
  const pendingOfferId = useLazySelector(store.actor, selectPendingOfferId, NOT_PENDING);
  // Read again when the actor arrives, which is when the bounds have come with its module.
  const readBounds = useCallback(() => store.quantityBounds(), [store]);
  const quantityBounds = useLazySelector(store.actor, readBounds, null);
  const sidebarOpen = useLazySelector(store.actor, isSidebarOpen, false);
  const productModal = useLazySelector(store.actor, selectProductModal, null);
  const send = useCallback((event: CartEvent) => store.actor.send(event), [store]);
  return useMemo(
    () => ({
      cart,
      lineCount: lineCount(cart),
      known: machineKnown && settled,
      busy,
      pendingOfferId,
      quantityBounds,
      sidebarOpen,
      productModal,
      add: (offer, quantity) => addWhenReady(store, offer, quantity),
      update: (offerId, quantity) => send({ type: "cart.update", offerId, quantity, cart }),
      remove: (offerId) => send({ type: "cart.remove", offerId, cart }),
      clear: () => send({ type: "cart.clear" }),
      applyCoupon: (code) => send({ type: "cart.applyCoupon", code, cart }),
      removeCoupon: () => send({ type: "cart.removeCoupon", cart }),
      openSidebar: () => send({ type: "cart.openSidebar" }),
      closeSidebar: () => send({ type: "cart.closeSidebar" }),
      closeProductModal: () => send({ type: "cart.closeProductModal" }),
    }),
    [store, send, cart, machineKnown, settled, busy, pendingOfferId, quantityBounds, sidebarOpen, productModal],
  );
}

