// The shopper's cart, app-wide: one actor of the cart machine, created once where the app is assembled
// (loaded just after the first paint, from the cart-id cookie) and provided to every view. Views read
// it with `useCart()` and change it through its functions; an add asked for before the cart is loaded
// (or while a request is in flight) waits for it. The cart is asked again when the language changes, for
// its product names. The product cards' add-to-cart button is given from here too.
import { useLingui } from "@lingui/react";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from "react";
import type { ActorRefFrom } from "xstate";
import type { cartMachine } from "../../machines/cart/cart.machine.ts";
import {
  isBusy,
  isLoadingCart,
  isReady,
  isSidebarOpen,
  selectCart,
  selectLineCount,
  selectPendingOfferId,
  selectProductModal,
  type CartSnapshot,
  type ProductModal,
} from "../../machines/cart/cart.selectors.ts";
import type { Cart, CartEvent, CustomerGroup, OfferLimits } from "../../machines/cart/cart.types.ts";
import type { ApiClient } from "../api/client.ts";
import { CardAddToCartContext, type CardAddToCart } from "../ui/card-add-to-cart.ts";
import { forgetCartId, readStoredCartId, storeCartId } from "./cart-storage.ts";
import { lazyActor, useLazySelector, type LazyActor } from "./lazy-actor.ts";
import { reportLoadFailure } from "../ui/chunk-load.ts";
import { pushNotification, type Notifications } from "./notifications.tsx";

export type { Cart, ProductModal };
export type CartActor = ActorRefFrom<typeof cartMachine>;
export type CartStore = LazyActor<CartActor>;

/** Creates the app's cart (once, before the router); it starts on first use or `load()`. */
export function createCart({ api, notifications }: { api: ApiClient; notifications: Notifications }): CartStore {
  return lazyActor(async () => {
    const [{ createActor }, { createCartMachine }] = await Promise.all([import("xstate"), import("../actors/cart-actors.ts")]);
    const machine = createCartMachine(api, {
      storeCartId,
      forgetCartId,
      notify: (notification) => pushNotification(notifications, notification),
    });
    return createActor(machine, { input: { storedCartId: readStoredCartId() } }).start();
  });
}

/** What the auth flow tells the cart and asks of it (`createAuth({ cart: authBridge(cart) })` in src/main.tsx). */
export function authBridge(cart: CartStore) {
  return {
    /** The anonymous cart's id, sent with a sign-in so that the server attaches the cart to the account. */
    storedCartId: (): string | undefined => readStoredCartId() ?? undefined,
    /** A customer signed in (or their session was restored): `customerGroup` decides what happens to the anonymous cart. */
    signedIn: (customerGroup: CustomerGroup): void => cart.send({ type: "customer.signedIn", customerGroup }),
    /** The customer signed out, or the session expired: the cart is emptied and its id forgotten. */
    signedOut: (): void => cart.send({ type: "customer.signedOut" }),
  };
}

/** Sends the event once the cart is loaded and takes requests. */
function sendWhenReady(cart: CartStore, event: CartEvent): void {
  cart
    .load()
    .then(async (actor) => {
      const { waitFor } = await import("xstate");
      await waitFor(actor, isReady);
      actor.send(event);
    })
    .catch(reportLoadFailure);
}

const CartContext = createContext<CartStore | null>(null);

export function CartProvider({ cart, children }: { cart: CartStore; children: ReactNode }) {
  const { i18n } = useLingui();
  const shownLocale = useRef(i18n.locale);
  // Product names and variant labels come in the page's language: ask the cart again after a switch.
  useEffect(() => {
    if (shownLocale.current === i18n.locale) return;
    shownLocale.current = i18n.locale;
    if (cart.current()) cart.send({ type: "cart.refresh" });
  }, [cart, i18n.locale]);

  // Only a quantity change in flight holds the buttons: an add asked for while the cart loads waits for it.
  const changing = useLazySelector(cart, isChangingQuantity, false);
  const cardAdd = useMemo<CardAddToCart>(
    () => ({ add: (offer, quantity) => sendWhenReady(cart, { type: "cart.add", offer, quantity }), busy: changing }),
    [cart, changing],
  );
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

/** Reads from the cart's snapshot; `fallback` until the cart is loaded. */
export function useCartState<T>(selector: (snapshot: CartSnapshot) => T, fallback: T): T {
  return useLazySelector(useCartStore(), selector, fallback);
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
  const cart = useLazySelector(store, selectCart, null);
  const lineCount = useLazySelector(store, selectLineCount, 0);
  const known = useLazySelector(store, isKnown, false);
  const busy = useLazySelector(store, isBusy, false);
  const pendingOfferId = useLazySelector(store, selectPendingOfferId, NOT_PENDING);
  const sidebarOpen = useLazySelector(store, isSidebarOpen, false);
  const productModal = useLazySelector(store, selectProductModal, null);
  const send = useCallback((event: CartEvent) => store.send(event), [store]);
  return useMemo(
    () => ({
      cart,
      lineCount,
      known,
      busy,
      pendingOfferId,
      sidebarOpen,
      productModal,
      add: (offer, quantity) => sendWhenReady(store, { type: "cart.add", offer, quantity }),
      update: (offerId, quantity) => send({ type: "cart.update", offerId, quantity }),
      remove: (offerId) => send({ type: "cart.remove", offerId }),
      clear: () => send({ type: "cart.clear" }),
      applyCoupon: (code) => send({ type: "cart.applyCoupon", code }),
      removeCoupon: () => send({ type: "cart.removeCoupon" }),
      openSidebar: () => send({ type: "cart.openSidebar" }),
      closeSidebar: () => send({ type: "cart.closeSidebar" }),
      closeProductModal: () => send({ type: "cart.closeProductModal" }),
    }),
    [store, send, cart, lineCount, known, busy, pendingOfferId, sidebarOpen, productModal],
  );
}

/** The header's badge: how many lines the cart has (0 until it is loaded). */
export function useCartLineCount(): number {
  return useCartState(selectLineCount, 0);
}

/** Opens the cart sidebar (header button, bottom bar). */
export function useOpenCartSidebar(): () => void {
  const store = useCartStore();
  return useCallback(() => store.send({ type: "cart.openSidebar" }), [store]);
}
