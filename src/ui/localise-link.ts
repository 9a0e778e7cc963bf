// Editorial links (home slides, universe blocks, landing texts) are written as French paths
// without a language (`/categorie/voyage`); these give the address of the same page in a language,
// with a category's slugs translated through the category tree when it is at hand.
import { useQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react";
import { useRouter } from "@tanstack/react-router";
import { useCallback, useMemo } from "react";
import { categoriesQuery, type CategoryNode } from "../api/queries/catalog.ts";
import { DEFAULT_LANG, isLang, LANGS, type Lang } from "../i18n/i18n.ts";
import { matchPage, pageHref } from "../../common/pages.ts";

/** A category's slug path (in either language) → its slug path in the page's language. */
export type CategoryPathTranslator = (path: string) => string | undefined;

/** A path of this site (`/faq`), not a link elsewhere (`https://…`, `//host/…`, `mailto:…`). */
export const isSitePath = (link: string) => link.startsWith("/") && !link.startsWith("//");

/** `/categorie/voyage?x#y` in English → `/en/category/voyage?x#y` (or `/en/category/travel?x#y`
 *  with a translator); links that are not site paths are kept. */
export function localiseLink(link: string, lang: Lang, translateCategory?: CategoryPathTranslator): string {
  if (!isSitePath(link)) return link;
  const cut = link.search(/[?#]/);
  const path = cut === -1 ? link : link.slice(0, cut);
  const suffix = cut === -1 ? "" : link.slice(cut);
  const [, first = "", ...rest] = path.split("/");
  const written: Lang | undefined = isLang(first) ? first : undefined;
  const bare = written ? `/${rest.join("/")}` : path;
  for (const from of written ? [written] : LANGS) {
    const match = matchPage(from, bare);
    if (!match) continue;
    if (match.page === "category" && translateCategory) {
      const categoryPath = [match.params.l1, match.params.l2, match.params.l3].filter(Boolean).join("/");
      const translated = translateCategory(categoryPath);
      if (translated) {
        const [l1, l2, l3] = translated.split("/");
        return pageHref("category", lang, { l1, l2, l3 }) + suffix;
      }
    }
    return pageHref(match.page, lang, match.params) + suffix;
  }
  return `/${lang}${bare === "/" ? "" : bare}${suffix}`;
}

function indexPaths(nodes: readonly CategoryNode[], byPath: Map<string, number>, byId: Map<number, string> | undefined) {
  for (const node of nodes) {
    byPath.set(node.path, node.id);
    byId?.set(node.id, node.path);
    indexPaths(node.children, byPath, byId);
  }
}

/** `localiseLink` for the page's language, translating category slugs once both trees are loaded. */
export function useLocaliseLink(): (link: string) => string {
  const { i18n } = useLingui();
  const lang: Lang = isLang(i18n.locale) ? i18n.locale : DEFAULT_LANG;
  const { api } = useRouter().options.context;
  const fr = useQuery(categoriesQuery(api, "fr"));
  const en = useQuery(categoriesQuery(api, "en"));
  const translate = useMemo<CategoryPathTranslator | undefined>(() => {
    if (!fr.data || !en.data) return undefined;
    const idOfPath = new Map<string, number>();
    const pathOfId = new Map<number, string>();
    indexPaths(lang === "fr" ? en.data : fr.data, idOfPath, undefined);
    indexPaths(lang === "fr" ? fr.data : en.data, idOfPath, pathOfId);
    return (path) => {
      const id = idOfPath.get(path);
      return id === undefined ? undefined : pathOfId.get(id);
    };
  }, [fr.data, en.data, lang]);
  return useCallback((link: string) => localiseLink(link, lang, translate), [lang, translate]);
}
