// The calls of the account's profile (SPEC §7 Customers): profile and password (the address book's
// are in src/api/addresses.ts, the orders' in orders-query.ts, order-query.ts and order-invoice.ts).
// Each answers the contract's data or rejects with an ApiError.
import { unwrap, type ApiClient, type ApiLocale } from "../../api/client.ts";
import type { components } from "../../../common/api/schema.gen.ts";
import { apiLocaleOf, type Lang } from "../../i18n/i18n.ts";

export type Customer = components["schemas"]["Customer"];
export type CustomerUpdate = components["schemas"]["CustomerUpdate"];
export type PasswordChangeRequest = components["schemas"]["PasswordChangeRequest"];

const locale = (lang: Lang): { locale: ApiLocale } => ({ locale: apiLocaleOf(lang) });

/** PATCH customers: only the properties sent change; answers the updated customer. */
export function updateCustomer(api: ApiClient, lang: Lang, body: CustomerUpdate): Promise<Customer> {
  return unwrap(api.PATCH("/customers", { params: { query: locale(lang) }, body }));
}

/** POST customers/change-password: the current password and the new one. */
export async function changePassword(api: ApiClient, lang: Lang, body: PasswordChangeRequest): Promise<void> {
  await unwrap(api.POST("/customers/change-password", { params: { query: locale(lang) }, body }));
}
