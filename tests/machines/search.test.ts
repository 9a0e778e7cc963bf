// The search box with autocomplete: every generated path walked on a real actor (simulated clock, fake
// suggestions request), then the rules that matter most one by one.
import { createActor, SimulatedClock, type SnapshotFrom } from "xstate";
import { describe, expect, it } from "vitest";
import { describePath, flowPaths, stateName } from "../../machines/shared/flow-model.ts";
import { NO_SUGGESTIONS, searchMachine } from "../../machines/search/search.machine.ts";
import { SAMPLE_SUGGESTIONS, SAMPLE_TERM, searchMachineWithTermRule, searchModel, sampleProduct } from "../../machines/search/search.model.ts";
import { canSubmit, isEmptyResult, isLoading, isPanelOpen, selectSuggestions } from "../../machines/search/search.selectors.ts";
import {
  AUTOCOMPLETE_MIN_CHARS,
  AUTOCOMPLETE_SIZE,
  HEADER_DEBOUNCE_MS,
  PANEL_DEBOUNCE_MS,
  SEARCH_PREVIEW_SIZE,
  isSearchableTerm,
  type FetchSuggestionsInput,
  type SearchEvent,
  type Suggestions,
} from "../../machines/search/search.types.ts";
import { createFakePromiseActor, settle } from "./support/fake-promise-actor.ts";
import { isAfterEvent, isDoneEvent, isErrorEvent, isFlowEvent, tagsOf, walkPath } from "./support/walk-path.ts";

type SearchSnapshot = SnapshotFrom<typeof searchMachine>;
type Effect = { type: "navigateToSearchPage"; term: string } | { type: "notifyServerError" };

function startSearch(debounceMs = HEADER_DEBOUNCE_MS) {
  const clock = new SimulatedClock();
  const fetchSuggestions = createFakePromiseActor<Suggestions, FetchSuggestionsInput>();
  const effects: Effect[] = [];
  const machine = searchMachineWithTermRule.provide({
    actors: { fetchSuggestions: fetchSuggestions.logic },
    actions: {
      navigateToSearchPage: (_, { term }) => effects.push({ type: "navigateToSearchPage", term }),
      notifyServerError: () => effects.push({ type: "notifyServerError" }),
    },
  });
  const actor = createActor(machine, { input: { debounceMs }, clock }).start();
  return { actor, clock, fetchSuggestions, effects };
}

function isSuggestions(value: unknown): value is Suggestions {
  return typeof value === "object" && value !== null && "terms" in value && "products" in value && "total" in value;
}

/** SPEC §5, restated independently of the machine: 3 characters that are not whitespace. */
function hasThreeNonSpaceCharacters(term: string): boolean {
  return term.split("").filter((character) => character.trim() !== "").length >= 3;
}

describe("search machine: generated paths", () => {
  const paths = flowPaths(searchModel);

  it("reach every state of the machine", () => {
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => stateName(step.state.value))));
    expect([...reached].sort()).toEqual(Object.keys(searchMachine.root.states).sort());
  });

  for (const path of paths) {
    it(describePath(searchModel, path), async () => {
      const search = startSearch(searchModel.input.debounceMs);

      const check = (expected: SearchSnapshot) => {
        const actual = search.actor.getSnapshot();
        expect(actual.value).toEqual(expected.value);
        expect(actual.context).toEqual(expected.context);
        expect(tagsOf(actual)).toEqual(tagsOf(expected));
        expect(isLoading(actual)).toBe(actual.matches("fetching"));
        expect(actual.hasTag("error")).toBe(actual.matches("failed"));
        expect(canSubmit(actual)).toBe(hasThreeNonSpaceCharacters(actual.context.term));
        expect(isPanelOpen(actual)).toBe(!actual.matches("idle"));
        expect(isEmptyResult(actual)).toBe(actual.matches("showingEmpty"));
        if (actual.matches("showingResults")) expect(selectSuggestions(actual)).toEqual(SAMPLE_SUGGESTIONS);
        if (actual.matches("idle") || actual.matches("showingEmpty") || actual.matches("failed")) {
          expect(selectSuggestions(actual)).toEqual(NO_SUGGESTIONS);
        }
        if (actual.matches("fetching")) {
          const request = search.fetchSuggestions.latest();
          expect(request.input).toEqual({ term: actual.context.term.trim() });
          expect(request.signal.aborted).toBe(false);
        }
      };

      await walkPath(path, {
        initial: (expected) => check(expected),
        step: async ({ event, expected, previous }) => {
          const requestsBefore = search.fetchSuggestions.calls.length;
          const inFlight = search.fetchSuggestions.calls.at(-1);
          if (isFlowEvent<SearchEvent>(event, "search.")) {
            search.actor.send(event);
          } else if (isAfterEvent(event)) {
            search.clock.increment(HEADER_DEBOUNCE_MS);
          } else if (isDoneEvent(event)) {
            if (!isSuggestions(event.output)) throw new Error("the model answers with suggestions");
            search.fetchSuggestions.latest().resolve(event.output);
            await settle();
          } else if (isErrorEvent(event)) {
            search.fetchSuggestions.latest().reject(event.error);
            await settle();
          }

          check(expected);

          const expectedEffects: Effect[] =
            event.type === "search.submit"
              ? [{ type: "navigateToSearchPage", term: previous.context.term.trim() }]
              : event.type === "search.select"
                ? [{ type: "navigateToSearchPage", term: event.term.trim() }]
                : isErrorEvent(event)
                  ? [{ type: "notifyServerError" }]
                  : [];
          expect(search.effects.splice(0)).toEqual(expectedEffects);

          // A request starts only when the debounce delay is over, and leaving its state stops it.
          const started = search.fetchSuggestions.calls.length - requestsBefore;
          expect(started).toBe(isAfterEvent(event) ? 1 : 0);
          if (previous.matches("fetching") && isFlowEvent<SearchEvent>(event, "search.")) {
            expect(inFlight?.signal.aborted).toBe(true);
          }
        },
      });
    });
  }
});

describe("search machine: rules", () => {
  it("names the constants of SPEC §9", () => {
    expect({ AUTOCOMPLETE_MIN_CHARS, HEADER_DEBOUNCE_MS, PANEL_DEBOUNCE_MS, SEARCH_PREVIEW_SIZE, AUTOCOMPLETE_SIZE }).toEqual({
      AUTOCOMPLETE_MIN_CHARS: 3,
      HEADER_DEBOUNCE_MS: 300,
      PANEL_DEBOUNCE_MS: 500,
      SEARCH_PREVIEW_SIZE: 4,
      AUTOCOMPLETE_SIZE: 10,
    });
  });

  it.each([
    ["ab ", false],
    ["  a b", false],
    ["", false],
    ["\t a\u00a0b \n", false],
    ["a b c", true],
    ["abc", true],
    ["  sac  ", true],
    ["été", true],
  ])("counts non-space characters: %j is searchable: %s", (term, searchable) => {
    expect(isSearchableTerm(term)).toBe(searchable);
  });

  it("neither fires autocomplete nor allows submitting a term that is too short", () => {
    const search = startSearch();
    search.actor.send({ type: "search.type", term: "  a b" });
    expect(canSubmit(search.actor.getSnapshot())).toBe(false);
    search.clock.increment(10 * HEADER_DEBOUNCE_MS);
    search.actor.send({ type: "search.submit" });
    expect(search.actor.getSnapshot().value).toBe("idle");
    expect(search.fetchSuggestions.calls).toHaveLength(0);
    expect(search.effects).toEqual([]);
  });

  it("waits for typing to pause: a new keystroke restarts the header's 300 ms delay", () => {
    const search = startSearch(HEADER_DEBOUNCE_MS);
    search.actor.send({ type: "search.type", term: "sac" });
    search.clock.increment(HEADER_DEBOUNCE_MS - 1);
    search.actor.send({ type: "search.type", term: "sacs" });
    search.clock.increment(HEADER_DEBOUNCE_MS - 1);
    expect(search.fetchSuggestions.calls).toHaveLength(0);
    search.clock.increment(1);
    expect(search.fetchSuggestions.calls.map((call) => call.input)).toEqual([{ term: "sacs" }]);
  });

  it("waits 500 ms in the search panel", () => {
    const search = startSearch(PANEL_DEBOUNCE_MS);
    search.actor.send({ type: "search.type", term: "sac" });
    search.clock.increment(PANEL_DEBOUNCE_MS - 1);
    expect(search.actor.getSnapshot().value).toBe("debouncing");
    search.clock.increment(1);
    expect(search.actor.getSnapshot().value).toBe("fetching");
  });

  it("stops the request for an older term when a newer term is typed, and ignores its late answer", async () => {
    const search = startSearch();
    search.actor.send({ type: "search.type", term: "sac" });
    search.clock.increment(HEADER_DEBOUNCE_MS);
    const older = search.fetchSuggestions.latest();
    expect(older.signal.aborted).toBe(false);

    search.actor.send({ type: "search.type", term: "sacoche" });
    expect(older.signal.aborted).toBe(true);
    search.clock.increment(HEADER_DEBOUNCE_MS);
    const newer = search.fetchSuggestions.latest();
    expect(newer.input).toEqual({ term: "sacoche" });

    older.resolve(SAMPLE_SUGGESTIONS);
    await settle();
    expect(search.actor.getSnapshot().value).toBe("fetching");

    const sacoches: Suggestions = { terms: ["sacoche"], products: [sampleProduct(9, "Sacoche")], total: 1 };
    newer.resolve(sacoches);
    await settle();
    expect(search.actor.getSnapshot().value).toBe("showingResults");
    expect(selectSuggestions(search.actor.getSnapshot())).toEqual(sacoches);
  });

  it("submits the trimmed term, closes the panel and does not fetch afterwards", () => {
    const search = startSearch();
    search.actor.send({ type: "search.type", term: ` ${SAMPLE_TERM} ` });
    search.actor.send({ type: "search.submit" });
    search.clock.increment(10 * HEADER_DEBOUNCE_MS);
    expect(search.effects).toEqual([{ type: "navigateToSearchPage", term: SAMPLE_TERM }]);
    expect(search.actor.getSnapshot().value).toBe("idle");
    expect(search.fetchSuggestions.calls).toHaveLength(0);
  });

  it("closes on Escape, stopping the request and forgetting the suggestions", async () => {
    const search = startSearch();
    search.actor.send({ type: "search.type", term: SAMPLE_TERM });
    search.clock.increment(HEADER_DEBOUNCE_MS);
    search.fetchSuggestions.latest().resolve(SAMPLE_SUGGESTIONS);
    await settle();
    search.actor.send({ type: "search.type", term: "sacs" });
    search.clock.increment(HEADER_DEBOUNCE_MS);
    const request = search.fetchSuggestions.latest();
    search.actor.send({ type: "search.close" });
    expect(request.signal.aborted).toBe(true);
    expect(isPanelOpen(search.actor.getSnapshot())).toBe(false);
    expect(selectSuggestions(search.actor.getSnapshot())).toEqual(NO_SUGGESTIONS);
    expect(search.actor.getSnapshot().context.term).toBe("sacs");
  });

  it("shows the results page's term without opening the panel, stopping a request in flight", () => {
    const search = startSearch();
    search.actor.send({ type: "search.type", term: "sacs" });
    search.clock.increment(HEADER_DEBOUNCE_MS);
    const request = search.fetchSuggestions.latest();
    search.actor.send({ type: "search.prefill", term: SAMPLE_TERM });
    search.clock.increment(10 * HEADER_DEBOUNCE_MS);
    const snapshot = search.actor.getSnapshot();
    expect(request.signal.aborted).toBe(true);
    expect(snapshot.context.term).toBe(SAMPLE_TERM);
    expect(isPanelOpen(snapshot)).toBe(false);
    expect(canSubmit(snapshot)).toBe(true);
    expect(search.fetchSuggestions.calls).toHaveLength(1);
    expect(search.effects).toEqual([]);
  });

  it("keeps the last suggestions on screen while the next ones load", async () => {
    const search = startSearch();
    search.actor.send({ type: "search.type", term: SAMPLE_TERM });
    search.clock.increment(HEADER_DEBOUNCE_MS);
    search.fetchSuggestions.latest().resolve(SAMPLE_SUGGESTIONS);
    await settle();
    search.actor.send({ type: "search.type", term: "sacs" });
    expect(isPanelOpen(search.actor.getSnapshot())).toBe(true);
    expect(selectSuggestions(search.actor.getSnapshot())).toEqual(SAMPLE_SUGGESTIONS);
  });

  it("shows the server error notification once when suggestions cannot be loaded", async () => {
    const search = startSearch();
    search.actor.send({ type: "search.type", term: SAMPLE_TERM });
    search.clock.increment(HEADER_DEBOUNCE_MS);
    search.fetchSuggestions.latest().reject({ status: -1, message: "No response" });
    await settle();
    const snapshot = search.actor.getSnapshot();
    expect(snapshot.value).toBe("failed");
    expect(snapshot.hasTag("error")).toBe(true);
    expect(search.effects).toEqual([{ type: "notifyServerError" }]);
  });

  it("searches for no term when the app gives the machine no rule", () => {
    const actor = createActor(searchMachine, { input: { debounceMs: HEADER_DEBOUNCE_MS } }).start();
    actor.send({ type: "search.type", term: SAMPLE_TERM });
    expect(actor.getSnapshot().value).not.toBe("debouncing");
  });

  it("fails the request when no implementation was provided", async () => {
    const clock = new SimulatedClock();
    const actor = createActor(searchMachineWithTermRule, { input: { debounceMs: HEADER_DEBOUNCE_MS }, clock }).start();
    actor.send({ type: "search.type", term: SAMPLE_TERM });
    clock.increment(HEADER_DEBOUNCE_MS);
    await settle();
    expect(actor.getSnapshot().value).toBe("failed");
  });
});
