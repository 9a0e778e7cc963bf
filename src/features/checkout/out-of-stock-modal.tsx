// The out-of-stock modal (SPEC §2): on entering the checkout or before the payment, the lines whose
// quantity is above today's stock, with 'Edit my shopping cart' (the cart page). Nothing goes on to
// payment while such a line is in the cart.
import { useLingui } from "@lingui/react";
import { Link } from "@tanstack/react-router";
import { pagePath } from "../../../common/pages.ts";
import { linesOverStock } from "../../../machines/checkout/checkout.rules.ts";
import { isOutOfStockOpen } from "../../../machines/checkout/checkout.selectors.ts";
import type { Cart } from "../../api/queries/cart.ts";
import { useCheckoutSend, useCheckoutState } from "../../app/checkout-flow.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { Modal } from "../../ui/modal.tsx";

export function OutOfStockModal({ cart }: { cart: Cart }) {
  const { _ } = useLingui();
  const lang = useLang();
  const open = useCheckoutState(isOutOfStockOpen, false);
  // The cart as the flow's stock check wrote it into the cache.
  const lines = linesOverStock(cart);
  const send = useCheckoutSend();
  return (
    <Modal open={open} onClose={() => send({ type: "checkout.closeOutOfStock" })} title={_("checkout.outOfStock.title")} closeLabel={_("layout.dialog.close")}>
      <p>{_("checkout.outOfStock.text")}</p>
      <ul className="out-of-stock__lines">
        {lines.map((line) => (
          <li key={line.offerId}>
            <strong>{line.product.name}</strong>
            {line.selectedAttributes.length > 0 && <span> ({line.selectedAttributes.map((attribute) => attribute.valueLabel).join(", ")})</span>}
            <span className="out-of-stock__quantity">
              {line.offer.stockQuantity > 0
                ? _("checkout.outOfStock.left", { quantity: line.quantity, stock: line.offer.stockQuantity })
                : _("checkout.outOfStock.none", { quantity: line.quantity })}
            </span>
          </li>
        ))}
      </ul>
      <Link to={pagePath("cart", lang)} className="button">
        {_("checkout.outOfStock.editCart")}
      </Link>
    </Modal>
  );
}
