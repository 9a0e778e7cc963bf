// The empowerment checkout's model: a crew member's cart of one line, the choices of the page (a
// delivery address in the programme's countries, the billing address, a shipment method, the card
// message left or changed before validating), 'Place the order', and each request's answers: the
// cart, the order, the validation's refusals (budget exceeded, out of stock, incomplete, empty,
// locked, country, no budget this month) and failures.
import { readyCart } from "../checkout/checkout.model.ts";
import { samplePrice } from "../cart/cart.model.ts";
import { defineFlowModel, type ModelEvent } from "../shared/flow-model.ts";
import { empowermentOrderMachine } from "./empowerment-order.machine.ts";
import type { EmpowermentOrderSnapshot } from "./empowerment-order.selectors.ts";
import {
  ORDER_REFUSALS,
  type AddressInput,
  type Cart,
  type EmpowermentOrderDefaults,
  type EmpowermentOrderEvent,
  type Order,
  type OrderRefusal,
} from "./empowerment-order.types.ts";

export const CARD_MESSAGE = "Merci pour ce vol, bon séjour à Lisbonne !";
export const ORDER_REFERENCE = "EMP-000042";
export const SAMPLE_METHOD_ID = 3;

export const LISBON_ADDRESS: AddressInput = {
  name: "Hotel Lisboa",
  company: null,
  firstName: "Inês",
  lastName: "Costa",
  street: "Rua Augusta 24",
  city: "Lisboa",
  postCode: "1100-053",
  country: "PT",
  phone: "+351912345678",
  email: null,
  website: null,
  latitude: null,
  longitude: null,
};

/** The crew member's cart, ready to validate, with the card message given. */
export function empowermentCart(cardMessage: string | null = null): Cart {
  return { ...readyCart(), customCardMessage: cardMessage };
}

export const EMPOWERMENT_CART_ID = empowermentCart().uuid;

export function sampleOrder(): Order {
  const cart = empowermentCart(CARD_MESSAGE);
  return {
    id: 42,
    uuid: cart.uuid,
    reference: ORDER_REFERENCE,
    status: "PAID",
    paymentDate: "2026-03-10T09:30:00.000Z",
    createdAt: "2026-03-10T09:30:00.000Z",
    items: [],
    shipments: cart.shipments,
    billingAddress: null,
    itemCount: 1,
    linesPrice: samplePrice(2990),
    coupon: null,
    taxes: [],
    totalPrice: samplePrice(3580),
    shippingPrice: samplePrice(590),
    payment: { method: "moneyPot", pspReference: null, status: "AUTHORISED", date: "2026-03-10T09:30:00.000Z" },
    invoiceNumber: null,
    customCardMessage: CARD_MESSAGE,
  };
}

const SERVER_ERROR = { status: 500, message: "Internal Server Error" };
const BAD_REQUEST_ERROR = { status: 400, message: "The request is invalid.", code: "VALIDATION_FAILED" };

const REFUSAL_STATUS: Record<OrderRefusal, number> = {
  BUDGET_EXCEEDED: 409,
  CART_EMPTY: 409,
  CART_INCOMPLETE: 409,
  CART_LOCKED: 409,
  OUT_OF_STOCK: 409,
  MONEY_POT_NOT_FOUND: 404,
  COUNTRY_NOT_ALLOWED: 400,
};

/** The validation's refusal as the API client rejects with it. */
export const refusal = (code: OrderRefusal) => ({ status: REFUSAL_STATUS[code], message: `Refused: ${code}`, code });

type EmpowermentOrderModelEvent = ModelEvent<EmpowermentOrderEvent>;

function answers(snapshot: EmpowermentOrderSnapshot): EmpowermentOrderModelEvent[] {
  if (snapshot.matches("savingAddress")) {
    return [
      { type: "xstate.done.actor.setShippingAddress", output: empowermentCart() },
      { type: "xstate.error.actor.setShippingAddress", error: BAD_REQUEST_ERROR },
      { type: "xstate.error.actor.setShippingAddress", error: SERVER_ERROR },
    ];
  }
  if (snapshot.matches("savingBilling") || snapshot.matches("savingDefaultBilling")) {
    return [
      { type: "xstate.done.actor.setBillingAddress", output: empowermentCart() },
      { type: "xstate.error.actor.setBillingAddress", error: { status: 404, message: "Address not found" } },
    ];
  }
  if (snapshot.matches("savingMethods")) {
    return [
      { type: "xstate.done.actor.setShipmentMethods", output: empowermentCart() },
      { type: "xstate.error.actor.setShipmentMethods", error: BAD_REQUEST_ERROR },
      { type: "xstate.error.actor.setShipmentMethods", error: SERVER_ERROR },
    ];
  }
  if (snapshot.matches("savingMessage")) {
    return [
      { type: "xstate.done.actor.setCustomCard", output: empowermentCart(CARD_MESSAGE) },
      { type: "xstate.error.actor.setCustomCard", error: BAD_REQUEST_ERROR },
      // 'Place the order' pressed as the field is left (the field's save is under way).
      { type: "empowermentOrder.validate", message: CARD_MESSAGE },
    ];
  }
  if (snapshot.matches({ placing: "savingMessage" })) {
    return [
      { type: "xstate.done.actor.setCustomCardBeforeOrder", output: empowermentCart(CARD_MESSAGE) },
      { type: "xstate.error.actor.setCustomCardBeforeOrder", error: SERVER_ERROR },
    ];
  }
  if (snapshot.matches({ placing: "validating" })) {
    return [
      { type: "xstate.done.actor.validateOrder", output: sampleOrder() },
      ...ORDER_REFUSALS.map((code) => ({ type: "xstate.error.actor.validateOrder" as const, error: refusal(code) })),
      { type: "xstate.error.actor.validateOrder", error: SERVER_ERROR },
    ];
  }
  if (snapshot.matches("checkingStock")) {
    return [
      { type: "xstate.done.actor.fetchCart", output: empowermentCart(CARD_MESSAGE) },
      { type: "xstate.error.actor.fetchCart", error: SERVER_ERROR },
    ];
  }
  return [];
}

export const empowermentOrderModel = defineFlowModel(empowermentOrderMachine, {
  name: "empowerment-order",
  input: { cartId: EMPOWERMENT_CART_ID, cardMessage: null },
  events: (snapshot) => {
    const pending = answers(snapshot);
    if (pending.length > 0) return pending;
    if (snapshot.matches("outOfStock")) return [{ type: "empowermentOrder.closeOutOfStock" }];
    if (!snapshot.matches("editing")) return [];
    return [
      { type: "empowermentOrder.chooseAddress", address: LISBON_ADDRESS },
      { type: "empowermentOrder.chooseBilling", name: "Maison" },
      { type: "empowermentOrder.chooseMethods", shipmentMethodIds: [SAMPLE_METHOD_ID] },
      { type: "empowermentOrder.saveMessage", message: CARD_MESSAGE },
      { type: "empowermentOrder.validate", message: CARD_MESSAGE },
      { type: "empowermentOrder.validate", message: snapshot.context.savedMessage },
    ];
  },
  describeEvent: (event) => {
    if (event.type === "xstate.error.actor.validateOrder") {
      const code = typeof event.error === "object" && event.error !== null && "code" in event.error ? String(event.error.code) : "500";
      return `(validateOrder refuses: ${code})`;
    }
    if (event.type === "empowermentOrder.validate") return `empowermentOrder.validate (${event.message === CARD_MESSAGE ? "with the message" : "message unchanged"})`;
    return undefined;
  },
});

/** The cart the default delivery address was set on, still without a billing address. */
export function unbilledCart(): Cart {
  return { ...empowermentCart(), billingAddress: null };
}

/** The crew member's defaults: 'Hotel Lisboa' to deliver to, 'Maison' to bill. */
export const CREW_DEFAULTS: EmpowermentOrderDefaults = { address: LISBON_ADDRESS, billing: "Maison" };

/**
 * The flow as it starts on a cart without delivery or billing address, for a crew member with
 * `defaults` (the model above starts on a cart that has them): the paths of the arrival alone, each
 * ending once the page waits for the choices.
 */
function arrivalModel(defaults: EmpowermentOrderDefaults) {
  return defineFlowModel(empowermentOrderMachine, {
    ...empowermentOrderModel,
    input: { ...empowermentOrderModel.input, defaults },
    events: (snapshot) => {
      if (snapshot.matches("savingAddress")) {
        return [
          { type: "xstate.done.actor.setShippingAddress", output: unbilledCart() },
          { type: "xstate.error.actor.setShippingAddress", error: BAD_REQUEST_ERROR },
          { type: "xstate.error.actor.setShippingAddress", error: SERVER_ERROR },
        ];
      }
      return snapshot.matches("savingDefaultBilling") ? answers(snapshot) : [];
    },
  });
}

/** Arrival with both defaults to set. */
export const arrivalWithDefaultsModel = arrivalModel(CREW_DEFAULTS);
/** Arrival on a cart delivered already, with the default billing address to set. */
export const arrivalWithDefaultBillingModel = arrivalModel({ address: null, billing: CREW_DEFAULTS.billing });
