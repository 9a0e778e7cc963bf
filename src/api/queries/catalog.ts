// Query options of the catalogue and marketing endpoints: one function per endpoint. Keys carry
// the language because every answer (labels, slugs, paths) is in the request's language.
import { queryOptions } from "@tanstack/react-query";
import { apiLocaleOf, type Lang } from "../../i18n/i18n.ts";
import { unwrap, type ApiClient } from "../client.ts";
import type { components } from "../../../common/api/schema.gen.ts";

type Schemas = components["schemas"];
export type CategoryNode = Schemas["CategoryNode"];
export type ProductSummary = Schemas["ProductSummary"];
export type ProductListing = Schemas["ProductListing"];
export type Facet = Schemas["Facet"];
export type UniverseBlock = Schemas["UniverseBlock"];
export type HomeSlide = Schemas["HomeSlide"];
export type LandingPage = Schemas["LandingPage"];

/** Sort as the API takes it: `field,direction`. */
export type ApiSort = `${"price" | "name" | "reference" | "relevance"},${"asc" | "desc"}`;

export interface ListingParams {
  /** Zero-based page index. */
  page?: number;
  size?: number;
  sort?: ApiSort;
  /** `attribute:value` pairs. */
  filters?: readonly string[];
}

const listingQuery = ({ page, size, sort, filters }: ListingParams) => ({
  ...(page ? { page } : {}),
  ...(size ? { size } : {}),
  ...(sort ? { sort } : {}),
  ...(filters && filters.length > 0 ? { filters: [...filters] } : {}),
});

/** GET categories: the whole tree. */
export const categoriesQuery = (api: ApiClient, lang: Lang) =>
  queryOptions({
    queryKey: ["catalog", "categories", lang],
    queryFn: ({ signal }) => unwrap(api.GET("/categories", { params: { query: { locale: apiLocaleOf(lang) } }, signal })),
    staleTime: 10 * 60_000,
  });

/** GET products/category: one page of a category's products with its facets. */
/** GET products/category: one page of a category (or, without a path, of the whole catalogue). */
export const productsByCategoryQuery = (api: ApiClient, lang: Lang, categoryPath: string | undefined, params: ListingParams = {}) =>
  queryOptions({
    queryKey: ["catalog", "products-by-category", lang, categoryPath, params],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET("/products/category", {
          params: { query: { locale: apiLocaleOf(lang), categoryPath, ...listingQuery(params) } },
          signal,
        }),
      ),
  });

/** GET products/search: one page of results with their facets. */
export const searchProductsQuery = (api: ApiClient, lang: Lang, searchTerm: string, params: ListingParams = {}) =>
  queryOptions({
    queryKey: ["catalog", "search", lang, searchTerm, params],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET("/products/search", {
          params: { query: { locale: apiLocaleOf(lang), searchTerm, ...listingQuery(params) } },
          signal,
        }),
      ),
  });

/** POST afs_marketing_landing/findOne: a category's landing content, or null when it has none. */
export const landingQuery = (api: ApiClient, lang: Lang, categoryPath: string) =>
  queryOptions({
    queryKey: ["catalog", "landing", lang, categoryPath],
    // 204 when the category has none.
    queryFn: async ({ signal }): Promise<LandingPage | null> =>
      (await unwrap(
        api.POST("/afs_marketing_landing/findOne", {
          params: { query: { locale: apiLocaleOf(lang) } },
          body: { attrId: "marketing_landing_category", attrValue: categoryPath, categoryUp: false },
          signal,
        }),
      )) ?? null,
    staleTime: 10 * 60_000,
  });

/** GET afs_marketing_other/homepage: the editorial blocks of the home page. */
export const homePageQuery = (api: ApiClient, lang: Lang) =>
  queryOptions({
    queryKey: ["marketing", "homepage", lang],
    queryFn: ({ signal }) =>
      unwrap(api.GET("/afs_marketing_other/homepage", { params: { query: { locale: apiLocaleOf(lang) } }, signal })),
    staleTime: 10 * 60_000,
  });

/** GET marketing/home-slider: every slider with all its entries (the view keeps the shop's). */
export const homeSliderQuery = (api: ApiClient, lang: Lang) =>
  queryOptions({
    queryKey: ["marketing", "home-slider", lang],
    queryFn: ({ signal }) => unwrap(api.GET("/marketing/home-slider", { params: { query: { locale: apiLocaleOf(lang) } }, signal })),
    staleTime: 10 * 60_000,
  });
