// GET orders: one page of the signed-in customer's orders, newest payment first (SPEC §7, §9 orders 10).
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { unwrap, type ApiClient } from "../../api/client.ts";
import type { components } from "../../../common/api/schema.gen.ts";
import { apiLocaleOf, type Lang } from "../../i18n/i18n.ts";

export type Order = components["schemas"]["Order"];
export type OrderPage = components["schemas"]["OrderPage"];

/** SPEC §9: orders 10 per page. */
export const ORDERS_PAGE_SIZE = 10;

/** `page` is 1-based, as in the address; the API's is zero-based. */
export function ordersPageQuery(api: ApiClient, lang: Lang, customerId: number, page: number) {
  return queryOptions({
    queryKey: ["account", "orders", lang, customerId, page] as const,
    queryFn: ({ signal }) =>
      unwrap(
        api.GET("/orders", {
          params: { query: { locale: apiLocaleOf(lang), page: page - 1, size: ORDERS_PAGE_SIZE, sort: "paymentDate,desc" } },
          signal,
        }),
      ),
    // The page shown stays while the next one loads.
    placeholderData: keepPreviousData,
    retry: false,
  });
}
