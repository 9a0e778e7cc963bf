// The checkout layout (SPEC §2): a header with the logo (to the home page), the secure-payment
// promise and the way back to the cart, then the page and the footer. No menu or search that would
// lead away from paying. The checkout routes use it as their layout route component.
import { useLingui } from "@lingui/react";
import { Link } from "@tanstack/react-router";
import { useContext, type ReactNode } from "react";
import { SessionContext } from "../app/session.ts";
import { useLang } from "../i18n/use-lang.ts";
import { pagePath } from "../../common/pages.ts";
import { BrandLogo } from "./brand-logo.tsx";
import { FocusedLayout } from "./minimal-layouts.tsx";
import { MoneyPotBar } from "./money-pot-bar.tsx";
import "./checkout-layout.css";

/** Layout route component (renders the child route) or wrapper (renders `children`). */
export function CheckoutLayout({ children }: { children?: ReactNode }) {
  return (
    <FocusedLayout header={<CheckoutHeader />} footer>
      {children}
    </FocusedLayout>
  );
}

function CheckoutHeader() {
  const { _ } = useLingui();
  const lang = useLang();
  // Empowerment customers keep their money pot in sight while they order.
  const empowerment = useContext(SessionContext)?.customer?.customerGroup === "EMPOWERMENT";
  return (
    <header className="checkout-header">
      {empowerment && <MoneyPotBar />}
      <div className="container checkout-header__bar">
        <BrandLogo />
        <p className="checkout-header__secure">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
          </svg>
          {_("layout.checkout.securePayment")}
        </p>
        <Link to={pagePath("cart", lang)} className="checkout-header__back">
          <span aria-hidden="true">‹</span> {_("layout.checkout.backToCart")}
        </Link>
      </div>
    </header>
  );
}
