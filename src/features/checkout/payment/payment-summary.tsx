// The order as the payment step sums it up (SPEC §2 /commande/paiement): the lines, where it goes,
// the shipping, the coupon and the amount to pay, from the cart the checkout flow wrote to the cache.
import { useLingui } from "@lingui/react";
import { Link } from "@tanstack/react-router";
import { useId } from "react";
import { pagePath } from "../../../../common/pages.ts";
import type { Cart } from "../../../api/queries/cart.ts";
import { formatPrice } from "../../../i18n/format.ts";
import { useLang } from "../../../i18n/use-lang.ts";
import { AddressLines } from "../address-lines.tsx";
import { CheckoutTotals } from "../checkout-totals.tsx";

export function PaymentSummary({ cart }: { cart: Cart }) {
  const { _ } = useLingui();
  const lang = useLang();
  const headingId = useId();
  const shipment = cart.shipments[0];
  return (
    <aside className="checkout-summary payment-summary" aria-labelledby={headingId}>
      <h2 id={headingId}>{_("checkout.summary.title")}</h2>
      <ul className="payment-summary__lines">
        {cart.cartItems.map((line) => (
          <li key={line.offerId} className="payment-summary__line">
            <span className="payment-summary__name">
              {line.product.name}
              {line.selectedAttributes.length > 0 && <span> ({line.selectedAttributes.map((attribute) => attribute.valueLabel).join(", ")})</span>}
            </span>
            <span className="payment-summary__quantity">{_("payment.summary.quantity", { quantity: line.quantity })}</span>
            <span className="payment-summary__price">{line.isGift ? _("payment.summary.gift") : formatPrice(line.price.taxIncluded, lang)}</span>
          </li>
        ))}
      </ul>
      <CheckoutTotals
        cart={cart}
        shippingLabel={shipment?.shipmentMethod ? _("payment.summary.shippingWith", { method: shipment.shipmentMethod.name }) : _("cart.totals.shipping")}
      />
      {cart.shippingAddress && (
        <div className="payment-summary__delivery">
          <h3>{_("payment.summary.deliveredTo")}</h3>
          <AddressLines address={cart.shippingAddress} lang={lang} />
        </div>
      )}
      <Link to={pagePath("checkoutShipping", lang)} className="checkout-summary__back">
        {_("payment.summary.editShipping")}
      </Link>
    </aside>
  );
}
