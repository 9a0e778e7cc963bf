// The same page in the other language, when its address differs by more than the route words
// (a product's or category's slugs are translated too). Pages publish it; the switcher reads it.
import { useEffect, useSyncExternalStore } from "react";
import type { Lang } from "../../common/languages.ts";

type Alternates = Partial<Record<Lang, string>>;

let current: { pathname: string; links: Alternates } | undefined;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Declares, for the page at `pathname`, its address in each language. */
export function useAlternateLinks(pathname: string, links: Alternates | undefined): void {
  const fr = links?.fr;
  const en = links?.en;
  useEffect(() => {
    if (fr === undefined && en === undefined) return;
    current = { pathname, links: { fr, en } };
    listeners.forEach((listener) => listener());
    return () => {
      if (current?.pathname === pathname) current = undefined;
      listeners.forEach((listener) => listener());
    };
  }, [pathname, fr, en]);
}

/** The published address of the page at `pathname` in `lang`, if the page gave one. */
export function useAlternateLink(pathname: string, lang: Lang): string | undefined {
  const snapshot = useSyncExternalStore(subscribe, () => current, () => undefined);
  return snapshot?.pathname === pathname ? snapshot.links[lang] : undefined;
}
