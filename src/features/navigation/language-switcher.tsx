// The link to the same page in the other language: the router says which page of the route tree
// is shown and with which parameters (`matchRoute`), and the page table (common/pages.ts) gives its
// path in the other language. A page whose address differs by more than the route words (a
// product's or category's translated slugs) publishes its other address, which wins. The query and
// the anchor are kept.
import { Link, useLocation, useRouter } from "@tanstack/react-router";
import { otherLang, type Lang } from "../../../common/languages.ts";
import { matchPage, pagePath, PAGES, type PageId } from "../../../common/pages.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { useAlternateLink } from "../../app/alternate-links.ts";
import "./language-switcher.css";

/** Each language named in itself, as a visitor looking for it would read it. */
const LANGUAGE_NAMES: Record<Lang, string> = { fr: "Français", en: "English" };

const PAGE_IDS = Object.keys(PAGES) as PageId[];

interface PageMatch {
  page: PageId;
  params: Record<string, string>;
}

/** Which page of the route tree is shown in `lang`, with its parameters (read again when the address changes). */
function shownPage(router: ReturnType<typeof useRouter>, lang: Lang): PageMatch | undefined {
  for (const page of PAGE_IDS) {
    const params = router.matchRoute({ to: pagePath(page, lang) });
    if (params) return { page, params: params as Record<string, string> };
  }
  return undefined;
}

export function LanguageSwitcher({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const lang = useLang();
  const other = otherLang(lang);
  const { pathname, hash } = useLocation({ select: (location) => ({ pathname: location.pathname, hash: location.hash }) });
  const shown = shownPage(useRouter(), lang);
  const published = useAlternateLink(pathname, other);
  const target = (published ? matchPage(other, published.slice(other.length + 1)) : undefined) ?? shown ?? { page: "home", params: {} };
  return (
    <Link
      to={pagePath(target.page, other)}
      params={target.params}
      search={true}
      hash={hash || undefined}
      hrefLang={other}
      lang={other}
      className={className ?? "language-switcher"}
      onClick={onNavigate}
    >
      <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M3 12h18M12 3c2.6 2.5 3.8 5.5 3.8 9s-1.2 6.5-3.8 9c-2.6-2.5-3.8-5.5-3.8-9S9.4 5.5 12 3z" fill="none" stroke="currentColor" strokeWidth="1.6" />
      </svg>
      <span>{LANGUAGE_NAMES[other]}</span>
    </Link>
  );
}
