// HTML written by the shop (landing texts, information pages; served and escaped by our own API).
// Its site links are written as paths without a language (`/faq`, `/categorie/voyage`): they are
// rewritten to the page language's address and followed by the router without reloading the page.
import { useRouter } from "@tanstack/react-router";
import { useMemo, type MouseEvent } from "react";
import { isSitePath, useLocaliseLink } from "./localise-link.ts";

function localiseLinks(html: string, localise: (link: string) => string): string {
  const template = document.createElement("template");
  template.innerHTML = html;
  for (const anchor of template.content.querySelectorAll<HTMLAnchorElement>("a[href]")) {
    const href = anchor.getAttribute("href") ?? "";
    if (isSitePath(href)) anchor.setAttribute("href", localise(href));
  }
  return template.innerHTML;
}

export function SiteHtml({ html, className }: { html: string; className?: string }) {
  const router = useRouter();
  const localise = useLocaliseLink();
  const localised = useMemo(() => localiseLinks(html, localise), [html, localise]);

  const follow = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = event.target instanceof Element ? event.target.closest("a") : null;
    if (!anchor || !event.currentTarget.contains(anchor) || anchor.hasAttribute("download")) return;
    const href = anchor.getAttribute("href") ?? "";
    if (!isSitePath(href) || (anchor.target && anchor.target !== "_self")) return;
    event.preventDefault();
    void router.navigate({ href });
  };

  // Links inside are real anchors: the container only delegates their clicks.
  return <div className={className} onClick={follow} dangerouslySetInnerHTML={{ __html: localised }} />;
}
