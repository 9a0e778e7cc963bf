// The empowerment checkout's flow for one visit of its page: an actor of the empowerment-order machine
// started once the crew member's cart is known and stopped when the page goes. Its effects are the
// app's: the answered carts go to the query cache, an order made forgets the cart (the cart flow
// starts again without one) and has the money pot and the orders asked again, then the thank-you page.
import { useNavigate } from "@tanstack/react-router";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { createActor, type ActorRefFrom } from "xstate";
import { pagePath } from "../../common/pages.ts";
import type { empowermentOrderMachine } from "../../machines/empowerment-order/empowerment-order.machine.ts";
import type { EmpowermentOrderSnapshot } from "../../machines/empowerment-order/empowerment-order.selectors.ts";
import type { EmpowermentOrderDefaults, EmpowermentOrderEvent } from "../../machines/empowerment-order/empowerment-order.types.ts";
import { isEmpowermentCountry } from "../../machines/shared/address-rules.ts";
import { createEmpowermentOrderMachine } from "../actors/empowerment-order-actors.ts";
import { addressInputOf, defaultAddressesOf } from "../api/addresses.ts";
import { writeCart, type Cart } from "../api/queries/cart.ts";
import { refreshMoneyPot } from "../api/queries/money-pot.ts";
import { currentLang } from "../i18n/i18n.ts";
import { useLang } from "../i18n/use-lang.ts";
import { useCartStore } from "./cart.tsx";
import { useNotify } from "./notifications.tsx";
import type { Customer } from "./session.ts";
import { useShopContext } from "./shop-context.ts";

type EmpowermentOrderActor = ActorRefFrom<typeof empowermentOrderMachine>;

/** The account's order history and details (src/features/account): asked again after an order. */
const ORDERS_KEY = ["account"] as const;

export interface EmpowermentOrderFlow {
  snapshot: EmpowermentOrderSnapshot | null;
  send: (event: EmpowermentOrderEvent) => void;
}

const noSubscription = () => () => undefined;

const NO_DEFAULTS: EmpowermentOrderDefaults = { address: null, billing: null };

/** SPEC §3: the crew member's default addresses the cart does not have yet; the delivery one only in the programme's countries, with the phone the carrier needs. */
function defaultsOf(customer: Customer | null, cart: Cart | null): EmpowermentOrderDefaults {
  if (customer === null || cart === null) return NO_DEFAULTS;
  const { shipping, billing } = defaultAddressesOf(customer);
  const phone = shipping?.phone;
  return {
    address: cart.shippingAddress === null && shipping !== null && phone && isEmpowermentCountry(shipping.country) ? addressInputOf(shipping, phone) : null,
    billing: cart.billingAddress === null ? (billing?.name ?? null) : null,
  };
}

/** The page's flow, for the cart shown (none until it is known); on arrival it sets the crew member's defaults the cart lacks. */
export function useEmpowermentOrderFlow(cart: Cart | null, customer: Customer | null): EmpowermentOrderFlow {
  const { api, queryClient } = useShopContext();
  const cartStore = useCartStore();
  const notify = useNotify();
  const navigate = useNavigate();
  const lang = useLang();
  const [actor, setActor] = useState<EmpowermentOrderActor | null>(null);
  const latest = useRef({ navigate, lang, notify, cardMessage: cart?.customCardMessage ?? null, defaults: defaultsOf(customer, cart) });
  useEffect(() => {
    latest.current = { navigate, lang, notify, cardMessage: cart?.customCardMessage ?? null, defaults: defaultsOf(customer, cart) };
  });
  const cartId = cart?.uuid ?? null;

  useEffect(() => {
    if (cartId === null) return undefined;
    const machine = createEmpowermentOrderMachine(api, {
      writeCart: (answered) => writeCart(queryClient, answered, currentLang()),
      notify: (notification) => latest.current.notify(notification),
      refreshMoneyPot: () => void refreshMoneyPot(queryClient),
      forgetOrderedCart: () => {
        cartStore.actor.send({ type: "cart.ordered" });
        void refreshMoneyPot(queryClient);
        void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      },
      showThankYou: (order) => {
        const { navigate: go, lang: at } = latest.current;
        void go({ to: pagePath("thankYou", at), params: { order }, replace: true });
      },
    });
    const started = createActor(machine, { input: { cartId, cardMessage: latest.current.cardMessage, defaults: latest.current.defaults } }).start();
    setActor(started);
    return () => {
      started.stop();
      setActor(null);
    };
  }, [api, queryClient, cartStore, cartId]);

  const subscribe = useCallback(
    (listener: () => void) => {
      if (!actor) return noSubscription();
      const subscription = actor.subscribe(listener);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  const snapshot = useSyncExternalStore(subscribe, () => actor?.getSnapshot() ?? null);
  const send = useCallback((event: EmpowermentOrderEvent) => actor?.send(event), [actor]);
  return { snapshot, send };
}
