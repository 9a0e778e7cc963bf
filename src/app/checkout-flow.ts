// The checkout's flow, app-wide: one actor of the checkout machine per app (its cart store), created
// by the first checkout page visited, with the code of the checkout. A visit asks it where the shopper
// stands (`enterCheckout`: the routes' guards redirect from its answer); the shipping step's views
// read its snapshot and send it what the shopper chooses. Every cart it gets is written to the query
// cache, where the step, the sidebar and the header read it.
import { useCallback } from "react";
import { createActor } from "xstate";
import { isLoadingCart, selectCartId } from "../../machines/cart/cart.selectors.ts";
import { selectPlace, type CheckoutPlace, type CheckoutSnapshot } from "../../machines/checkout/checkout.selectors.ts";
import type { CheckoutEvent, CheckoutStart, CheckoutStep } from "../../machines/checkout/checkout.types.ts";
import { createCheckoutMachine } from "../actors/checkout-actors.ts";
import { addressInputOf, defaultAddressesOf } from "../api/addresses.ts";
import { isApiError, type ApiClient } from "../api/client.ts";
import { cartQuery, writeCart } from "../api/queries/cart.ts";
import { currentLang } from "../i18n/i18n.ts";
import type { QueryClient } from "@tanstack/react-query";
import { useCartStore, type CartStore } from "./cart.tsx";
import { lazyActor, useLazySelector, type LazyActor } from "./lazy-actor.ts";
import { pushNotification, useNotificationsQueue, type Notifications } from "./notifications.tsx";
import type { Customer } from "./session.ts";
import { settledSession } from "./settled-session.ts";
import { useAuth, type Auth } from "./session-provider.tsx";
import { useShopContext } from "./shop-context.ts";
import { inspection } from "./flow-inspection.ts";

type CheckoutActor = ReturnType<typeof startCheckout>;

/** What the checkout needs of the app (the router context has it all). */
export interface CheckoutDeps {
  api: ApiClient;
  queryClient: QueryClient;
  auth: Auth;
  cart: CartStore;
  notifications: Notifications;
  sessionStorage?: Pick<Storage, "getItem">;
}

/** SPEC §3: the session flag of an employee sign-in in progress. */
const EMPLOYEE_SIGN_IN_FLAG = "empowerment";

/** The session settled, then the cart as the server has it now (its stock up to date). */
async function loadCheckout({ auth, cart, queryClient, api, sessionStorage = window.sessionStorage }: CheckoutDeps): Promise<CheckoutStart> {
  const session = await settledSession(auth);
  // After the session: a sign-in brings the customer's cart.
  const [cartActor, { waitFor }] = await Promise.all([cart.actor.load(), import("xstate")]);
  const settled = await waitFor(cartActor, (state) => !isLoadingCart(state));
  const cartId = selectCartId(settled);
  const lang = currentLang();
  const current =
    cartId === null
      ? null
      : await queryClient.fetchQuery({ ...cartQuery(api, cartId, lang), staleTime: 0 }).catch((error: unknown) => {
          if (isApiError(error) && error.status === 404) return null;
          throw error;
        });
  return {
    customerGroup: session.status === "signedIn" ? session.customer.customerGroup : null,
    employeeSignIn: sessionStorage.getItem(EMPLOYEE_SIGN_IN_FLAG) !== null,
    cart: current,
    ...(session.status === "signedIn" ? defaultsOf(session.customer) : { defaultAddress: null, defaultBilling: null }),
  };
}

/** SPEC §3: the customer's default addresses; the delivery one only with the phone the carrier needs. */
function defaultsOf(customer: Customer): Pick<CheckoutStart, "defaultAddress" | "defaultBilling"> {
  const { shipping, billing } = defaultAddressesOf(customer);
  return {
    defaultAddress: shipping?.phone ? addressInputOf(shipping, shipping.phone) : null,
    defaultBilling: billing?.name ?? null,
  };
}

function startCheckout(deps: CheckoutDeps) {
  const machine = createCheckoutMachine(deps.api, {
    loadCheckout: () => loadCheckout(deps),
    writeCart: (cart) => writeCart(deps.queryClient, cart, currentLang()),
    notify: (notification) => pushNotification(deps.notifications, notification),
  });
  return createActor(machine, inspection()).start();
}

const flows = new WeakMap<CartStore, LazyActor<CheckoutActor>>();

/** The app's checkout flow (created on first use). */
function checkoutFlowOf(deps: CheckoutDeps): LazyActor<CheckoutActor> {
  let flow = flows.get(deps.cart);
  if (!flow) {
    flow = lazyActor(async () => startCheckout(deps));
    flows.set(deps.cart, flow);
  }
  return flow;
}

/** Thrown by a checkout step's guard when the flow could not load the cart: the page says so. */
export class CheckoutUnavailable extends Error {
  constructor() {
    super("the checkout could not be loaded");
    this.name = "CheckoutUnavailable";
  }
}

/** A checkout page is visited: where the flow sends the shopper once it has loaded the cart and the profile. */
export async function enterCheckout(deps: CheckoutDeps, step: CheckoutStep): Promise<CheckoutPlace> {
  const [actor, { waitFor }] = await Promise.all([checkoutFlowOf(deps).load(), import("xstate")]);
  actor.send({ type: "checkout.enter", step });
  const settled = await waitFor(actor, (snapshot) => selectPlace(snapshot) !== null);
  return selectPlace(settled) ?? "failed";
}

/** The checkout flow of the app the view is in. */
function useCheckoutFlow(): LazyActor<CheckoutActor> {
  const { api, queryClient } = useShopContext();
  return checkoutFlowOf({ api, queryClient, auth: useAuth(), cart: useCartStore(), notifications: useNotificationsQueue() });
}

/** Reads from the checkout's snapshot; `fallback` until it is loaded. */
export function useCheckoutState<T>(selector: (snapshot: CheckoutSnapshot) => T, fallback: T): T {
  return useLazySelector(useCheckoutFlow(), selector, fallback);
}

export function useCheckoutSend(): (event: CheckoutEvent) => void {
  const flow = useCheckoutFlow();
  return useCallback((event: CheckoutEvent) => flow.send(event), [flow]);
}
