// The payment return page (SPEC §2 /commande/paiement/retour?cartUuid=…&redirectResult=…): where the
// bank sends the shopper back. The redirect result is handed over once per tab (a reload, marked,
// follows the order on the result page instead); then the thank-you page, the retry page, or the
// out-of-stock modal when the goods were gone as the payment came through.
import { useLingui } from "@lingui/react";
import { useSearch } from "@tanstack/react-router";
import { useState } from "react";
import { selectView } from "../../../../machines/payment/payment.selectors.ts";
import { isRedirectMarked, usePaymentFlow } from "../../../app/payment-flow.ts";
import { useShopContext } from "../../../app/shop-context.ts";
import { useCart } from "../../../app/use-cart.ts";
import { useSeo } from "../../../ui/use-seo.ts";
import { OutOfStockDialog } from "../out-of-stock-modal.tsx";
import { PaymentStatus } from "./payment-status.tsx";
import "./payment.css";

export function PaymentReturnPage() {
  const { _ } = useLingui();
  const { config } = useShopContext();
  const cartUuid = useSearch({ strict: false, select: (search) => search.cartUuid });
  const redirectResult = useSearch({ strict: false, select: (search) => search.redirectResult });
  useSeo({ title: `${_("payment.return.title")} – ${config.brandName}` });
  // The route's guard let the page in only with a cart uuid.
  if (!cartUuid) return null;
  return <PaymentReturn cartId={cartUuid} redirectResult={redirectResult ?? null} />;
}

function PaymentReturn({ cartId, redirectResult }: { cartId: string; redirectResult: string | null }) {
  const { _ } = useLingui();
  const { cart } = useCart();
  // Read once, as the page opens: whether this tab handed the result over before (a reload).
  const [alreadySubmitted] = useState(() => redirectResult !== null && isRedirectMarked(redirectResult));
  const { snapshot, send } = usePaymentFlow(() => ({ type: "payment.return", cartId, redirectResult, alreadySubmitted }));
  return (
    <section className="payment-page" aria-labelledby="payment-return-title">
      <h1 id="payment-return-title">{_("payment.return.title")}</h1>
      {snapshot && <PaymentStatus snapshot={snapshot} />}
      <OutOfStockDialog open={snapshot !== null && selectView(snapshot) === "outOfStock"} cart={cart} onClose={() => send({ type: "payment.closeOutOfStock" })} />
    </section>
  );
}
