// The payment retry page (SPEC §2 /commande/paiement/attente/{uuid}?reason=…): a payment that was
// refused, cancelled, failed or abandoned. The cart of that payment is reopened (kept until a payment
// succeeds), the page says what happened and offers to pay again, which goes back to the payment step.
// A payment that went through after all leads to its order.
import { useLingui } from "@lingui/react";
import { Link, useParams, useSearch } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { pagePath } from "../../../../common/pages.ts";
import { selectView } from "../../../../machines/payment/payment.selectors.ts";
import type { RetryReason } from "../../../../machines/payment/payment.types.ts";
import { usePaymentFlow } from "../../../app/payment-flow.ts";
import { useShopContext } from "../../../app/shop-context.ts";
import { useLang } from "../../../i18n/use-lang.ts";
import { useSeo } from "../../../ui/use-seo.ts";
import { PaymentNotice, PaymentStatus } from "./payment-status.tsx";
import "./payment.css";

const REASON_TEXT: Record<RetryReason, string> = {
  refused: "payment.refused",
  cancelled: "payment.cancelled",
  error: "payment.error",
  abandoned: "payment.abandoned",
};

export function PaymentRetryPage() {
  const { _ } = useLingui();
  const { config } = useShopContext();
  const cartUuid = useParams({ strict: false, select: (params) => params.shoppingCartUuid });
  const reason = useSearch({ strict: false, select: (search) => search.reason });
  useSeo({ title: `${_("payment.retry.title")} – ${config.brandName}` });
  if (!cartUuid) return null;
  return <PaymentRetry cartId={cartUuid} reason={retryReasonOf(reason)} />;
}

const isRetryReason = (reason: string | undefined): reason is RetryReason => reason !== undefined && Object.hasOwn(REASON_TEXT, reason);
const retryReasonOf = (reason: string | undefined): RetryReason => (isRetryReason(reason) ? reason : "error");

function PaymentRetry({ cartId, reason }: { cartId: string; reason: RetryReason }) {
  const { _ } = useLingui();
  const lang = useLang();
  const { snapshot, send } = usePaymentFlow(() => ({ type: "payment.reopen", cartId }));
  const view = snapshot ? selectView(snapshot) : "starting";
  const payAgain = useRef<HTMLButtonElement>(null);
  // The way on takes the focus once it is offered.
  useEffect(() => {
    if (view === "retryOffered") payAgain.current?.focus();
  }, [view]);
  return (
    <section className="payment-page" aria-labelledby="payment-retry-title">
      <h1 id="payment-retry-title">{_("payment.retry.title")}</h1>
      <p className="payment-page__reason">{_(REASON_TEXT[reason])}</p>
      {snapshot && <PaymentStatus snapshot={snapshot} />}
      {view === "retryOffered" && (
        <>
          <p>{_("payment.retry.text")}</p>
          <p className="payment-page__actions">
            <button ref={payAgain} type="button" className="button" onClick={() => send({ type: "payment.payAgain" })}>
              {_("payment.retry.payAgain")}
            </button>
            <Link to={pagePath("cart", lang)} className="button button--ghost">
              {_("checkout.summary.editCart")}
            </Link>
          </p>
        </>
      )}
      {view === "reopenFailed" && snapshot && <PaymentNotice snapshot={snapshot} action={_("payment.tryAgain")} onAction={() => send({ type: "payment.reopen", cartId })} />}
    </section>
  );
}
