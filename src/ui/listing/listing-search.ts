// The search parameters of a product listing (category or search results) and their rules:
// `page` (1-based), `itemsPerPage`, `sort` and `filters`. The routes validate them with this schema
// (`validateSearch`); a value that does not fit falls back to its default instead of failing.
import * as v from "valibot";
import type { ApiSort, ListingParams } from "../../api/queries/catalog.ts";

export const PAGE_SIZES = [12, 24, 36] as const;
export const DEFAULT_PAGE_SIZE = 24;
export const SORT_OPTIONS = ["price.asc", "price.desc", "name.asc", "name.desc", "reference.asc"] as const;
/** Facet filters the API takes at most. */
const MAX_FILTERS = 20;
/** Highest page number an address may ask for (the API's own bound on a page index). */
const MAX_PAGE = 10_001;

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

/** `?filters=color:navy&filters=size:M` (a list, or one value) and the older `?filters=["color:navy"]`. */
const filtersSchema = v.pipe(
  v.union([
    v.pipe(v.array(v.unknown()), v.transform(wellFormedFilters)),
    v.pipe(v.string(), v.transform((single) => wellFormedFilters([single]))),
  ]),
  v.transform((filters) => (filters.length > 0 ? filters : undefined)),
);

/** A listing's search parameters, each undefined when absent or not valid (its default applies). */
export const listingSearchSchema = v.object({
  page: v.fallback(v.optional(v.pipe(positiveInteger, v.maxValue(MAX_PAGE))), undefined),
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

/** The state of validated search parameters (a route's `useSearch()`), defaults filled in. */
export function listingStateOf(search: Partial<ListingSearchParams>): ListingState {
  return {
    page: search.page ?? 1,
    itemsPerPage: search.itemsPerPage ?? DEFAULT_PAGE_SIZE,
    sort: search.sort,
    filters: search.filters ?? [],
  };
}

/** The sort as the API takes it: `price.asc` → `price,asc`. */
const API_SORTS: Record<SortOption, ApiSort> = {
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
