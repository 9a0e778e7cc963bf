// HTML written by the shop (served by our own API, escaped there). Its internal links are site paths
// without language (`/faq`, `/conditions-generales-de-vente#retractation`): they are rewritten to
// the current language's address and followed by the router without reloading the page.
import { useRouter } from "@tanstack/react-router";
import { useMemo, type MouseEvent } from "react";
import { useLang } from "../../app/shop-context.ts";
import { isLang, type Lang } from "../../i18n/i18n.ts";
import { matchPage, pageHref } from "../../routes/pages.ts";

/** A site path of the content (`/livraison`, French words) as the address of the page in `lang`. */
export function localizePath(path: string, lang: Lang): string {
  const url = new URL(path, "https://shop.invalid");
  const [, first] = url.pathname.split("/");
  if (isLang(first)) return path;
  const match = matchPage("fr", url.pathname) ?? matchPage(lang, url.pathname);
  const pathname = match ? pageHref(match.page, lang, match.params) : `/${lang}${url.pathname === "/" ? "" : url.pathname}`;
  return `${pathname}${url.search}${url.hash}`;
}

const isSitePath = (href: string) => href.startsWith("/") && !href.startsWith("//");

function localizeLinks(html: string, lang: Lang): string {
  const template = document.createElement("template");
  template.innerHTML = html;
  template.content.querySelectorAll<HTMLAnchorElement>("a[href]").forEach((anchor) => {
    const href = anchor.getAttribute("href") ?? "";
    if (isSitePath(href)) anchor.setAttribute("href", localizePath(href, lang));
  });
  return template.innerHTML;
}

interface ContentHtmlProps {
  html: string;
  className?: string;
}

export function ContentHtml({ html, className = "rich-text" }: ContentHtmlProps) {
  const lang = useLang();
  const router = useRouter();
  const localized = useMemo(() => localizeLinks(html, lang), [html, lang]);

  const follow = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = event.target instanceof Element ? event.target.closest("a") : null;
    if (!anchor || !event.currentTarget.contains(anchor) || anchor.hasAttribute("download")) return;
    const href = anchor.getAttribute("href") ?? "";
    if (!isSitePath(href) || (anchor.target && anchor.target !== "_self")) return;
    event.preventDefault();
    void router.navigate({ href });
  };

  // The HTML comes from our own API, which escapes it; only links are rewritten here.
  return <div className={className} onClick={follow} dangerouslySetInnerHTML={{ __html: localized }} />;
}
