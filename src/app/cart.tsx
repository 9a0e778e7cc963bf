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
import type { cartMachine } from "../../machines/cart/cart.machine.ts";
import { lineCount } from "../../machines/cart/cart.quantities.ts";
import {
  isBusy,
  isLoadingCart,
  isReady,
  isSidebarOpen,
  selectCartId,
  selectPendingOfferId,
  selectProductModal,
  type CartSnapshot,
  type ProductModal,
} from "../../machines/cart/cart.selectors.ts";
import type { CartEvent, CustomerGroup, OfferLimits } from "../../machines/cart/cart.types.ts";
import type { ApiClient } from "../api/client.ts";
import { cartKeys, cartQuery, removeCart, writeCart, type Cart } from "../api/queries/cart.ts";
import { currentLang } from "../i18n/i18n.ts";
import { useLang } from "../i18n/use-lang.ts";
import { CardAddToCartContext, type CardAddToCart } from "../ui/card-add-to-cart.ts";
import { reportLoadFailure } from "../ui/chunk-load.ts";
import { forgetCartId, readStoredCartId, storeCartId } from "./cart-storage.ts";
import { lazyActor, useLazySelector, type LazyActor } from "./lazy-actor.ts";
import { pushNotification, type Notifications } from "./notifications.tsx";

export type { Cart, ProductModal };
export type CartActor = ActorRefFrom<typeof cartMachine>;

/** The app's cart: the machine's actor (started on first use or `actor.load()`) and the cache it writes. */
export interface CartStore {
  actor: LazyActor<CartActor>;
  api: ApiClient;
  queryClient: QueryClient;
}

/** Creates the app's cart (once, before the router). */
export function createCart({ api, queryClient, notifications }: { api: ApiClient; queryClient: QueryClient; notifications: Notifications }): CartStore {
  const actor = lazyActor(async () => {
    const [{ createActor }, { createCartMachine }] = await Promise.all([import("xstate"), import("../actors/cart-actors.ts")]);
    const machine = createCartMachine(api, {
      writeCart: (cart) => writeCart(queryClient, cart, currentLang()),
      removeCart: () => removeCart(queryClient),
      storeCartId,
      forgetCartId,
      notify: (notification) => pushNotification(notifications, notification),
    });
    return createActor(machine, { input: { storedCartId: readStoredCartId() } }).start();
  });
  return { actor, api, queryClient };
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
  };
}

/** Adds once the cart is loaded and takes requests, with the cart as it then is. */
function addWhenReady(cart: CartStore, offer: OfferLimits, quantity: number): void {
  cart.actor
    .load()
    .then(async (actor) => {
      const { waitFor } = await import("xstate");
      await waitFor(actor, isReady);
      actor.send({ type: "cart.add", offer, quantity, cart: shownCart(cart) });
    })
    .catch(reportLoadFailure);
}

/** The cart once it is known: the machine settled (a stored cart, or the customer's after a sign-in,
 *  loaded) and its contents in the cache (the route guards of the checkout). */
export async function settledCart(cart: CartStore, lang: Parameters<typeof cartQuery>[2]): Promise<Cart | null> {
  const [actor, { waitFor }] = await Promise.all([cart.actor.load(), import("xstate")]);
  const cartId = selectCartId(await waitFor(actor, (state) => !isLoadingCart(state)));
  if (cartId === null) return null;
  return cart.queryClient.ensureQueryData(cartQuery(cart.api, cartId, lang)).catch(() => null);
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
function useShownCart(store: CartStore): { cart: Cart | null; settled: boolean } {
  const lang = useLang();
  const cartId = useLazySelector(store.actor, selectCartId, null);
  const query = useQuery({
    ...cartQuery(store.api, cartId ?? "", lang),
    enabled: cartId !== null,
  });
  return { cart: cartId === null ? null : (query.data ?? null), settled: cartId === null || !query.isPending };
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
const isChangingQuantity = (snapshot: CartSnapshot) => selectPendingOfferId(snapshot) !== null;

/** The cart and what can be done with it. */
export function useCart(): CartApi {
  const store = useCartStore();
  const { cart, settled } = useShownCart(store);
  const machineKnown = useLazySelector(store.actor, isKnown, false);
  const busy = useLazySelector(store.actor, isBusy, false);
  const pendingOfferId = useLazySelector(store.actor, selectPendingOfferId, NOT_PENDING);
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
    [store, send, cart, machineKnown, settled, busy, pendingOfferId, sidebarOpen, productModal],
  );
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
