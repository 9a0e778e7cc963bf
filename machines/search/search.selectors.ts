// What the search bar and its panel read from the search snapshot.
import type { SnapshotFrom } from "xstate";
import type { searchMachine } from "./search.machine.ts";
import type { Suggestions } from "./search.types.ts";

type SearchSnapshot = SnapshotFrom<typeof searchMachine>;

/** The search button is enabled (and Enter does something) only for a searchable term. */
export function canSubmit(snapshot: SearchSnapshot): boolean {
  return snapshot.can({ type: "search.submit" });
}

/** The panel under the box is open from the first searchable keystroke until closed or submitted. */
export function isPanelOpen(snapshot: SearchSnapshot): boolean {
  return !snapshot.matches("idle");
}

export function isLoading(snapshot: SearchSnapshot): boolean {
  return snapshot.hasTag("loading");
}

/** Suggestions to list; empty unless the answer for the current term had some. */
export function selectSuggestions(snapshot: SearchSnapshot): Suggestions {
  return snapshot.context.suggestions;
}

/** The panel shows 'no result found'. */
export function isEmptyResult(snapshot: SearchSnapshot): boolean {
  return snapshot.matches("showingEmpty");
}
