// GET orders/reference/{reference}: one order of the signed-in customer (404 for any other).
import { queryOptions } from "@tanstack/react-query";
import { unwrap, type ApiClient } from "../../api/client.ts";
import { apiLocaleOf, type Lang } from "../../i18n/i18n.ts";

export function orderByReferenceQuery(api: ApiClient, lang: Lang, customerId: number, reference: string) {
  return queryOptions({
    queryKey: ["account", "order", lang, customerId, reference] as const,
    queryFn: ({ signal }) =>
      unwrap(api.GET("/orders/reference/{reference}", { params: { path: { reference }, query: { locale: apiLocaleOf(lang) } }, signal })),
    retry: false,
  });
}
