// The link to the same page in the other language: the address the page published (product and
// category slugs differ between languages), else the route-word translation; the query is kept.
import { useLocation } from "@tanstack/react-router";
import { AppLink } from "../../app/app-link.tsx";
import { useLang } from "../../app/shop-context.ts";
import type { Lang } from "../../../common/languages.ts";
import { useAlternateLink } from "../../routes/alternate-links.ts";
import { translatePath } from "../../../common/pages.ts";
import "./language-switcher.css";

/** Each language named in itself, as a visitor looking for it would read it. */
const LANGUAGE_NAMES: Record<Lang, string> = { fr: "Français", en: "English" };

export function LanguageSwitcher({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const lang = useLang();
  const other: Lang = lang === "fr" ? "en" : "fr";
  const { pathname, searchStr, hash } = useLocation({
    select: (location) => ({ pathname: location.pathname, searchStr: location.searchStr, hash: location.hash }),
  });
  const published = useAlternateLink(pathname, other);
  const href = `${published ?? translatePath(pathname, other)}${searchStr}${hash ? `#${hash}` : ""}`;
  return (
    <AppLink href={href} hrefLang={other} lang={other} className={className ?? "language-switcher"} onClick={onNavigate}>
      <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M3 12h18M12 3c2.6 2.5 3.8 5.5 3.8 9s-1.2 6.5-3.8 9c-2.6-2.5-3.8-5.5-3.8-9S9.4 5.5 12 3z" fill="none" stroke="currentColor" strokeWidth="1.6" />
      </svg>
      <span>{LANGUAGE_NAMES[other]}</span>
    </AppLink>
  );
}
