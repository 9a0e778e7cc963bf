// A link to a page of the shop given by its address (`pageHref(...)`): a real <a href> that the
// router follows without reloading; modified clicks (new tab, download) keep the browser's way.
import { useRouter } from "@tanstack/react-router";
import type { ComponentPropsWithRef, MouseEvent } from "react";

export type AppLinkProps = ComponentPropsWithRef<"a"> & { href: string };

export function AppLink({ href, onClick, target, ...rest }: AppLinkProps) {
  const router = useRouter();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if ((target && target !== "_self") || !href.startsWith("/") || href.startsWith("//")) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return <a href={href} target={target} onClick={follow} {...rest} />;
}
