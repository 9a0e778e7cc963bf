// The IO of the checkout machine: the shipping step's calls of the storefront API (shipping and
// billing addresses, shipment methods) and a fresh read of the cart before payment. What the flow
// needs to start (the settled session, the cart as the server has it now) is given by the app.
import { fromPromise } from "xstate";
import { checkoutMachine } from "../../machines/checkout/checkout.machine.ts";
import type {
  BillingAddressInput,
  Cart,
  CartIdInput,
  CheckoutNotification,
  CheckoutStart,
  ShipmentMethodsInput,
  ShippingAddressInput,
} from "../../machines/checkout/checkout.types.ts";
import { unwrap, type ApiClient } from "../api/client.ts";

export function fetchFreshCartActor(api: ApiClient) {
  return fromPromise<Cart, CartIdInput>(({ input, signal }) =>
    unwrap(api.GET("/shopping-cart/{id}", { params: { path: { id: input.cartId } }, signal })),
  );
}

export function setShippingAddressActor(api: ApiClient) {
  return fromPromise<Cart, ShippingAddressInput>(({ input, signal }) =>
    unwrap(
      api.PUT("/shopping-cart/shipping-address", {
        params: { query: { shoppingCartId: input.cartId, ...(input.relayPointId === null ? {} : { relayPointId: input.relayPointId }) } },
        body: input.address,
        signal,
      }),
    ),
  );
}

export function setBillingAddressActor(api: ApiClient) {
  return fromPromise<Cart, BillingAddressInput>(({ input, signal }) =>
    unwrap(
      api.PUT("/shopping-cart/billing-address", {
        params: { query: { shoppingCartId: input.cartId } },
        body: { billingAddressName: input.name },
        signal,
      }),
    ),
  );
}

export function setShipmentMethodsActor(api: ApiClient) {
  return fromPromise<Cart, ShipmentMethodsInput>(({ input, signal }) =>
    unwrap(
      api.PUT("/shopping-cart/shipment-methods", {
        params: { query: { shoppingCartId: input.cartId } },
        body: { shipmentMethodIds: input.shipmentMethodIds },
        signal,
      }),
    ),
  );
}

/** What the checkout asks of the app around it. */
export interface CheckoutEffects {
  /** The session settled, the profile and the cart as the server has it now. */
  loadCheckout: () => Promise<CheckoutStart>;
  /** The cart the server answered is the one every view shows (the query cache). */
  writeCart: (cart: Cart) => void;
  notify: (notification: CheckoutNotification) => void;
}

/** The checkout machine with its IO and the app's effects bound. */
export function createCheckoutMachine(api: ApiClient, effects: CheckoutEffects) {
  return checkoutMachine.provide({
    actors: {
      loadCheckout: fromPromise<CheckoutStart>(() => effects.loadCheckout()),
      fetchCart: fetchFreshCartActor(api),
      setShippingAddress: setShippingAddressActor(api),
      setBillingAddress: setBillingAddressActor(api),
      setShipmentMethods: setShipmentMethodsActor(api),
    },
    actions: {
      writeCart: (_, { cart }) => effects.writeCart(cart),
      notify: (_, notification) => effects.notify(notification),
    },
  });
}
