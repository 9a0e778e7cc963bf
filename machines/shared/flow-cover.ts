// A smaller set of a flow's generated shortest paths that still enters every state, takes every machine
// transition and uses every sample event that the whole set does: what the browser runs, where each
// path costs seconds. `machines:paths` links these paths to the
// browser tests, and the e2e runner registers one test per path of it.
import type { AnyMachineSnapshot, EventObject } from "xstate";
import { replayPath } from "./flow-coverage.ts";
import { describeEvent, describePath, flowPaths, type FlowModel, type FlowPath, type ModelEvent } from "./flow-model.ts";

/**
 * How a browser binding names a sample event: a flow's own event by its type (the binding reads the
 * payload), an actor's answer or a timer by its label (`(answers 409 already subscribed)`), since each
 * outcome is caused differently in the page.
 */
export function eventKey<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  model: FlowModel<TSnapshot, TEvent, TInput>,
  event: ModelEvent<TEvent>,
): string {
  return event.type.startsWith("xstate.") ? describeEvent(model, event) : event.type;
}

/** What a path covers: the state nodes it enters, the machine's transitions it takes, the sample events it uses. */
export function pathItems<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  model: FlowModel<TSnapshot, TEvent, TInput>,
  path: FlowPath<TSnapshot, TEvent>,
  options: { only?: "states" } = {},
): string[] {
  const replayed = replayPath(model, path);
  const states = replayed.flatMap((step) => step.states.map((state) => `state ${state}`));
  if (options.only === "states") return states;
  const transitions = replayed.flatMap((step) => step.transitions.map((transition) => `transition ${transition}`));
  const events = path.steps.slice(1).map((step) => `event ${eventKey(model, step.event)}`);
  return [...states, ...transitions, ...events];
}

/** The generated paths (flowPaths()) that take none of the transitions `except` (by label). */
export function pathsTakingNone<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  model: FlowModel<TSnapshot, TEvent, TInput>,
  except: ReadonlySet<string> = new Set(),
): FlowPath<TSnapshot, TEvent>[] {
  const excluded = new Set([...except].map((transition) => `transition ${transition}`));
  return flowPaths(model).filter((path) => excluded.size === 0 || !pathItems(model, path).some((item) => excluded.has(item)));
}

export interface CoverOptions {
  /** "states": cover the states alone. */
  only?: "states";
  /** Machine transitions (by label) whose paths are left out. */
  except?: ReadonlySet<string>;
}

/**
 * Greedily, the path that adds the most states, transitions and events not yet covered (the shorter one on a tie, then
 * the first by name), until the chosen paths take all those of the shortest paths; `only: "states"`
 * covers the states alone. Deterministic: the same model gives the same paths.
 */
export function coveringPaths<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  model: FlowModel<TSnapshot, TEvent, TInput>,
  options: CoverOptions = {},
): FlowPath<TSnapshot, TEvent>[] {
  const candidates = pathsTakingNone(model, options.except)
    .map((path) => {
      return { path, items: new Set(pathItems(model, path, options)), name: describePath(model, path) };
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const left = new Set(candidates.flatMap((candidate) => [...candidate.items]));
  const chosen: FlowPath<TSnapshot, TEvent>[] = [];
  while (left.size > 0) {
    let best: (typeof candidates)[number] | undefined;
    let bestGain = 0;
    for (const candidate of candidates) {
      const gain = [...candidate.items].filter((item) => left.has(item)).length;
      if (gain > bestGain || (gain === bestGain && gain > 0 && best !== undefined && candidate.path.steps.length < best.path.steps.length)) {
        best = candidate;
        bestGain = gain;
      }
    }
    if (best === undefined) break;
    chosen.push(best.path);
    for (const item of best.items) left.delete(item);
  }
  return chosen;
}

/** The descriptions (`describePath()`) of the covering paths, for the documents' links. */
export function coveringPathNames<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  model: FlowModel<TSnapshot, TEvent, TInput>,
  options: CoverOptions = {},
): Set<string> {
  return new Set(coveringPaths(model, options).map((path) => describePath(model, path)));
}
