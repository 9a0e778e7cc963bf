// The checkout's model: visits of the checkout's pages by a guest, a guest holding the employee
// sign-in flag, an Empowerment customer and a customer whose cart is empty, above the stock, not yet
// ready or ready to pay, or whose defaults the flow sets on arrival (the delivery and billing
// addresses, or the billing one alone); on the shipping step, a saved address, a relay point, the
// billing address from the list modal, a shipment method, and 'Continue to payment'; each request's
// answers (the cart, a refusal, the billing errors of SPEC §8, a failure).
import { SAMPLE_OFFER, SAMPLE_STOCK, sampleCart, samplePrice } from "../cart/cart.model.ts";
import { defineFlowModel, type ModelEvent } from "../shared/flow-model.ts";
import { checkoutMachine } from "./checkout.machine.ts";
import type { CheckoutSnapshot } from "./checkout.selectors.ts";
import type { AddressInput, Cart, CheckoutEvent, CheckoutStart } from "./checkout.types.ts";

export const CHECKOUT_CART_ID = "a81e6d0c-2f4b-4e9a-b3c7-0d5f9e1a6b28";
const SAMPLE_ADDRESS: AddressInput = {
  name: "Maison",
  company: null,
  firstName: "Camille",
  lastName: "Martin",
  street: "12 rue de la République",
  city: "Lyon",
  postCode: "69002",
  country: "FR",
  phone: "+33612345678",
  email: null,
  website: null,
  latitude: null,
  longitude: null,
};
const SAMPLE_RELAY_ID = "692100";
const SAMPLE_METHOD_ID = 3;
const SHIPPING_PRICE = 590;

/** A cart of one line (or `quantity`), with nothing of the shipping step chosen. */
export const plainCart = (quantity = 1): Cart => sampleCart(CHECKOUT_CART_ID, quantity);

/** The cart with its delivery address, billing address and method set. */
export function readyCart(): Cart {
  const cart = plainCart();
  const address: Cart["shippingAddress"] & object = {
    name: "Maison",
    company: null,
    firstName: SAMPLE_ADDRESS.firstName,
    lastName: SAMPLE_ADDRESS.lastName,
    street: SAMPLE_ADDRESS.street,
    city: SAMPLE_ADDRESS.city,
    postCode: SAMPLE_ADDRESS.postCode,
    country: SAMPLE_ADDRESS.country,
    phone: SAMPLE_ADDRESS.phone,
    email: null,
    website: null,
    latitude: null,
    longitude: null,
    defaultShipping: false,
    defaultBilling: false,
  };
  return {
    ...cart,
    billingAddress: { name: "Maison" },
    shippingAddress: address,
    shippingPrice: samplePrice(SHIPPING_PRICE),
    shipments: [
      {
        id: 1,
        items: [{ offerId: SAMPLE_OFFER.id, reference: "TRV-001", name: "Trousse de voyage", quantity: 1 }],
        shipmentWeight: 400,
        price: samplePrice(SHIPPING_PRICE),
        trackingInfo: null,
        shipmentMethod: { id: SAMPLE_METHOD_ID, carrier: "DOS", name: "Colissimo", deliveryTime: 2, deliveryTimeUnit: "DAY", price: samplePrice(SHIPPING_PRICE) },
        address,
        relayPointId: null,
      },
    ],
  };
}

/** A cart one line of which is above its stock (someone bought meanwhile). */
export const overStockCart = (): Cart => plainCart(SAMPLE_STOCK + 1);

const SERVER_ERROR = { status: 500, message: "Internal Server Error" };
const BAD_REQUEST_ERROR = { status: 400, message: "postCode is not valid", code: "VALIDATION", fields: ["postCode"] };
const BILLING_ERRORS = [
  { status: 401, message: "Unauthorized" },
  { status: 409, message: "Conflict" },
  { status: 404, message: "Address not found" },
  SERVER_ERROR,
];

const NO_DEFAULTS = { defaultAddress: null, defaultBilling: null };
const customer = (cart: Cart | null, defaults: Pick<CheckoutStart, "defaultAddress" | "defaultBilling"> = NO_DEFAULTS): CheckoutStart => ({
  customerGroup: "GENERAL_PUBLIC",
  employeeSignIn: false,
  cart,
  ...defaults,
});

/** A cart delivered to the sample address, with no billing address yet. */
function deliveredCart(): Cart {
  const ready = readyCart();
  return { ...plainCart(), shippingAddress: ready.shippingAddress, shipments: ready.shipments.map((shipment) => ({ ...shipment, shipmentMethod: null })) };
}

export const STARTS: Record<string, CheckoutStart> = {
  guest: { customerGroup: null, employeeSignIn: false, cart: plainCart(), ...NO_DEFAULTS },
  guestWithEmployeeFlag: { customerGroup: null, employeeSignIn: true, cart: plainCart(), ...NO_DEFAULTS },
  noCart: customer(null),
  emptyCart: customer(plainCart(0)),
  empowerment: { customerGroup: "EMPOWERMENT", employeeSignIn: false, cart: plainCart(), ...NO_DEFAULTS },
  overStock: customer(overStockCart()),
  notReady: customer(plainCart()),
  ready: customer(readyCart()),
  // The sample address is the customer's default for both: set on arrival, the delivery first.
  defaults: customer(plainCart(), { defaultAddress: SAMPLE_ADDRESS, defaultBilling: SAMPLE_ADDRESS.name ?? null }),
  // Delivered already (chosen in another visit), the default billing address still to set.
  defaultBilling: customer(deliveredCart(), { defaultAddress: SAMPLE_ADDRESS, defaultBilling: SAMPLE_ADDRESS.name ?? null }),
};

type CheckoutModelEvent = ModelEvent<CheckoutEvent>;

function answers(snapshot: CheckoutSnapshot): CheckoutModelEvent[] {
  if (snapshot.matches("loading")) {
    return [
      ...Object.values(STARTS).map((output) => ({ type: "xstate.done.actor.loadCheckout" as const, output })),
      { type: "xstate.error.actor.loadCheckout", error: SERVER_ERROR },
    ];
  }
  if (snapshot.matches({ shipping: "savingAddress" })) {
    return [
      { type: "xstate.done.actor.setShippingAddress", output: plainCart() },
      { type: "xstate.error.actor.setShippingAddress", error: BAD_REQUEST_ERROR },
      { type: "xstate.error.actor.setShippingAddress", error: SERVER_ERROR },
    ];
  }
  if (snapshot.matches({ shipping: "savingBilling" }) || snapshot.matches({ shipping: "savingDefaultBilling" })) {
    return [
      { type: "xstate.done.actor.setBillingAddress", output: { ...plainCart(), billingAddress: { name: "Maison" } } },
      ...BILLING_ERRORS.map((error) => ({ type: "xstate.error.actor.setBillingAddress" as const, error })),
    ];
  }
  if (snapshot.matches({ shipping: "savingMethods" })) {
    return [
      { type: "xstate.done.actor.setShipmentMethods", output: readyCart() },
      { type: "xstate.error.actor.setShipmentMethods", error: BAD_REQUEST_ERROR },
      { type: "xstate.error.actor.setShipmentMethods", error: SERVER_ERROR },
    ];
  }
  if (snapshot.matches({ shipping: "verifyingStock" })) {
    return [
      { type: "xstate.done.actor.fetchCart", output: readyCart() },
      { type: "xstate.done.actor.fetchCart", output: overStockCart() },
      // The shipping step changed in another tab meanwhile: not ready any more.
      { type: "xstate.done.actor.fetchCart", output: plainCart() },
      { type: "xstate.error.actor.fetchCart", error: SERVER_ERROR },
    ];
  }
  return [];
}

function shippingEvents(snapshot: CheckoutSnapshot): CheckoutModelEvent[] {
  if (snapshot.matches({ shipping: "editing" })) {
    return [
      { type: "checkout.chooseAddress", address: SAMPLE_ADDRESS },
      { type: "checkout.openRelay" },
      { type: "checkout.openAddressList" },
      { type: "checkout.chooseMethods", shipmentMethodIds: [SAMPLE_METHOD_ID] },
      { type: "checkout.continue", cart: readyCart() },
      { type: "checkout.continue", cart: plainCart() },
    ];
  }
  if (snapshot.matches({ shipping: "relay" })) {
    return [{ type: "checkout.chooseRelay", address: { ...SAMPLE_ADDRESS, name: undefined }, relayPointId: SAMPLE_RELAY_ID }, { type: "checkout.closeRelay" }];
  }
  if (snapshot.matches({ shipping: "addressList" })) return [{ type: "checkout.chooseBilling", name: "Maison" }, { type: "checkout.closeAddressList" }];
  if (snapshot.matches({ shipping: "outOfStock" })) return [{ type: "checkout.closeOutOfStock" }];
  return [];
}

export const checkoutModel = defineFlowModel(checkoutMachine, {
  name: "checkout",
  input: undefined,
  events: (snapshot) => {
    const pending = answers(snapshot);
    if (pending.length > 0) return pending;
    const visits: CheckoutModelEvent[] = snapshot.matches("idle")
      ? [
          { type: "checkout.enter", step: "shipping" },
          { type: "checkout.enter", step: "payment" },
          { type: "checkout.enter", step: "signIn" },
        ]
      : [{ type: "checkout.enter", step: "shipping" }];
    return snapshot.matches("shipping") ? [...shippingEvents(snapshot), ...visits] : visits;
  },
  describeEvent: (event) => {
    if (event.type === "xstate.done.actor.loadCheckout") {
      const found = Object.entries(STARTS).find(([, start]) => start === event.output);
      return found ? `loadCheckout answers: ${found[0]}` : undefined;
    }
    if (event.type === "checkout.continue") return `checkout.continue (${event.cart === null ? "no cart" : readyLabel(event.cart)})`;
    if (event.type === "xstate.done.actor.fetchCart" && isCart(event.output)) return `fetchCart answers a cart ${readyLabel(event.output)}`;
    return undefined;
  },
});

function isCart(value: unknown): value is Cart {
  return typeof value === "object" && value !== null && "cartItems" in value;
}

function readyLabel(cart: Cart): string {
  if (cart.cartItems.some((line) => line.quantity > line.offer.stockQuantity)) return "above its stock";
  return cart.billingAddress !== null && cart.shipments.length > 0 ? "ready to pay" : "not ready to pay";
}
