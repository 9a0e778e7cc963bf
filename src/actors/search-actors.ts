// The IO of the search box's machine: the suggestions are the autocomplete terms and a preview of the
// matching products, asked for in parallel; both requests stop when the machine stops the actor (a newer
// term, Escape, submit), and when one of them fails the other is stopped too.
import { fromPromise } from "xstate";
import { searchMachine } from "../../machines/search/search.machine.ts";
import {
  AUTOCOMPLETE_SIZE,
  isSearchableTerm,
  SEARCH_PREVIEW_SIZE,
  type FetchSuggestionsInput,
  type Suggestions,
} from "../../machines/search/search.types.ts";
import { unwrap, type ApiClient } from "../api/client.ts";

function fetchSuggestionsActor(api: ApiClient) {
  return fromPromise<Suggestions, FetchSuggestionsInput>(async ({ input, signal }) => {
    const requests = new AbortController();
    const stop = () => requests.abort();
    signal.addEventListener("abort", stop, { once: true });
    try {
      const query = { searchTerm: input.term };
      const [autocomplete, preview] = await Promise.all([
        unwrap(api.GET("/products/search-autocomplete", { params: { query: { ...query, size: AUTOCOMPLETE_SIZE } }, signal: requests.signal })),
        unwrap(api.GET("/products/search", { params: { query: { ...query, size: SEARCH_PREVIEW_SIZE } }, signal: requests.signal })),
      ]);
      return { terms: autocomplete.terms, products: preview.products.content, total: preview.products.totalElements };
    } catch (error) {
      requests.abort();
      throw error;
    } finally {
      signal.removeEventListener("abort", stop);
    }
  });
}

/** What the search box asks of the app around it. */
export interface SearchEffects {
  navigateToSearchPage: (term: string) => void;
  /** Show the 'server error' notification. */
  notifyServerError: () => void;
}

/** The search machine with its IO, SPEC §5's searchable term (the machine's guard is a placeholder) and the app's effects bound; give it `{ debounceMs }` as input. */
export function createSearchMachine(api: ApiClient, effects: SearchEffects) {
  return searchMachine.provide({
    actors: { fetchSuggestions: fetchSuggestionsActor(api) },
    guards: { isSearchable: (_, { term }) => isSearchableTerm(term) },
    actions: {
      navigateToSearchPage: (_, { term }) => effects.navigateToSearchPage(term),
      notifyServerError: () => effects.notifyServerError(),
    },
  });
}
