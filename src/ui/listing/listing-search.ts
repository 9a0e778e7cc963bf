// The search parameters of a product listing (category or search results) and their rules:
// `page` (1-based), `itemsPerPage`, `sort` and `filters`. Invalid values fall back silently.
import * as v from "valibot";
import type { ApiSort, ListingParams } from "../../api/queries/catalog.ts";

export const PAGE_SIZES = [12, 24, 36] as const;
export const DEFAULT_PAGE_SIZE = 24;
export const SORT_OPTIONS = ["price.asc", "price.desc", "name.asc", "name.desc", "reference.asc"] as const;
/** Facet filters the API takes at most. */
export const MAX_FILTERS = 20;

export type PageSize = (typeof PAGE_SIZES)[number];
export type SortOption = (typeof SORT_OPTIONS)[number];

const FILTER_PATTERN = /^[a-z][a-z0-9_-]*:[^:]+$/;

const positiveInteger = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number))]),
  v.integer(),
  v.minValue(1),
);

/** Keeps the well-formed `attribute:value` filters, each once, at most MAX_FILTERS. */
const wellFormedFilters = (values: unknown[]): string[] =>
  [...new Set(values.filter((value): value is string => typeof value === "string" && FILTER_PATTERN.test(value)))].slice(0, MAX_FILTERS);

const filtersSchema = v.union([
  v.pipe(v.array(v.unknown()), v.transform(wellFormedFilters)),
  v.pipe(v.string(), v.transform((single) => wellFormedFilters([single]))),
]);

/** The schema of a listing's search parameters (usable as a route's `validateSearch`). */
export const listingSearchSchema = v.object({
  page: v.fallback(v.optional(v.pipe(positiveInteger, v.maxValue(10_001))), undefined),
  itemsPerPage: v.fallback(v.optional(v.pipe(positiveInteger, v.picklist(PAGE_SIZES))), undefined),
  sort: v.fallback(v.optional(v.picklist(SORT_OPTIONS)), undefined),
  filters: v.fallback(v.optional(filtersSchema), undefined),
});

export type ListingSearchParams = v.InferOutput<typeof listingSearchSchema>;

/** The listing state with its defaults applied. */
export interface ListingState {
  page: number;
  itemsPerPage: PageSize;
  sort: SortOption | undefined;
  filters: string[];
}

export function parseListingSearch(raw: unknown): ListingState {
  const parsed = v.parse(listingSearchSchema, typeof raw === "object" && raw !== null ? raw : {});
  return {
    page: parsed.page ?? 1,
    itemsPerPage: parsed.itemsPerPage ?? DEFAULT_PAGE_SIZE,
    sort: parsed.sort,
    filters: parsed.filters ?? [],
  };
}

/** The sort as the API takes it: `price.asc` → `price,asc`. */
export const API_SORTS: Record<SortOption, ApiSort> = {
  "price.asc": "price,asc",
  "price.desc": "price,desc",
  "name.asc": "name,asc",
  "name.desc": "name,desc",
  "reference.asc": "reference,asc",
};

export function toListingParams(state: ListingState): ListingParams {
  return {
    page: state.page - 1,
    size: state.itemsPerPage,
    ...(state.sort ? { sort: API_SORTS[state.sort] } : {}),
    filters: state.filters,
  };
}

/** `color:navy` → { attribute: "color", value: "navy" }. */
export function splitFilter(filter: string): { attribute: string; value: string } {
  const index = filter.indexOf(":");
  return { attribute: filter.slice(0, index), value: filter.slice(index + 1) };
}
