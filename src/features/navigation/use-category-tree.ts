// The category tree of the menus, top categories first and event categories (seasonal operations)
// last, shown apart. A failure to load it is announced once as a danger notification.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { categoriesQuery, type CategoryNode } from "../../api/queries/catalog.ts";
import { useNotify } from "../../app/notifications.tsx";
import { useLang, useShopContext } from "../../app/shop-context.ts";

/** `announceFailure`: the one always-mounted menu says it; the others stay quiet. */
export function useCategoryTree(announceFailure = false): { categories: CategoryNode[]; isPending: boolean; isError: boolean } {
  const lang = useLang();
  const { api } = useShopContext();
  const notify = useNotify();
  const query = useQuery(categoriesQuery(api, lang));
  const failed = query.isError;
  useEffect(() => {
    if (failed && announceFailure) notify({ kind: "danger", messageId: "errors.server.access" });
  }, [failed, announceFailure, notify]);
  const categories = useMemo(() => {
    const tree = query.data ?? [];
    return [...tree.filter((node) => !node.isEvent), ...tree.filter((node) => node.isEvent)];
  }, [query.data]);
  return { categories, isPending: query.isPending, isError: failed };
}
