// What the guards of the route tree read (DESIGN §3): the session and the cart, from the app-wide
// actors the router context carries, once they have settled: a stored session checked, the cart
// (the customer's one after a sign-in) loaded. The state machine library loads with them, on the
// pages that have a guard only.
import type { CustomerGroup } from "../../machines/auth/auth.types.ts";
import { lineCount } from "../../machines/cart/cart.quantities.ts";
import { isLoadingCart, selectCart } from "../../machines/cart/cart.selectors.ts";
import { selectCustomer, selectStatus } from "../../machines/auth/session.selectors.ts";
import type { Cart, CartStore } from "../app/cart.tsx";
import type { Customer } from "../app/session.ts";
import type { Auth } from "../app/session-provider.tsx";

export type SettledSession = { status: "anonymous"; customer: null } | { status: "signedIn"; customer: Customer };

/** The session once a stored one has been checked: signed in with the customer, or anonymous. */
export async function settledSession(auth: Auth): Promise<SettledSession> {
  const [actor, { waitFor }] = await Promise.all([auth.session.load(), import("xstate")]);
  const snapshot = await waitFor(actor, (state) => selectStatus(state) !== "restoring");
  const customer = selectCustomer(snapshot);
  return selectStatus(snapshot) === "signedIn" && customer ? { status: "signedIn", customer } : { status: "anonymous", customer: null };
}

/** The cart once it is known (after the session, whose sign-in brings the customer's cart). */
export async function settledCart(cart: CartStore): Promise<Cart | null> {
  const [actor, { waitFor }] = await Promise.all([cart.load(), import("xstate")]);
  return selectCart(await waitFor(actor, (state) => !isLoadingCart(state)));
}

/** A cart with at least one line: what the checkout needs (SPEC §2 Guards). */
export const hasLines = (cart: Cart | null): cart is Cart => lineCount(cart) > 0;

/** SPEC §3: the customer group of the employee programme's buyers and of its administrators. */
export const EMPOWERMENT_GROUP: CustomerGroup = "EMPOWERMENT";
export const EMPOWERMENT_ADMIN_GROUP: CustomerGroup = "BRAND_EMPLOYEE";

/** Thrown by the account pages' guard for a visitor who is not signed in: the page invites them to. */
export class SignInRequired extends Error {
  constructor() {
    super("sign-in required");
    this.name = "SignInRequired";
  }
}
