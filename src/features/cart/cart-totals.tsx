// The cart's totals (SPEC §3 Cart, Price): the tax-included total, the total after the coupon when one
// applies (`specialPrice`), the tax it includes, and the shipping (chosen at checkout).
import { useLingui } from "@lingui/react";
import type { Cart } from "../../../machines/cart/cart.types.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { formatPrice } from "../../i18n/format.ts";

export function CartTotals({ cart }: { cart: Cart }) {
  const { _ } = useLingui();
  const lang = useLang();
  const toPay = cart.specialPrice ?? cart.totalPrice;
  // A gift coupon takes nothing off: the total is then shown once, not struck next to itself.
  const reduced = cart.specialPrice !== null && cart.specialPrice.taxIncluded !== cart.totalPrice.taxIncluded;
  return (
    <dl className="cart-totals">
      <div className={`cart-totals__row${reduced ? " cart-totals__row--before" : " cart-totals__row--total"}`}>
        <dt>{_("cart.totals.total")}</dt>
        <dd>{reduced ? <s>{formatPrice(cart.totalPrice.taxIncluded, lang)}</s> : formatPrice(cart.totalPrice.taxIncluded, lang)}</dd>
      </div>
      {reduced && cart.specialPrice && cart.coupon && (
        <div className="cart-totals__row cart-totals__row--total">
          <dt>{_("cart.totals.withCoupon", { code: cart.coupon.code })}</dt>
          <dd>{formatPrice(cart.specialPrice.taxIncluded, lang)}</dd>
        </div>
      )}
      <div className="cart-totals__row cart-totals__row--minor">
        <dt>{_("cart.totals.tax")}</dt>
        <dd>{formatPrice(toPay.taxAmount, lang)}</dd>
      </div>
      <div className="cart-totals__row cart-totals__row--minor">
        <dt>{_("cart.totals.shipping")}</dt>
        <dd>{cart.shippingPrice ? formatPrice(cart.shippingPrice.taxIncluded, lang) : _("cart.totals.shippingLater")}</dd>
      </div>
    </dl>
  );
}
