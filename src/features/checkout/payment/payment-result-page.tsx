// The payment result page (SPEC §2 /commande/paiement/resultat?cartUuid=…, blank layout): where the
// flow lands when the bank has not answered yet (a Pending or Received payment, or a return page
// reloaded after its result was handed over). The order of the cart is asked for until its payment is
// settled: paid, the thank-you page; failed, the retry page. An answer that is late is said so, with
// the way to pay again.
import { useLingui } from "@lingui/react";
import { useSearch } from "@tanstack/react-router";
import { selectView } from "../../../../machines/payment/payment.selectors.ts";
import { usePaymentFlow } from "../../../app/payment-flow.ts";
import { useShopContext } from "../../../app/shop-context.ts";
import { useSeo } from "../../../ui/use-seo.ts";
import { OrderLink } from "./order-link.tsx";
import { PaymentNotice, PaymentStatus } from "./payment-status.tsx";
import "./payment.css";

export function PaymentResultPage() {
  const { _ } = useLingui();
  const { config } = useShopContext();
  const cartUuid = useSearch({ strict: false, select: (search) => search.cartUuid });
  useSeo({ title: `${_("payment.result.title")} – ${config.brandName}` });
  if (!cartUuid) return null;
  return <PaymentResult cartId={cartUuid} />;
}

function PaymentResult({ cartId }: { cartId: string }) {
  const { _ } = useLingui();
  const { snapshot, send } = usePaymentFlow(() => ({ type: "payment.await", cartId }));
  return (
    <section className="payment-page" aria-labelledby="payment-result-title">
      <h1 id="payment-result-title">{_("payment.result.title")}</h1>
      <p>{_("payment.result.text")}</p>
      {snapshot && <PaymentStatus snapshot={snapshot} />}
      {snapshot && selectView(snapshot) === "bankSilent" && (
        <PaymentNotice snapshot={snapshot} messageId="payment.result.late" action={_("payment.retry.payAgain")} onAction={() => send({ type: "payment.retry" })} />
      )}
      <p>
        <OrderLink>{_("payment.result.orders")}</OrderLink>
      </p>
    </section>
  );
}
