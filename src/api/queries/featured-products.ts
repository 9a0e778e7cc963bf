// Query options of the mega menu's featured products (apart from catalog.ts: only the menu, loaded
// on a wide screen or with the phone menu, asks for them).
import { queryOptions } from "@tanstack/react-query";
import { apiLocaleOf, type Lang } from "../../i18n/i18n.ts";
import { unwrap, type ApiClient } from "../client.ts";

/** GET products/references: the summaries of products named by reference, in the order asked. */
export const productsByReferencesQuery = (api: ApiClient, lang: Lang, references: readonly string[]) =>
  queryOptions({
    queryKey: ["catalog", "references", lang, references],
    queryFn: ({ signal }) =>
      references.length === 0
        ? Promise.resolve([])
        : unwrap(
            api.GET("/products/references", {
              params: { query: { locale: apiLocaleOf(lang), referenceList: references.join(",") } },
              signal,
            }),
          ),
  });
