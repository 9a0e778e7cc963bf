// Editorial HTML of a landing page (from the shop's own content API). Its site links are
// localised and followed by the router without reloading the page.
import { useRouter } from "@tanstack/react-router";
import { useMemo, type MouseEvent } from "react";
import { useLocaliseLink } from "../../ui/localise-link.ts";

function localiseHtml(html: string, localise: (link: string) => string): string {
  const template = document.createElement("template");
  template.innerHTML = html;
  for (const anchor of template.content.querySelectorAll<HTMLAnchorElement>("a[href]")) {
    const href = anchor.getAttribute("href") ?? "";
    anchor.setAttribute("href", localise(href));
  }
  return template.innerHTML;
}

export function LandingHtml({ html, className }: { html: string; className?: string }) {
  const router = useRouter();
  const localise = useLocaliseLink();
  const localised = useMemo(() => localiseHtml(html, localise), [html, localise]);
  const follow = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = event.target instanceof Element ? event.target.closest("a") : null;
    const href = anchor?.getAttribute("href");
    if (!anchor || !href || !href.startsWith("/") || href.startsWith("//") || (anchor.target && anchor.target !== "_self")) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  // Links inside are real anchors: the container only delegates their clicks.
  return <div className={className} onClick={follow} dangerouslySetInnerHTML={{ __html: localised }} />;
}
