// The out-of-stock modal (SPEC §2): on entering the checkout, before the payment, or when the goods
// were gone as the payment was made, the lines whose quantity is above today's stock, with 'Edit my
// shopping cart' (the cart page). Nothing goes on to payment while such a line is in the cart.
import { useLingui } from "@lingui/react";
import { Link } from "@tanstack/react-router";
import { pagePath } from "../../../common/pages.ts";
import { linesOverStock } from "../../../machines/checkout/checkout.machine.ts";
import { isOutOfStockOpen } from "../../../machines/checkout/checkout.selectors.ts";
import type { Cart } from "../../api/queries/cart.ts";
import { useCheckoutSend, useCheckoutState } from "../../app/checkout-flow.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { Modal } from "../../ui/modal.tsx";

/** The shipping step's modal, opened by the checkout flow's stock check. */
export function OutOfStockModal({ cart }: { cart: Cart }) {
  const open = useCheckoutState(isOutOfStockOpen, false);
  const send = useCheckoutSend();
  return <OutOfStockDialog open={open} cart={cart} onClose={() => send({ type: "checkout.closeOutOfStock" })} />;
}

/** The modal itself: the lines of `cart` (as the flow last wrote it) above their stock. */
export function OutOfStockDialog({ open, cart, onClose }: { open: boolean; cart: Cart | null; onClose: () => void }) {
  const { _ } = useLingui();
  const lang = useLang();
  const lines = linesOverStock(cart);
  return (
    <Modal open={open} onClose={onClose} title={_("checkout.outOfStock.title")} closeLabel={_("layout.dialog.close")}>
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
