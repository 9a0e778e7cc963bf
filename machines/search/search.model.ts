// The search flow's model: sample terms (searchable and too short), and the answers the suggestions
// request may give (some suggestions, none, a failure). Paths are generated from it for the machine
// tests and for docs/flows/search.paths.md.
import { defineFlowModel } from "../shared/flow-model.ts";
import { NO_SUGGESTIONS, searchMachine } from "./search.machine.ts";
import { HEADER_DEBOUNCE_MS, isSearchableTerm, type Suggestions } from "./search.types.ts";

/** The search flow with SPEC §5's searchable term, as the app provides it (src/actors/search-actors.ts). */
export const searchMachineWithTermRule = searchMachine.provide({ guards: { isSearchable: (_, { term }) => isSearchableTerm(term) } });

export const SAMPLE_TERM = "sac";
const SHORT_TERM = "sa ";
const SAMPLE_SUGGESTED_TERM = "sac à dos";

/** A whole product summary as the API sends it (the panel reads a part of it). */
export function sampleProduct(id: number, name: string) {
  return {
    id,
    slug: name.toLowerCase().replace(/\s+/gu, "-"),
    reference: `REF-${id}`,
    name,
    madeInFrance: true,
    madeInEurope: true,
    upCycling: false,
    limitedEdition: false,
    isConfigurable: false,
    offer: null,
    coverPicture: null,
    pictures: [],
    variantCount: 1,
  };
}

export const SAMPLE_SUGGESTIONS: Suggestions = {
  terms: [SAMPLE_TERM, SAMPLE_SUGGESTED_TERM],
  products: [sampleProduct(1, "Sac cabine"), sampleProduct(2, "Sac de voyage")],
  total: 7,
};

export const searchModel = defineFlowModel(searchMachineWithTermRule, {
  name: "search",
  input: { debounceMs: HEADER_DEBOUNCE_MS },
  events: (snapshot) => [
    { type: "search.type", term: SAMPLE_TERM },
    { type: "search.type", term: SHORT_TERM },
    { type: "search.submit" },
    { type: "search.close" },
    // A suggestion is chosen from the panel's list: only while it lists some.
    ...(snapshot.matches("showingResults") ? [{ type: "search.select", term: SAMPLE_SUGGESTED_TERM } as const] : []),
    { type: "search.prefill", term: SAMPLE_SUGGESTED_TERM },
    { type: "xstate.after.debounce.search.debouncing" },
    { type: "xstate.done.actor.fetchSuggestions", output: SAMPLE_SUGGESTIONS },
    { type: "xstate.done.actor.fetchSuggestions", output: NO_SUGGESTIONS },
    { type: "xstate.error.actor.fetchSuggestions", error: { status: 500, message: "Internal Server Error" } },
  ],
  describeEvent: (event) => {
    if (event.type === "xstate.done.actor.fetchSuggestions") {
      return event.output === NO_SUGGESTIONS ? "(no suggestion found)" : "(suggestions received)";
    }
    if (event.type === "xstate.error.actor.fetchSuggestions") return "(suggestions request fails)";
    return undefined;
  },
});
