// The payment step (SPEC §2 /commande/paiement): the order summed up, and the card payment. Without
// the 'payment' consent the step says why the provider's component needs it and offers to give it;
// then the component is shown, and what follows 'Pay' is the payment flow's (machines/payment): the
// thank-you page, the retry page, the result page, or a message here. The route's guard let the
// shopper in only with a cart the checkout flow found ready to pay.
import { useLingui } from "@lingui/react";
import { useEffect } from "react";
import { selectView } from "../../../../machines/payment/payment.selectors.ts";
import { useCheckoutState } from "../../../app/checkout-flow.ts";
import { usePaymentFlow } from "../../../app/payment-flow.ts";
import { useShopContext } from "../../../app/shop-context.ts";
import { useCart } from "../../../app/use-cart.ts";
import { useConsent, useConsentSend } from "../../../app/use-consent.ts";
import { useSeo } from "../../../ui/use-seo.ts";
import { OutOfStockDialog } from "../out-of-stock-modal.tsx";
import { ConsentOffer } from "./consent-offer.tsx";
import { DropinPanel } from "./dropin-panel.tsx";
import { PaymentNotice, PaymentStatus } from "./payment-status.tsx";
import { PaymentSummary } from "./payment-summary.tsx";
import "../checkout.css";
import "./payment.css";

export function PaymentStepPage() {
  const { _ } = useLingui();
  const { config } = useShopContext();
  const cartId = useCheckoutState((snapshot) => snapshot.context.cartId, null);
  useSeo({ title: `${_("payment.title")} – ${config.brandName}` });
  if (cartId === null) {
    return (
      <p className="checkout-step" role="status" aria-busy="true">
        {_("checkout.loading")}
      </p>
    );
  }
  return <PaymentStep cartId={cartId} />;
}

function PaymentStep({ cartId }: { cartId: string }) {
  const { _ } = useLingui();
  const { cart } = useCart();
  const consented = useConsent("payment");
  const sendConsent = useConsentSend();
  const { snapshot, send, dropin } = usePaymentFlow(() => ({ type: "payment.open", cartId, consented }));
  const view = snapshot ? selectView(snapshot) : "starting";

  // The consent given here, on the cookie banner or in another part of the page: on with the payment.
  useEffect(() => {
    if (consented && view === "consent") send({ type: "payment.consented" });
  }, [consented, view, send]);

  // Back from the bank's page to a page kept in the browser's memory: that payment was abandoned.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) send({ type: "payment.abandon" });
    };
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, [send]);

  const allowPayment = () => {
    // From a decision already made: reopen it; from none: start choosing. Then payment is switched on.
    sendConsent({ type: "consent.reopen" });
    sendConsent({ type: "consent.choose" });
    sendConsent({ type: "consent.toggle", category: "payment" });
    sendConsent({ type: "consent.save" });
  };

  return (
    <div className="checkout-step payment-step">
      <h1>{_("payment.title")}</h1>
      <div className="shipping-step__layout">
        <section className="checkout-section payment-step__method" aria-labelledby="payment-method-title">
          <h2 id="payment-method-title">{_("payment.method")}</h2>
          {snapshot && <PaymentStatus snapshot={snapshot} />}
          {view === "consent" && <ConsentOffer onAllow={allowPayment} />}
          {view === "dropin" && cart && <DropinPanel cart={cart} send={send} dropin={dropin} />}
          {(view === "failed" || view === "locked") && snapshot && (
            <PaymentNotice snapshot={snapshot} action={_("payment.tryAgain")} onAction={() => send({ type: "payment.retry" })} />
          )}
        </section>
        {cart && <PaymentSummary cart={cart} />}
      </div>
      <OutOfStockDialog open={view === "outOfStock"} cart={cart} onClose={() => send({ type: "payment.closeOutOfStock" })} />
    </div>
  );
}
