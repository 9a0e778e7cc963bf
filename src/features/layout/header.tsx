// The site header: logo, search (desktop), language switcher, account, cart, and the category menu.
import { useLingui } from "@lingui/react";
import { CartButton, CartDialogsMount } from "../cart/cart-button.tsx";
import { MegaMenu } from "../navigation/mega-menu.tsx";
import { LanguageSwitcher } from "../navigation/language-switcher.tsx";
import { SearchBar } from "../search/search-bar.tsx";
import { BrandLogo } from "./brand-logo.tsx";
import { AccountButton } from "./account-button.tsx";

export function Header() {
  const { _ } = useLingui();
  return (
    <header className="site-header">
      <div className="site-header__top">
        <div className="site-header__bar container">
          <BrandLogo />
          <div className="site-header__search">
            <SearchBar />
          </div>
          <div className="site-header__actions">
            <LanguageSwitcher />
            <AccountButton className="site-header__action site-header__account" />
            <CartButton className="site-header__action site-header__cart" />
          </div>
        </div>
      </div>
      <div className="site-header__menu">
        <MegaMenu />
      </div>
      <CartDialogsMount />
    </header>
  );
}
