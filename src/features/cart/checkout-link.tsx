// 'Go to pass order': a link to the checkout once the shop has that page; until then a disabled
// control that says why.
import { useLingui } from "@lingui/react";
import { useId } from "react";
import { AppLink } from "../../app/app-link.tsx";
import { useLang } from "../../app/shop-context.ts";
import { PAGES, pageHref, type PageId } from "../../../common/pages.ts";

const CHECKOUT_PAGE: string = "checkout";

/** The checkout page's key, when the route table has it. */
function checkoutPage(): PageId | undefined {
  return (Object.keys(PAGES) as PageId[]).find((page) => page === CHECKOUT_PAGE);
}

export function CheckoutLink({ onFollow }: { onFollow?: () => void }) {
  const { _ } = useLingui();
  const lang = useLang();
  const hintId = useId();
  const page = checkoutPage();
  if (page) {
    return (
      <AppLink href={pageHref(page, lang)} className="button cart-actions__checkout" onClick={onFollow}>
        {_("cart.passOrder")}
      </AppLink>
    );
  }
  return (
    <div className="cart-actions__checkout-pending">
      <button type="button" className="button cart-actions__checkout" aria-disabled="true" aria-describedby={hintId}>
        {_("cart.passOrder")}
      </button>
      <p id={hintId} className="cart-actions__hint">
        {_("cart.passOrder.unavailable")}
      </p>
    </div>
  );
}
