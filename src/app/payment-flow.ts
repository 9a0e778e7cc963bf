// The card payment's flow for one payment page: an actor of the payment machine started when the
// page mounts and stopped when it goes, which is sent the page's visit (machines/payment). Where the
// flow sends the shopper is a navigation here; an order made forgets the cart (the cart flow starts
// again without one); the payment component's pending submission is answered through `dropin`.
import { useNavigate } from "@tanstack/react-router";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { createActor, type ActorRefFrom } from "xstate";
import { pagePath } from "../../common/pages.ts";
import type { paymentMachine } from "../../machines/payment/payment.machine.ts";
import type { PaymentSnapshot } from "../../machines/payment/payment.selectors.ts";
import type { PaymentEvent, PaymentResult } from "../../machines/payment/payment.types.ts";
import { createPaymentMachine } from "../actors/payment-actors.ts";
import { writeCart } from "../api/queries/cart.ts";
import { currentLang } from "../i18n/i18n.ts";
import { useLang } from "../i18n/use-lang.ts";
import { useCartStore } from "./cart.tsx";
import { useNotify } from "./notifications.tsx";
import { useShopContext } from "./shop-context.ts";
import { inspection } from "./flow-inspection.ts";

type PaymentActor = ActorRefFrom<typeof paymentMachine>;

/** The payment component's submission waiting for the server's answer. */
export interface PendingSubmission {
  resolve: (result: PaymentResult) => void;
  reject: () => void;
}

/** Between the flow and the payment component: the submission it is waiting on, if any. */
export interface DropinBridge {
  pending: PendingSubmission | null;
}

/** The sessionStorage key marking a redirect result this tab handed over. */
export const redirectMarkerKey = (redirectResult: string) => `payment.redirect.${redirectResult}`;

export function isRedirectMarked(redirectResult: string, storage: Pick<Storage, "getItem"> = window.sessionStorage): boolean {
  return storage.getItem(redirectMarkerKey(redirectResult)) !== null;
}

export interface PaymentFlow {
  snapshot: PaymentSnapshot | null;
  send: (event: PaymentEvent) => void;
  dropin: DropinBridge;
}

const noSubscription = () => () => undefined;

/** Starts the page's payment flow and sends it `visit` (once, when the page mounts). */
export function usePaymentFlow(visit: () => PaymentEvent): PaymentFlow {
  const { api, queryClient } = useShopContext();
  const cart = useCartStore();
  const notify = useNotify();
  const navigate = useNavigate();
  const lang = useLang();
  const [actor, setActor] = useState<PaymentActor | null>(null);
  const [dropin] = useState<DropinBridge>(() => ({ pending: null }));
  // The latest of what the flow's effects use, read when they run.
  const latest = useRef({ navigate, lang, notify, visit });
  useEffect(() => {
    latest.current = { navigate, lang, notify, visit };
  });

  useEffect(() => {
    const machine = createPaymentMachine(api, queryClient, {
      lang: () => latest.current.lang,
      origin: window.location.origin,
      writeCart: (answered) => writeCart(queryClient, answered, currentLang()),
      // The server deleted the cart the order was made from: the cart flow starts again without one.
      forgetCart: () => cart.actor.send({ type: "cart.ordered" }),
      notify: (notification) => latest.current.notify(notification),
      markRedirect: (redirectResult) => window.sessionStorage.setItem(redirectMarkerKey(redirectResult), new Date().toISOString()),
      answerDropin: (result) => {
        dropin.pending?.resolve(result);
        dropin.pending = null;
      },
      failDropin: () => {
        dropin.pending?.reject();
        dropin.pending = null;
      },
      showThankYou: (order) => {
        const { navigate: go, lang: at } = latest.current;
        void go({ to: pagePath("thankYou", at), params: { order }, replace: true });
      },
      showRetry: (shoppingCartUuid, reason) => {
        const { navigate: go, lang: at } = latest.current;
        void go({ to: pagePath("paymentWaiting", at), params: { shoppingCartUuid }, search: { reason }, replace: true });
      },
      showResult: (cartUuid) => {
        const { navigate: go, lang: at } = latest.current;
        void go({ to: pagePath("paymentResult", at), search: { cartUuid }, replace: true });
      },
      showPayment: () => void latest.current.navigate({ to: pagePath("checkoutPayment", latest.current.lang), replace: true }),
      showShipping: () => void latest.current.navigate({ to: pagePath("checkoutShipping", latest.current.lang), replace: true }),
      showCart: () => void latest.current.navigate({ to: pagePath("cart", latest.current.lang), replace: true }),
    });
    const started = createActor(machine, inspection()).start();
    setActor(started);
    started.send(latest.current.visit());
    return () => {
      started.stop();
      dropin.pending = null;
    };
  }, [api, queryClient, cart, dropin]);

  const subscribe = useCallback(
    (listener: () => void) => {
      if (!actor) return noSubscription();
      const subscription = actor.subscribe(listener);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  const snapshot = useSyncExternalStore(subscribe, () => actor?.getSnapshot() ?? null);
  const send = useCallback((event: PaymentEvent) => actor?.send(event), [actor]);
  return { snapshot, send, dropin };
}
