// The vocabulary of the checkout (SPEC §2 checkout routes, guards and modals, §3 Cart, Shipment,
// Address, §4 Checkout and Address, §8 billing address errors): what the routes and the shipping
// step send, what the IO actors are asked and answer.
import type { components } from "../../common/api/schema.gen.ts";

export type Cart = components["schemas"]["Cart"];
export type CartItem = components["schemas"]["CartItem"];
export type AddressInput = components["schemas"]["AddressInput"];
export type CustomerGroup = components["schemas"]["CustomerGroup"];

/** The checkout's pages that a shopper may ask for (SPEC §2); the flow says which one they get. */
export type CheckoutStep = "signIn" | "shipping" | "payment";

/** What the checkout knows once it has loaded the cart and the profile (SPEC §2 Guards). */
export interface CheckoutStart {
  /** The signed-in customer's group; null for a guest. */
  customerGroup: CustomerGroup | null;
  /** The employee sign-in flag is held in session storage (SPEC §2, §3). */
  employeeSignIn: boolean;
  /** The shopper's cart as the server has it now (its lines' stock up to date); null without one. */
  cart: Cart | null;
  /** The customer's default delivery address, with the phone the carrier needs (SPEC §3); null without one. */
  defaultAddress: AddressInput | null;
  /** The name of the customer's default billing address (SPEC §3); null without one. */
  defaultBilling: string | null;
}

export interface CheckoutContext {
  /** The page the shopper asked for last. */
  requested: CheckoutStep;
  /** The uuid of the shopper's cart, once loaded (its contents are in the app's query cache). */
  cartId: string | null;
  /** The customer's defaults the flow still has to set on a cart that has none (each is tried once). */
  defaults: CheckoutDefaults;
}

export interface CheckoutDefaults {
  address: AddressInput | null;
  billing: string | null;
}

export type CheckoutEvent =
  /** A checkout page is visited: the cart and the profile are loaded again and the flow decides. */
  | { type: "checkout.enter"; step: CheckoutStep }
  /** Deliver to this address (a saved one, or one just added): it is copied onto the cart's shipment. */
  | { type: "checkout.chooseAddress"; address: AddressInput }
  /** Deliver to a Colissimo relay point: its address with the shopper's name and phone. */
  | { type: "checkout.chooseRelay"; address: AddressInput; relayPointId: string }
  | { type: "checkout.openRelay" }
  | { type: "checkout.closeRelay" }
  /** The billing address list modal (SPEC §2): choose, then Confirm. */
  | { type: "checkout.openAddressList" }
  | { type: "checkout.closeAddressList" }
  | { type: "checkout.chooseBilling"; name: string }
  /** One shipment method per shipment of the cart, in the order of its shipments. */
  | { type: "checkout.chooseMethods"; shipmentMethodIds: number[] }
  /** 'Continue to payment', with the cart as the step shows it. */
  | { type: "checkout.continue"; cart: Cart | null }
  | { type: "checkout.closeOutOfStock" };

export type CheckoutTag = "loading";

export interface ShippingAddressInput {
  cartId: string;
  address: AddressInput;
  /** The Colissimo relay point, when delivering to one. */
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

export interface CartIdInput {
  cartId: string;
}

export type CheckoutMessageId =
  | "errors.server.access"
  | "errors.cartAdresse.unauthorized"
  | "errors.cartAdresse.allReadyExist"
  | "errors.cartAdresse.notFound"
  | "checkout.shipping.addressRefused"
  | "checkout.shipping.methodRefused";

/** A notification the checkout asks the app to show (a `notifications.push` without its type). */
export interface CheckoutNotification {
  kind: "info" | "danger";
  messageId: CheckoutMessageId;
}
