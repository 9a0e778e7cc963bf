// What the cart sidebar and the cart page both show: the lines, clear cart, the coupon block, the
// totals and the way on (the sidebar adds 'Go to cart'); an empty cart says so with 'Start shopping'.
import { Link } from "@tanstack/react-router";
import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import type { CartApi } from "../../app/use-cart.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { pagePath } from "../../../common/pages.ts";
import { CartLines } from "./cart-lines.tsx";
import { CartTotals } from "./cart-totals.tsx";
import { CheckoutLink } from "./checkout-link.tsx";
import { CouponForm } from "./coupon-form.tsx";

export interface CartContentsProps {
  cart: CartApi;
  /** Extra ways on, before 'Go to pass order' (the sidebar's 'Go to cart'). */
  actions?: ReactNode;
  /** A link inside was followed (the sidebar closes). */
  onFollowLink?: () => void;
  /** Level of the headings inside: 3 under the sidebar's title, 2 under the page's. */
  headingLevel: 2 | 3;
}

export function CartContents({ cart, actions, onFollowLink, headingLevel }: CartContentsProps) {
  const { _ } = useLingui();
  const lang = useLang();
  const { cart: content, busy } = cart;

  if (!cart.known) {
    return (
      <p className="cart-status" role="status" aria-busy="true">
        {_("common.loading")}
      </p>
    );
  }

  if (content === null || content.cartItems.length === 0) {
    return (
      <div className="cart-empty">
        <p className="cart-empty__text">{_("cart.empty")}</p>
        <Link to={pagePath("home", lang)} activeOptions={{ exact: true }} className="button" onClick={onFollowLink}>
          {_("cart.startShopping")}
        </Link>
      </div>
    );
  }

  return (
    <div className="cart-contents" aria-busy={busy}>
      <CartLines
        lines={content.cartItems}
        busy={busy}
        pendingOfferId={cart.pendingOfferId}
        quantityBounds={cart.quantityBounds}
        onUpdate={cart.update}
        onRemove={cart.remove}
        onFollowLink={onFollowLink}
        headingLevel={headingLevel}
      />
      <button type="button" className="cart-contents__clear" disabled={busy} onClick={cart.clear}>
        {_("cart.clear")}
      </button>
      <div className="cart-contents__summary">
        <CouponForm coupon={content.coupon} busy={busy} onApply={cart.applyCoupon} onRemove={cart.removeCoupon} headingLevel={headingLevel} />
        <CartTotals cart={content} />
        <div className="cart-actions">
          {actions}
          <CheckoutLink onFollow={onFollowLink} />
        </div>
      </div>
    </div>
  );
}
