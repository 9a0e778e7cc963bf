// The e2e runner of a flow: it generates the paths from the flow's model (a subset of the shortest
// paths that covers every state, transition and sample event they do), checks that the binding knows
// every state and event they use, and registers one Playwright test per path (in French, and in
// English for the paths that cover every state). Each test records the states and transitions it
// reached in the browser (an attachment the coverage reporter reads).
import type { AnyMachineSnapshot, EventObject } from "xstate";
import { coveringPaths, eventKey, pathsTakingNone } from "../../../machines/shared/flow-cover.ts";
import { replayPath } from "../../../machines/shared/flow-coverage.ts";
import { describePath, flowPaths, stateName, type FlowModel, type FlowPath } from "../../../machines/shared/flow-model.ts";
import type { Lang } from "../support/api.ts";
import { test } from "../support/fixtures.ts";
import type { FlowBinding, FlowWorld } from "./binding.ts";
import { notCausedInBrowser } from "./not-caused.ts";

/** The attachment a path test leaves for the coverage reporter. */
export const COVERAGE_ATTACHMENT = "flow-coverage";

export interface ReachedInBrowser {
  flow: string;
  /** The suite (a flow may have one per start) and its number of path tests: whether the whole flow ran. */
  suite: string;
  pathTests: number;
  states: string[];
  transitions: string[];
}

/** The states and events the paths use that the binding does not know. */
export function missingBindings<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  model: FlowModel<TSnapshot, TEvent, TInput>,
  binding: FlowBinding<TSnapshot, TEvent>,
  paths: FlowPath<TSnapshot, TEvent>[],
): string[] {
  const missing = new Set<string>();
  for (const path of paths) {
    for (const [index, step] of path.steps.entries()) {
      const state = stateName(step.state.value);
      if (!(state in binding.states)) missing.add(`state "${state}"`);
      if (index > 0 && !(eventKey(model, step.event) in binding.events)) missing.add(`event "${eventKey(model, step.event)}"`);
    }
  }
  return [...missing].sort();
}

/** The test's name for a path: its description (`describePath()`), after `[en] ` in English. */
export function pathTestName(description: string, lang: Lang): string {
  return lang === "fr" ? description : `[en] ${description}`;
}

export interface RunOptions {
  /**
   * For a second start of a flow, whose other transitions the main suite takes already: "states" runs
   * only the paths covering every state; "start" only the start itself (what the machine does before
   * any event: its eventless transitions from that input).
   */
  cover?: "states" | "start";
}

/** The path that only starts: the machine's initial state, after what it does on its own. */
function startPath<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  model: FlowModel<TSnapshot, TEvent, TInput>,
): FlowPath<TSnapshot, TEvent> {
  const [path] = flowPaths(model);
  const first = path?.steps[0];
  if (path === undefined || first === undefined) throw new Error(`${model.name}: no generated path`);
  const start = { ...path, state: first.state, steps: [first], weight: 0 };
  return { ...start, description: describePath(model, start) };
}

export function runFlow<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  title: string,
  model: FlowModel<TSnapshot, TEvent, TInput>,
  binding: FlowBinding<TSnapshot, TEvent>,
  options: RunOptions = {},
): void {
  // The transitions a page cannot cause on the model's paths (not-caused.ts): their paths are left out.
  const except = notCausedInBrowser(model.name);
  const french =
    options.cover === "start" ? [startPath(model)] : coveringPaths(model, { except, ...(options.cover === "states" ? { only: "states" } : {}) });
  const english = binding.inEnglish && options.cover === undefined ? coveringPaths(model, { only: "states", except }) : [];
  const runs = [...french.map((path) => ({ path, lang: "fr" as const })), ...english.map((path) => ({ path, lang: "en" as const }))];

  test.describe(title, () => {
    // Every path the model generates, not only those run (but those not-caused.ts leaves out): a state
    // or event without a binding fails the run.
    const missing = missingBindings(model, binding, pathsTakingNone(model, except));
    test("binds every state and event of the model's paths", () => {
      if (missing.length > 0) throw new Error(`${model.name}: no browser binding for ${missing.join(", ")}`);
    });

    for (const { path, lang } of runs) {
      test(pathTestName(describePath(model, path), lang), async ({ context, openPage }, testInfo) => {
        test.skip(missing.length > 0, "the binding is incomplete (see the binding test)");
        const replayed = replayPath(model, path);
        const reached: ReachedInBrowser = { flow: model.name, suite: title, pathTests: runs.length, states: [], transitions: [] };
        const memory = new Map<string, unknown>();
        const world = (snapshot: TSnapshot, index: number): FlowWorld<TSnapshot, TEvent> => ({
          lang,
          snapshot,
          next: path.steps[index + 1]?.state,
          upcoming: path.steps.slice(index + 2).map((step) => step.event),
          context,
          openPage,
          memory,
        });
        const show = async (page: Awaited<ReturnType<typeof binding.start>>, index: number) => {
          const step = path.steps[index];
          if (step === undefined) return;
          const name = stateName(step.state.value);
          await test.step(`shows ${name}`, async () => {
            const check = binding.states[name];
            if (check === undefined) throw new Error(`no binding for state "${name}"`);
            await check(page, world(step.state, index));
          });
          reached.states.push(...(replayed[index]?.states ?? []));
          reached.transitions.push(...(replayed[index]?.transitions ?? []));
        };
        try {
          const [first] = path.steps;
          if (first === undefined) throw new Error("a generated path starts with the initial state");
          const page = await binding.start(world(first.state, 0));
          await show(page, 0);
          for (let index = 1; index < path.steps.length; index += 1) {
            const step = path.steps[index];
            const before = path.steps[index - 1];
            if (step === undefined || before === undefined) break;
            const key = eventKey(model, step.event);
            await test.step(key, async () => {
              const perform = binding.events[key];
              if (perform === undefined) throw new Error(`no binding for event "${key}"`);
              await perform(page, step.event, { ...world(before.state, index - 1), next: step.state });
            });
            await show(page, index);
          }
        } finally {
          await testInfo.attach(COVERAGE_ATTACHMENT, { body: JSON.stringify(reached), contentType: "application/json" });
        }
      });
    }
  });
}
