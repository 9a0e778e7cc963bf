// The address of a category page from the category's slug path (`voyage/bagagerie`).
import type { Lang } from "../../../common/languages.ts";
import { pageHref } from "../../../common/pages.ts";

export function categoryHref(lang: Lang, path: string): string {
  const [l1, l2, l3] = path.split("/");
  return pageHref("category", lang, { l1, l2, l3 });
}
