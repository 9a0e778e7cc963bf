// The search machine's IO: suggested terms (GET products/search-autocomplete) and the product
// preview with its total (GET products/search, size 4), both stopped when a newer term is typed.
import { fromPromise } from "xstate";
import {
  AUTOCOMPLETE_SIZE,
  SEARCH_PREVIEW_SIZE,
  type FetchSuggestionsInput,
  type Suggestions,
} from "../../../machines/search/search.types.ts";
import { unwrap, type ApiClient } from "../../api/client.ts";
import { apiLocaleOf, currentLang } from "../../i18n/i18n.ts";

export const fetchSuggestions = (api: ApiClient) =>
  fromPromise<Suggestions, FetchSuggestionsInput>(async ({ input, signal }) => {
    const locale = apiLocaleOf(currentLang());
    const [autocomplete, search] = await Promise.all([
      unwrap(api.GET("/products/search-autocomplete", { params: { query: { locale, searchTerm: input.term, size: AUTOCOMPLETE_SIZE } }, signal })),
      unwrap(api.GET("/products/search", { params: { query: { locale, searchTerm: input.term, size: SEARCH_PREVIEW_SIZE } }, signal })),
    ]);
    return {
      terms: autocomplete.terms,
      products: search.products.content.slice(0, SEARCH_PREVIEW_SIZE),
      total: search.products.totalElements,
    };
  });
