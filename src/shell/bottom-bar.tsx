// The phone layout's bottom bar (under 768 px): menu, home, search, account, cart. Menu, search and
// the cart open as dialogs.
import { useLingui } from "@lingui/react";
import { Link } from "@tanstack/react-router";
import { useLang } from "../i18n/use-lang.ts";
import { pagePath } from "../../common/pages.ts";
import { CartButton } from "../features/cart/cart-button.tsx";
import { AccountButton } from "./account-button.tsx";
import { HomeIcon, MenuIcon, SearchIcon } from "./shell-icons.tsx";

export interface BottomBarProps {
  onOpenMenu: () => void;
  onOpenSearch: () => void;
}

export function BottomBar({ onOpenMenu, onOpenSearch }: BottomBarProps) {
  const { _ } = useLingui();
  const lang = useLang();
  return (
    <nav className="bottom-bar" aria-label={_("layout.bottomBar")}>
      <ul className="bottom-bar__list">
        <li>
          <button type="button" className="bottom-bar__item" aria-haspopup="dialog" onClick={onOpenMenu}>
            <MenuIcon />
            <span className="bottom-bar__label">{_("navigation.menu")}</span>
          </button>
        </li>
        <li>
          <Link to={pagePath("home", lang)} className="bottom-bar__item" activeOptions={{ exact: true }}>
            <HomeIcon />
            <span className="bottom-bar__label">{_("layout.home")}</span>
          </Link>
        </li>
        <li>
          <button type="button" className="bottom-bar__item" aria-haspopup="dialog" onClick={onOpenSearch}>
            <SearchIcon />
            <span className="bottom-bar__label">{_("searchBar.open")}</span>
          </button>
        </li>
        <li>
          <AccountButton className="bottom-bar__item" labelClassName="bottom-bar__label" />
        </li>
        <li>
          <CartButton className="bottom-bar__item" labelClassName="bottom-bar__label" />
        </li>
      </ul>
    </nav>
  );
}
