// Query options and calls of the product page: the product by slug, the products of its category
// (the related-products slider) and the back-in-stock alert.
import { queryOptions } from "@tanstack/react-query";
import { unwrap, type ApiClient } from "../client.ts";
import type { components } from "../../../common/api/schema.gen.ts";
import { apiLocaleOf, type Lang } from "../../i18n/i18n.ts";

export type Product = components["schemas"]["Product"];
export type ProductVariant = components["schemas"]["ProductVariant"];
export type Offer = components["schemas"]["Offer"];
export type Picture = components["schemas"]["Picture"];
export type AttributeValue = components["schemas"]["AttributeValue"];

/** Related products asked for beside a product (the current one is left out of the answer). */
const RELATED_PRODUCTS_SIZE = 8;

export const productKeys = {
  bySlug: (lang: Lang, slug: string) => ["product", lang, "slug", slug] as const,
  related: (lang: Lang, categoryPath: string) => ["product", lang, "related", categoryPath, RELATED_PRODUCTS_SIZE] as const,
};

export function productBySlugQuery(api: ApiClient, lang: Lang, slug: string) {
  return queryOptions({
    queryKey: productKeys.bySlug(lang, slug),
    queryFn: ({ signal }) =>
      unwrap(api.GET("/products/slug/{slug}", { params: { path: { slug }, query: { locale: apiLocaleOf(lang) } }, signal })),
  });
}

export function relatedProductsQuery(api: ApiClient, lang: Lang, categoryPath: string) {
  return queryOptions({
    queryKey: productKeys.related(lang, categoryPath),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET("/products/category", {
          params: { query: { locale: apiLocaleOf(lang), categoryPath, size: RELATED_PRODUCTS_SIZE } },
          signal,
        }),
      ),
    select: (listing) => listing.products.content,
  });
}

