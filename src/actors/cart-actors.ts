// The IO of the cart machine: the six cart calls of the storefront API. Carts are named by their
// uuid. A customer without a cart answers 204 to `GET /shopping-cart`: the actor gives null.
import { fromPromise } from "xstate";
import { cartMachine } from "../../machines/cart/cart.machine.ts";
import type {
  Cart,
  CartIdInput,
  CartNotification,
  FetchCartInput,
  SetCouponInput,
  SetOfferQuantityInput,
} from "../../machines/cart/cart.types.ts";
import { unwrap, type ApiClient } from "../api/client.ts";

function fetchCartActor(api: ApiClient) {
  return fromPromise<Cart, FetchCartInput>(({ input, signal }) =>
    unwrap(api.GET("/shopping-cart/{id}", { params: { path: { id: input.cartId } }, signal })),
  );
}

function fetchCustomerCartActor(api: ApiClient) {
  return fromPromise<Cart | null>(async ({ signal }) => (await unwrap(api.GET("/shopping-cart", { signal }))) ?? null);
}

function setOfferQuantityActor(api: ApiClient) {
  return fromPromise<Cart, SetOfferQuantityInput>(({ input, signal }) =>
    unwrap(
      api.PUT("/shopping-cart/set-offer-quantity", {
        body: { offerId: input.offerId, quantity: input.quantity, shoppingCartId: input.cartId },
        signal,
      }),
    ),
  );
}

function deleteCartActor(api: ApiClient) {
  return fromPromise<unknown, CartIdInput>(({ input, signal }) =>
    unwrap(api.DELETE("/shopping-cart/{id}", { params: { path: { id: input.cartId } }, signal })),
  );
}

function setCouponActor(api: ApiClient) {
  return fromPromise<Cart, SetCouponInput>(({ input, signal }) =>
    unwrap(api.PUT("/shopping-cart/{id}/set-coupon", { params: { path: { id: input.cartId } }, body: { coupon: input.code }, signal })),
  );
}

function removeCouponActor(api: ApiClient) {
  return fromPromise<Cart, CartIdInput>(({ input, signal }) =>
    unwrap(api.DELETE("/shopping-cart/{id}/remove-coupon", { params: { path: { id: input.cartId } }, signal })),
  );
}

/** What the cart asks of the app around it. */
export interface CartEffects {
  /** The cart the server answered is the one every view shows (the query cache). */
  writeCart: (cart: Cart) => void;
  /** No cart is shown any more. */
  removeCart: () => void;
  /** Keep the cart id (the cart-id cookie). */
  storeCartId: (cartId: string) => void;
  forgetCartId: () => void;
  /** Push the notification (kind and message id) to the notification queue. */
  notify: (notification: CartNotification) => void;
}

/** The cart machine with its IO and the app's effects bound; give it `{ storedCartId }` as input. */
export function createCartMachine(api: ApiClient, effects: CartEffects) {
  return cartMachine.provide({
    actors: {
      fetchCart: fetchCartActor(api),
      fetchCustomerCart: fetchCustomerCartActor(api),
      setOfferQuantity: setOfferQuantityActor(api),
      deleteCart: deleteCartActor(api),
      setCoupon: setCouponActor(api),
      removeCoupon: removeCouponActor(api),
    },
    actions: {
      writeCart: (_, { cart }) => effects.writeCart(cart),
      removeCart: () => effects.removeCart(),
      storeCartId: (_, { cartId }) => effects.storeCartId(cartId),
      forgetCartId: () => effects.forgetCartId(),
      notify: (_, notification) => effects.notify(notification),
    },
  });
}
