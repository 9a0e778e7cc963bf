// The vocabulary of the empowerment checkout (SPEC §2 /commande-empowerment, §5 Empowerment
// countries, §7 empowerment/order calls): a crew member sends a gift paid from their money pot. What
// the page sends, what the IO actors are asked and answer, and the refusals of the order's validation.
import type { components } from "../../common/api/schema.gen.ts";

export type Cart = components["schemas"]["Cart"];
export type AddressInput = components["schemas"]["AddressInput"];
export type Order = components["schemas"]["Order"];

/** The contract's limit on the gift card's message (CustomCardRequest). */
export const CARD_MESSAGE_MAX = 500;

/** What of the crew member's default addresses the flow sets on arrival: what the cart does not have yet. */
export interface EmpowermentOrderDefaults {
  /** Their default delivery address, in one of the programme's countries and with the phone the carrier needs. */
  address: AddressInput | null;
  /** The name of their default billing address. */
  billing: string | null;
}

export interface EmpowermentOrderInput {
  /** The uuid of the crew member's cart (its contents are in the app's query cache). */
  cartId: string;
  /** The card message the cart holds already (null without a card). */
  cardMessage: string | null;
  /** Set on arrival (none when absent). */
  defaults?: EmpowermentOrderDefaults;
}

export interface EmpowermentOrderContext {
  cartId: string;
  /** The card message as the server has it: a message typed is saved only when it differs. */
  savedMessage: string;
  /** The defaults still to set on arrival; none once tried. */
  defaults: EmpowermentOrderDefaults;
}

export type EmpowermentOrderEvent =
  /** Deliver to this address (a saved one, or one just added): copied onto the cart's shipment. */
  | { type: "empowermentOrder.chooseAddress"; address: AddressInput }
  | { type: "empowermentOrder.chooseBilling"; name: string }
  /** One shipment method per shipment of the cart, in the order of its shipments. */
  | { type: "empowermentOrder.chooseMethods"; shipmentMethodIds: number[] }
  /** The card message field was left: saved if it changed. */
  | { type: "empowermentOrder.saveMessage"; message: string }
  /** 'Place the order', with the card message as typed (saved first if it changed). */
  | { type: "empowermentOrder.validate"; message: string }
  | { type: "empowermentOrder.closeOutOfStock" };

export type EmpowermentOrderTag = "loading" | "error";

/** The codes with which the server refuses to validate the order (409, 404, 400). */
export const ORDER_REFUSALS = [
  "BUDGET_EXCEEDED",
  "CART_EMPTY",
  "CART_INCOMPLETE",
  "CART_LOCKED",
  "OUT_OF_STOCK",
  "MONEY_POT_NOT_FOUND",
  "COUNTRY_NOT_ALLOWED",
] as const;
export type OrderRefusal = (typeof ORDER_REFUSALS)[number];

/** What the order still needs before it can be placed (the page points at it). */
export type OrderPart = "delivery" | "method" | "billing";

/** What the page shows as the reason the order was not placed; `failed` for any other failure. */
export type EmpowermentOrderProblem = Exclude<OrderRefusal, "OUT_OF_STOCK" | "MONEY_POT_NOT_FOUND"> | "failed";

export interface CartIdInput {
  cartId: string;
}

export interface ShippingAddressInput {
  cartId: string;
  address: AddressInput;
  /** Always null here: the empowerment checkout delivers to addresses, not to relay points. */
  relayPointId: string | null;
}

export interface BillingAddressInput {
  cartId: string;
  name: string;
}

export interface ShipmentMethodsInput {
  cartId: string;
  shipmentMethodIds: number[];
}

export interface CustomCardInput {
  cartId: string;
  message: string;
}

export type EmpowermentOrderMessageId =
  | "errors.server.access"
  | "errors.cartAdresse.unauthorized"
  | "errors.cartAdresse.allReadyExist"
  | "errors.cartAdresse.notFound"
  | "checkout.shipping.addressRefused"
  | "checkout.shipping.methodRefused"
  | "empowerment.order.cardRefused";

export interface EmpowermentOrderNotification {
  kind: "info" | "danger";
  messageId: EmpowermentOrderMessageId;
}
