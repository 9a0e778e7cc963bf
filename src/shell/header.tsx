// The site header: logo, search (wide screens), language switcher, account, cart, and the category
// menu (wide screens).
import { CartButton, CartDialogsMount } from "../features/cart/cart-button.tsx";
import { LanguageSwitcher } from "../features/navigation/language-switcher.tsx";
import { BrandLogo } from "./brand-logo.tsx";
import { AccountButton, SignOutButton } from "./account-button.tsx";
import { useWideHeaderParts } from "./wide-screen-parts.ts";

export function Header() {
  const wide = useWideHeaderParts();
  return (
    <header className="site-header">
      <div className="site-header__top">
        <div className="site-header__bar container">
          <BrandLogo />
          <div className="site-header__search">{wide && <wide.SearchBar />}</div>
          <div className="site-header__actions">
            <LanguageSwitcher />
            <AccountButton className="site-header__action site-header__account" labelClassName="site-header__label" />
            <SignOutButton className="site-header__action site-header__sign-out" />
            <CartButton className="site-header__action site-header__cart" labelClassName="site-header__label" />
          </div>
        </div>
      </div>
      <div className="site-header__menu">{wide && <wide.MegaMenu />}</div>
      <CartDialogsMount />
    </header>
  );
}
