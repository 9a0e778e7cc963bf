// The shopper's cart, app-wide. Its contents live in the query cache (src/api/queries/cart.ts): the
// header's badge, the sidebar, the cart page and the checkout read them there, so they never
// disagree. One actor of the cart machine, created once where the app is assembled (loaded just after
// the first paint, from the cart-id cookie), decides what is asked of the server and writes every
// answer through that cache. Views read the cart with `useCart()` and change it through its
// functions, which give the machine the cart as they show it; an add asked for before the cart is
// loaded (or while a request is in flight) waits for it. The product cards' add-to-cart button is
// given from here too.
import { useQuery, type QueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useMemo, type ReactNode } from "react";
import type { ActorRefFrom } from "xstate";
import type { cartMachine, maxQuantity, minQuantity } from "../../machines/cart/cart.machine.ts";
import {
  isLoadingCart,
  isReady,
  selectCartId,
  selectPendingOfferId,
  type CartSnapshot,
  type ProductModal,
} from "../../machines/cart/cart.selectors.ts";
import type { CustomerGroup, OfferLimits } from "../../machines/cart/cart.types.ts";
import type { ApiClient } from "../api/client.ts";
import { cartKeys, cartQuery, type Cart } from "../api/queries/cart.ts";
import { currentLang } from "../i18n/i18n.ts";
import { useLang } from "../i18n/use-lang.ts";
import { CardAddToCartContext, type CardAddToCart } from "../ui/card-add-to-cart.ts";
import { reportLoadFailure } from "../ui/chunk-load.ts";
import { readStoredCartId } from "./cart-storage.ts";
import { lazyActor, useLazySelector, type LazyActor } from "./lazy-actor.ts";
import type { Notifications } from "./notifications.tsx";

export type { Cart, ProductModal };
export type CartActor = ActorRefFrom<typeof cartMachine>;

/** The least and the most a cart line of an offer may hold: the cart machine's rules. */
export interface QuantityBounds {
  min: typeof minQuantity;
  max: typeof maxQuantity;
}

/** The app's cart: the machine's actor (started on first use or `actor.load()`) and the cache it writes. */
export interface CartStore {
  actor: LazyActor<CartActor>;
  /** The machine's quantity bounds, null until its code is loaded. They come from the loaded module, not
   *  from an import of the machine: that would put it and xstate in the cart page's first download. */
  quantityBounds(): QuantityBounds | null;
  api: ApiClient;
  queryClient: QueryClient;
}

const isChangingQuantity = (snapshot: CartSnapshot) => selectPendingOfferId(snapshot) !== null;

/** What the cart is made with: `restoringSession` when a customer's session is stored (the cart waits for its restoring). */
export interface CartOptions {
  api: ApiClient;
  queryClient: QueryClient;
  notifications: Notifications;
  restoringSession: boolean;
}

/** Creates the app's cart (once, before the router). */
export function createCart(options: CartOptions): CartStore {
  const { api, queryClient } = options;
  let quantityBounds: QuantityBounds | null = null;
  const actor = lazyActor(async () => {
    const wiring = await import("./cart-wiring.ts");
    quantityBounds = wiring.quantityBounds;
    return wiring.startCart(options);
  });
  return { actor, quantityBounds: () => quantityBounds, api, queryClient };
}

/** The cart the views show now (null when there is none, or it is not in the cache). */
function shownCart({ actor, queryClient }: CartStore): Cart | null {
  const cartId = actor.current()?.getSnapshot().context.cartId ?? null;
  return cartId === null ? null : (queryClient.getQueryData(cartKeys.byId(cartId, currentLang())) ?? null);
}

/** What the auth flow tells the cart and asks of it (`createAuth({ cart: authBridge(cart) })` in src/main.tsx). */
export function authBridge(cart: CartStore) {
  return {
    /** The anonymous cart's id, sent with a sign-in so that the server attaches the cart to the account. */
    storedCartId: (): string | undefined => readStoredCartId() ?? undefined,
    /** A customer signed in (or their session was restored): `customerGroup` decides what happens to the anonymous cart. */
    signedIn: (customerGroup: CustomerGroup): void => cart.actor.send({ type: "customer.signedIn", customerGroup }),
    /** The customer signed out, or the session expired: the cart is emptied and its id forgotten. */
    signedOut: (): void => cart.actor.send({ type: "customer.signedOut" }),
    /** The stored session could not be checked (no answer): the cart, which waited for it, loads the stored one. */
    notRestored: (): void => cart.actor.send({ type: "customer.notRestored" }),
  };
}

/** Adds once the cart is loaded and takes requests, with the cart as it then is. */
export function addWhenReady(cart: CartStore, offer: OfferLimits, quantity: number): void {
  cart.actor
    .load()
    .then(async (actor) => {
      const { waitFor } = await import("xstate");
      await waitFor(actor, isReady);
      actor.send({ type: "cart.add", offer, quantity, cart: shownCart(cart) });
    })
    .catch(reportLoadFailure);
}

const CartContext = createContext<CartStore | null>(null);

export function CartProvider({ cart, children }: { cart: CartStore; children: ReactNode }) {
  // Only a quantity change in flight holds the buttons: an add asked for while the cart loads waits for it.
  const changing = useLazySelector(cart.actor, isChangingQuantity, false);
  const cardAdd = useMemo<CardAddToCart>(() => ({ add: (offer, quantity) => addWhenReady(cart, offer, quantity), busy: changing }), [cart, changing]);
  return (
    <CartContext.Provider value={cart}>
      <CardAddToCartContext.Provider value={cardAdd}>{children}</CardAddToCartContext.Provider>
    </CartContext.Provider>
  );
}

export function useCartStore(): CartStore {
  const cart = useContext(CartContext);
  if (!cart) throw new Error("cart hooks need a CartProvider above them (src/main.tsx)");
  return cart;
}

/** Reads from the cart machine's snapshot; `fallback` until it is loaded. */
export function useCartState<T>(selector: (snapshot: CartSnapshot) => T, fallback: T): T {
  return useLazySelector(useCartStore().actor, selector, fallback);
}

/** The shopper's cart from the query cache (asked again in the page's language after a switch). */
export function useShownCart(store: CartStore): { cart: Cart | null; settled: boolean } {
  const lang = useLang();
  const cartId = useLazySelector(store.actor, selectCartId, null);
  const loading = useLazySelector(store.actor, isLoadingCart, true);
  const query = useQuery({
    ...cartQuery(store.api, cartId ?? "", lang),
    // While the machine loads the cart it writes the answer here: asking the server too would load it twice.
    enabled: cartId !== null && !loading,
  });
  return { cart: cartId === null ? null : (query.data ?? null), settled: cartId === null || !query.isPending };
}

/** Number of lines of the cart (the header's badge). Here, not in the cart machine (whose guards only
 *  ask whether a cart has lines): the badge renders before the machine's code is loaded. */
export function lineCount(cart: Cart | null): number {
  return cart?.cartItems.length ?? 0;
}

/** The header's badge: how many lines the cart has (0 until it is loaded). */
export function useCartLineCount(): number {
  return lineCount(useShownCart(useCartStore()).cart);
}

/** Opens the cart sidebar (header button, bottom bar). */
export function useOpenCartSidebar(): () => void {
  const store = useCartStore();
  return useCallback(() => store.actor.send({ type: "cart.openSidebar" }), [store]);
}
