// The vocabulary of the search box with autocomplete (SPEC §4 "Search", §5, §9): the header's
// search bar and the search panel share it, each with its own debounce delay.

/** Autocomplete fires, and a search may be submitted, from this many non-space characters on. */
export const AUTOCOMPLETE_MIN_CHARS = 3;
/** Debounce of the header's search bar. */
export const HEADER_DEBOUNCE_MS = 300;
/** Debounce of the search panel (the results panel of the phone's search dialog). */
export const PANEL_DEBOUNCE_MS = 500;
/** Products previewed under the suggestions. */
export const SEARCH_PREVIEW_SIZE = 4;
/** Suggested terms asked for. */
export const AUTOCOMPLETE_SIZE = 10;

/** What the panel shows of a product: a subset of the contract's ProductSummary, restated so the machine stands alone. */
export interface ProductPreview {
  id: number;
  slug: string;
  name: string;
  coverPicture: { srcSmall: string } | null;
  offer: { regularPrice: { taxIncluded: number }; discountPrice: { taxIncluded: number } | null } | null;
}

/** What the autocomplete shows for a term. */
export interface Suggestions {
  terms: string[];
  /** At most SEARCH_PREVIEW_SIZE products. */
  products: ProductPreview[];
  /** How many products match in all (the "Show all result (n)" button). */
  total: number;
}

export interface SearchInput {
  /** HEADER_DEBOUNCE_MS or PANEL_DEBOUNCE_MS. */
  debounceMs: number;
  /** A term already in the box (the results page's current search). */
  term?: string;
}

export interface SearchContext {
  /** The term as typed. */
  term: string;
  debounceMs: number;
  /** The last answer while the panel is open, kept while the next one loads so the panel does not flicker. */
  suggestions: Suggestions;
}

export type SearchEvent =
  | { type: "search.type"; term: string }
  /** Enter or the search button. */
  | { type: "search.submit" }
  /** Escape, or a product of the panel was followed. */
  | { type: "search.close" }
  /** A suggested term was chosen. */
  | { type: "search.select"; term: string }
  /** The box shows a term chosen elsewhere (the results page's address); nothing is fetched. */
  | { type: "search.prefill"; term: string };

export type SearchTag = "loading" | "error";

export interface FetchSuggestionsInput {
  /** The term without surrounding spaces. */
  term: string;
}

/**
 * SPEC §5: at least AUTOCOMPLETE_MIN_CHARS characters that are not whitespace. Stated here, not in the
 * machine: the header's search box applies it before the machine's code is loaded (the home page's
 * budget), and gives it to the machine as its `isSearchable` guard (src/actors/search-actors.ts).
 */
export function isSearchableTerm(term: string): boolean {
  return [...term.replace(/\s/gu, "")].length >= AUTOCOMPLETE_MIN_CHARS;
}
