// The category tree of the menus, top categories first and event categories (seasonal operations)
// last, shown apart. A failure to load it is announced as a danger notification (SPEC §8), under one
// id: the desktop mega menu and the phone menu both announce it, and a second one replaces the first.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { categoriesQuery, type CategoryNode } from "../../api/queries/catalog.ts";
import { useNotify } from "../../app/notifications.tsx";
import { useShopContext } from "../../app/shop-context.ts";
import { useLang } from "../../i18n/use-lang.ts";

/** The notification of a failed category tree. */
const CATEGORIES_FAILED_NOTICE_ID = "categories.failed";

/** `announceFailure`: the menus say it; other readers of the tree stay quiet. */
export function useCategoryTree(announceFailure = false): { categories: CategoryNode[]; isPending: boolean; isError: boolean } {
  const lang = useLang();
  const { api } = useShopContext();
  const notify = useNotify();
  const query = useQuery(categoriesQuery(api, lang));
  const failed = query.isError;
  useEffect(() => {
    if (failed && announceFailure) notify({ id: CATEGORIES_FAILED_NOTICE_ID, kind: "danger", messageId: "errors.server.access" });
  }, [failed, announceFailure, notify]);
  const categories = useMemo(() => {
    const tree = query.data ?? [];
    return [...tree.filter((node) => !node.isEvent), ...tree.filter((node) => node.isEvent)];
  }, [query.data]);
  return { categories, isPending: query.isPending, isError: failed };
}
