// The IO of the empowerment checkout's machine: the cart's delivery, billing and shipment calls (the
// shipping step's), the gift card's message, the validation into an order paid from the money pot,
// and a fresh read of the cart when the goods went meanwhile.
import { fromPromise } from "xstate";
import { empowermentOrderMachine } from "../../machines/empowerment-order/empowerment-order.machine.ts";
import type { Cart, CartIdInput, CustomCardInput, EmpowermentOrderNotification, Order } from "../../machines/empowerment-order/empowerment-order.types.ts";
import { unwrap, type ApiClient } from "../api/client.ts";
import { fetchFreshCartActor, setBillingAddressActor, setShipmentMethodsActor, setShippingAddressActor } from "./checkout-actors.ts";

function setCustomCardActor(api: ApiClient) {
  return fromPromise<Cart, CustomCardInput>(({ input, signal }) =>
    unwrap(
      api.POST("/empowerment/order/setCustomCard", {
        params: { query: { shoppingCartId: input.cartId } },
        body: { customCardMessage: input.message },
        signal,
      }),
    ),
  );
}

function validateOrderActor(api: ApiClient) {
  return fromPromise<Order, CartIdInput>(({ input, signal }) =>
    unwrap(api.GET("/empowerment/order/{id}/validate", { params: { path: { id: input.cartId } }, signal })),
  );
}

/** What the empowerment checkout asks of the app around it. */
export interface EmpowermentOrderEffects {
  writeCart: (cart: Cart) => void;
  notify: (notification: EmpowermentOrderNotification) => void;
  refreshMoneyPot: () => void;
  /** The order is made from the cart: the cart flow forgets it; the pot and the orders are asked again. */
  forgetOrderedCart: (order: Order) => void;
  showThankYou: (reference: string) => void;
}

export function createEmpowermentOrderMachine(api: ApiClient, effects: EmpowermentOrderEffects) {
  return empowermentOrderMachine.provide({
    actors: {
      setShippingAddress: setShippingAddressActor(api),
      setBillingAddress: setBillingAddressActor(api),
      setShipmentMethods: setShipmentMethodsActor(api),
      setCustomCard: setCustomCardActor(api),
      validateOrder: validateOrderActor(api),
      fetchCart: fetchFreshCartActor(api),
    },
    actions: {
      writeCart: (_, { cart }) => effects.writeCart(cart),
      notify: (_, notification) => effects.notify(notification),
      refreshMoneyPot: () => effects.refreshMoneyPot(),
      forgetOrderedCart: (_, { order }) => effects.forgetOrderedCart(order),
      showThankYou: (_, { reference }) => effects.showThankYou(reference),
    },
  });
}
