// 'Go to pass order': the link to the checkout (its guards send a guest to its sign-in step).
import { useLingui } from "@lingui/react";
import { Link } from "@tanstack/react-router";
import { useLang } from "../../i18n/use-lang.ts";
import { pagePath } from "../../../common/pages.ts";

export function CheckoutLink({ onFollow }: { onFollow?: () => void }) {
  const { _ } = useLingui();
  const lang = useLang();
  return (
    <Link to={pagePath("checkout", lang)} className="button cart-actions__checkout" onClick={onFollow}>
      {_("cart.passOrder")}
    </Link>
  );
}
