// An information page's HTML: the shop's site HTML with the information pages' text styles.
import { SiteHtml } from "../../ui/site-html.tsx";

export function ContentHtml({ html, className = "rich-text" }: { html: string; className?: string }) {
  return <SiteHtml html={html} className={className} />;
}
