// The calls of the account pages (SPEC §7 Customers, Orders): profile, password, order history
// (the address book's are in src/api/addresses.ts). Each answers the contract's data or rejects with an ApiError.
import { queryOptions } from "@tanstack/react-query";
import { unwrap, type ApiClient, type ApiLocale } from "../../api/client.ts";
import type { components } from "../../../common/api/schema.gen.ts";
import { apiLocaleOf, type Lang } from "../../i18n/i18n.ts";

export type Customer = components["schemas"]["Customer"];
export type CustomerUpdate = components["schemas"]["CustomerUpdate"];
export type PasswordChangeRequest = components["schemas"]["PasswordChangeRequest"];
export type Order = components["schemas"]["Order"];

/** Orders shown in the account's history (SPEC §9: orders 10). */
export const ACCOUNT_ORDERS_SIZE = 10;

const locale = (lang: Lang): { locale: ApiLocale } => ({ locale: apiLocaleOf(lang) });

/** PATCH customers: only the properties sent change; answers the updated customer. */
export function updateCustomer(api: ApiClient, lang: Lang, body: CustomerUpdate): Promise<Customer> {
  return unwrap(api.PATCH("/customers", { params: { query: locale(lang) }, body }));
}

/** POST customers/change-password: the current password and the new one. */
export async function changePassword(api: ApiClient, lang: Lang, body: PasswordChangeRequest): Promise<void> {
  await unwrap(api.POST("/customers/change-password", { params: { query: locale(lang) }, body }));
}

export const accountKeys = {
  orders: (lang: Lang, customerId: number) => ["account", "orders", lang, customerId] as const,
};

/** GET orders/customer: the customer's latest orders. */
export function customerOrdersQuery(api: ApiClient, lang: Lang, customerId: number) {
  return queryOptions({
    queryKey: accountKeys.orders(lang, customerId),
    queryFn: ({ signal }) => unwrap(api.GET("/orders/customer", { params: { query: { ...locale(lang), size: ACCOUNT_ORDERS_SIZE } }, signal })),
    retry: false,
  });
}
