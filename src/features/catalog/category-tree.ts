// Lookups in the category tree: a category and its ancestors by path or by id, and its address.
import type { CategoryNode } from "../../api/queries/catalog.ts";
import type { Lang } from "../../../common/languages.ts";
import { pageHref } from "../../../common/pages.ts";

/** The chain from a top category down to the node that satisfies `test`, or undefined. */
function trail(nodes: readonly CategoryNode[], test: (node: CategoryNode) => boolean): CategoryNode[] | undefined {
  for (const node of nodes) {
    if (test(node)) return [node];
    const below = trail(node.children, test);
    if (below) return [node, ...below];
  }
  return undefined;
}

export const trailByPath = (tree: readonly CategoryNode[], path: string) => trail(tree, (node) => node.path === path);

export const trailById = (tree: readonly CategoryNode[], id: number) => trail(tree, (node) => node.id === id);

/** The category page of a slug path (`voyage/bagagerie` → `/fr/categorie/voyage/bagagerie`). */
export function categoryPageHref(lang: Lang, path: string): string {
  const [l1, l2, l3] = path.split("/");
  return pageHref("category", lang, { l1, l2, l3 });
}
