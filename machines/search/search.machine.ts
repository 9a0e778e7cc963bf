// The search box with autocomplete: typing a searchable term waits for the debounce delay, then asks
// for suggestions; typing again restarts the wait and stops a request in flight (its abort signal
// fires). Enter or a chosen suggestion goes to the search page; Escape closes the panel. The results
// page fills the box with its term without opening the panel.
//
// The suggestions are kept in context, unlike catalogue data (which lives in the query cache): they
// are the answer for what is being typed right now, shown once and thrown away on the next keystroke
// or on close, never shared with another view nor worth caching.
import { assign, fromPromise, setup } from "xstate";
import type { FetchSuggestionsInput, SearchContext, SearchEvent, SearchInput, SearchTag, Suggestions } from "./search.types.ts";

/** The panel's suggestions before an answer, and after a close. */
export const NO_SUGGESTIONS: Suggestions = { terms: [], products: [], total: 0 };

export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
    input: {} as SearchInput,
    tags: {} as SearchTag,
  },
  actors: {
    fetchSuggestions: fromPromise<Suggestions, FetchSuggestionsInput>(async () => {
      throw new Error("fetchSuggestions not provided");
    }),
  },
  delays: {
    debounce: ({ context }) => context.debounceMs,
  },
  guards: {
    /**
     * Placeholder: the app provides SPEC §5's searchable term (`isSearchableTerm` in search.types.ts, which the
     * search box also applies before this machine's code is loaded) in `createSearchMachine`
     * (src/actors/search-actors.ts), the only way the app creates this machine; the flow's model does the same
     * (search.model.ts). Unprovided, no term is.
     */
    isSearchable: (_, _params: { term: string }) => false,
    hasSuggestions: (_, params: { suggestions: Suggestions }) =>
      params.suggestions.terms.length > 0 || params.suggestions.products.length > 0,
  },
  actions: {
    setTerm: assign({ term: (_, params: { term: string }) => params.term }),
    setSuggestions: assign({ suggestions: (_, params: { suggestions: Suggestions }) => params.suggestions }),
    clearSuggestions: assign({ suggestions: NO_SUGGESTIONS }),
    /** Provided by the app: go to the search page for the term. */
    navigateToSearchPage: (_, _params: { term: string }) => {},
    /** Provided by the app: the "server error" notification. */
    notifyServerError: () => {},
  },
}).createMachine({
  id: "search",
  context: ({ input }) => ({ term: input.term ?? "", debounceMs: input.debounceMs, suggestions: NO_SUGGESTIONS }),
  initial: "idle",
  on: {
    "search.type": [
      {
        guard: { type: "isSearchable", params: ({ event }) => ({ term: event.term }) },
        target: ".debouncing",
        actions: { type: "setTerm", params: ({ event }) => ({ term: event.term }) },
      },
      {
        target: ".idle",
        actions: [{ type: "setTerm", params: ({ event }) => ({ term: event.term }) }, "clearSuggestions"],
      },
    ],
    "search.submit": {
      guard: { type: "isSearchable", params: ({ context }) => ({ term: context.term }) },
      target: ".idle",
      actions: [{ type: "navigateToSearchPage", params: ({ context }) => ({ term: context.term.trim() }) }, "clearSuggestions"],
    },
    "search.select": {
      guard: { type: "isSearchable", params: ({ event }) => ({ term: event.term }) },
      target: ".idle",
      actions: [
        { type: "setTerm", params: ({ event }) => ({ term: event.term }) },
        { type: "navigateToSearchPage", params: ({ event }) => ({ term: event.term.trim() }) },
        "clearSuggestions",
      ],
    },
    "search.close": {
      target: ".idle",
      actions: "clearSuggestions",
    },
    "search.prefill": {
      target: ".idle",
      actions: [{ type: "setTerm", params: ({ event }) => ({ term: event.term }) }, "clearSuggestions"],
    },
  },
  states: {
    idle: {
      description: "The panel is closed; the term is empty, too short, or was just submitted.",
    },
    debouncing: {
      description: "A searchable term was typed; waiting for typing to pause.",
      after: {
        debounce: "fetching",
      },
    },
    fetching: {
      tags: ["loading"],
      invoke: {
        id: "fetchSuggestions",
        src: "fetchSuggestions",
        input: ({ context }) => ({ term: context.term.trim() }),
        onDone: [
          {
            guard: { type: "hasSuggestions", params: ({ event }) => ({ suggestions: event.output }) },
            target: "showingResults",
            actions: { type: "setSuggestions", params: ({ event }) => ({ suggestions: event.output }) },
          },
          { target: "showingEmpty", actions: "clearSuggestions" },
        ],
        onError: {
          target: "failed",
          actions: ["clearSuggestions", "notifyServerError"],
        },
      },
    },
    showingResults: {
      description: "Suggested terms and up to 4 products, with the total.",
    },
    showingEmpty: {
      description: "'No result found'.",
    },
    failed: {
      tags: ["error"],
      description: "The suggestions could not be loaded; the server error notification was shown.",
    },
  },
});
