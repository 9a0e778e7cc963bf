// The cart's totals as the checkout's steps show them beside the step: shipping (or "later"), the
// coupon's reduction, the amount to pay and its tax; a step may put rows of its own first.
import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import type { Cart } from "../../api/queries/cart.ts";
import { formatPrice } from "../../i18n/format.ts";
import { useLang } from "../../i18n/use-lang.ts";

export function CheckoutTotals({ cart, shippingLabel, children }: { cart: Cart; shippingLabel: string; children?: ReactNode }) {
  const { _ } = useLingui();
  const lang = useLang();
  const toPay = cart.specialPrice ?? cart.totalPrice;
  return (
    <dl className="cart-totals">
      {children}
      <div className="cart-totals__row">
        <dt>{shippingLabel}</dt>
        <dd>{cart.shippingPrice ? formatPrice(cart.shippingPrice.taxIncluded, lang) : _("checkout.summary.shippingLater")}</dd>
      </div>
      {cart.coupon && cart.specialPrice && (
        <div className="cart-totals__row">
          <dt>{_("checkout.summary.coupon", { code: cart.coupon.code })}</dt>
          <dd>{formatPrice(cart.specialPrice.taxIncluded - cart.totalPrice.taxIncluded, lang)}</dd>
        </div>
      )}
      <div className="cart-totals__row cart-totals__row--total">
        <dt>{_("checkout.summary.total")}</dt>
        <dd>{formatPrice(toPay.taxIncluded, lang)}</dd>
      </div>
      <div className="cart-totals__row cart-totals__row--minor">
        <dt>{_("cart.totals.tax")}</dt>
        <dd>{formatPrice(toPay.taxAmount, lang)}</dd>
      </div>
    </dl>
  );
}
