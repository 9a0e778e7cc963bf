// The payment's server data in the query cache: the payment methods for an amount (what the payment
// component shows) and an order by its reference (the thank-you page).
import { queryOptions } from "@tanstack/react-query";
import type { components } from "../../../common/api/schema.gen.ts";
import { apiLocaleOf, type Lang } from "../../i18n/i18n.ts";
import { unwrap, type ApiClient } from "../client.ts";

export type PaymentMethodsResponse = components["schemas"]["PaymentMethodsResponse"];
export type Order = components["schemas"]["Order"];

/** The provider's locale for a language (its component's texts and formats). */
export const providerLocaleOf = (lang: Lang) => (lang === "en" ? "en-US" : "fr-FR");

/** SPEC §7: the payment methods for this amount, in the shopper's language, for France. */
export function paymentMethodsQuery(api: ApiClient, lang: Lang, amount: number) {
  return queryOptions({
    queryKey: ["payment", "methods", amount, lang] as const,
    queryFn: ({ signal }) =>
      unwrap(
        api.POST("/adyen/payment-methods", {
          params: { query: { locale: apiLocaleOf(lang) } },
          body: { amount: { value: amount, currency: "EUR" }, shopperLocale: providerLocaleOf(lang), channel: "Web", countryCode: "FR" },
          signal,
        }),
      ),
    // Asked again for each visit of the step: a method may have been switched on or off meanwhile.
    staleTime: 0,
  });
}

/** The order of this reference (the thank-you page); only its owner reads it. */
export function orderByReferenceQuery(api: ApiClient, lang: Lang, reference: string) {
  return queryOptions({
    queryKey: ["order", "reference", reference, lang] as const,
    queryFn: ({ signal }) =>
      unwrap(api.GET("/orders/reference/{reference}", { params: { path: { reference }, query: { locale: apiLocaleOf(lang) } }, signal })),
  });
}
