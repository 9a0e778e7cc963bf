// The shop's logo: a mark and the brand name of the runtime configuration, linking home.
import { useLingui } from "@lingui/react";
import { Link } from "@tanstack/react-router";
import { useShopContext } from "../app/shop-context.ts";
import { useLang } from "../i18n/use-lang.ts";
import { pagePath } from "../../common/pages.ts";

export function BrandLogo({ className = "brand-logo" }: { className?: string }) {
  const { _ } = useLingui();
  const lang = useLang();
  const { config } = useShopContext();
  return (
    <Link to={pagePath("home", lang)} className={className}>
      <svg className="brand-logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="15" fill="var(--gold)" />
        <path d="M7 18.5l18-7.5-4.5 11-3.8-3.2-3.2 3.7-.6-5z" fill="var(--navy)" />
      </svg>
      <span className="brand-logo__name">{config.brandName}</span>
      <span className="visually-hidden">, {_("layout.home")}</span>
    </Link>
  );
}
