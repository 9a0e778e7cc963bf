// Where the payment component is shown on the payment step: its code and styles are loaded here (only
// now: after the 'payment' consent, with the methods listed), mounted with the methods for the cart's
// amount, and unmounted when the step moves on. What the shopper does in it goes to the payment flow.
import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { PaymentEvent } from "../../../../machines/payment/payment.types.ts";
import { amountToPay } from "../../../actors/payment-actors.ts";
import type { Cart } from "../../../api/queries/cart.ts";
import { paymentMethodsQuery, providerLocaleOf } from "../../../api/queries/payment.ts";
import type { DropinBridge } from "../../../app/payment-flow.ts";
import { useShopContext } from "../../../app/shop-context.ts";
import { useLang } from "../../../i18n/use-lang.ts";
import { reportLoadFailure, withLoadTimeout } from "../../../ui/chunk-load.ts";
import { dropinTexts } from "./dropin-texts.ts";

export interface DropinPanelProps {
  cart: Cart;
  send: (event: PaymentEvent) => void;
  dropin: DropinBridge;
}

export function DropinPanel({ cart, send, dropin }: DropinPanelProps) {
  const { _ } = useLingui();
  const lang = useLang();
  const { api, config } = useShopContext();
  const amount = amountToPay(cart);
  // The flow loaded them before showing this panel.
  const methods = useQuery({ ...paymentMethodsQuery(api, lang, amount), staleTime: Number.POSITIVE_INFINITY });
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef({ send, translate: _ });
  useEffect(() => {
    latest.current = { send, translate: _ };
  });

  useEffect(() => {
    const node = container.current;
    if (!node || !methods.data) return;
    let cancelled = false;
    let unmount: (() => void) | null = null;
    const fail = (error: unknown) => {
      reportLoadFailure(error);
      if (!cancelled) latest.current.send({ type: "payment.dropinFailed" });
    };
    withLoadTimeout(import("./adyen-dropin.ts"))
      .then(({ mountDropin }) =>
        mountDropin({
          container: node,
          paymentMethods: methods.data,
          amount,
          locale: providerLocaleOf(lang),
          translations: dropinTexts(latest.current.translate),
          payment: config.payment,
          origin: window.location.origin,
          onSubmit: (data, pending) => {
            dropin.pending = pending;
            latest.current.send({ type: "payment.submit", ...data });
          },
          onAdditionalDetails: (data, pending) => {
            dropin.pending = pending;
            latest.current.send({ type: "payment.details", ...data });
          },
          onReady: () => latest.current.send({ type: "payment.dropinReady" }),
          onError: () => latest.current.send({ type: "payment.dropinFailed" }),
        }),
      )
      .then((mounted) => {
        if (cancelled) mounted.unmount();
        else unmount = mounted.unmount;
      }, fail);
    return () => {
      cancelled = true;
      unmount?.();
    };
  }, [methods.data, amount, lang, config.payment, dropin]);

  return <div ref={container} className="payment-dropin" aria-label={_("payment.dropin.label")} role="group" />;
}
