// A flow's paths told as a shopper lives them, in French and English: what the shopper does (or what
// happens: an answer of the server, a timer) for each sample event of the model, and what the page
// shows in each state. `machines:paths` writes the generated paths with these words for QA, and a unit
// test keeps them complete. The wording follows the shop's catalogues (locales/*/*.po).
import type { AnyMachineSnapshot, EventObject, StateValue } from "xstate";
import { describeEvent, flowPaths, stateName, type FlowModel, type FlowPath, type ModelEvent } from "./flow-model.ts";

/** The same words in both languages of the shop. */
export interface Words {
  fr: string;
  en: string;
}

export const LANGUAGES = ["fr", "en"] as const;
export type Language = (typeof LANGUAGES)[number];

/** What a state shows; a function when it depends on the context (attempts left, items shown…). */
export type StateWords<TSnapshot> = Words | ((snapshot: TSnapshot) => Words);

export interface FlowSteps<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject> {
  /**
   * What the page shows, by the dotted path of a state without children (`open.code.editing`). A
   * parallel state is told region by region, in the order of its regions; empty words say nothing.
   */
  states: Record<string, StateWords<TSnapshot>>;
  /** What the shopper does or what happens, for a sample event (given the state it is taken in). */
  event: (event: ModelEvent<TEvent>, before: TSnapshot) => Words | undefined;
}

/** A flow's steps, typed by its model. */
export function defineFlowSteps<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  _model: FlowModel<TSnapshot, TEvent, TInput>,
  steps: FlowSteps<TSnapshot, TEvent>,
): FlowSteps<TSnapshot, TEvent> {
  return steps;
}

/** `["open.code.editing"]`; for a parallel state, one path per region (`["data.ready", "sidebar.closed"]`). */
export function leafStatePaths(value: StateValue): string[] {
  if (typeof value === "string") return [value];
  return Object.entries(value).flatMap(([key, child]) =>
    child === undefined || (typeof child === "object" && Object.keys(child).length === 0)
      ? [key]
      : leafStatePaths(child).map((path) => `${key}.${path}`),
  );
}

export interface DescribedStep {
  /** Empty for the start of the path. */
  action?: Words;
  shows: Words;
}

/** A step or state the flow's words leave out: what the script and the unit test name. */
export class MissingWords extends Error {
  constructor(readonly missing: string[]) {
    super(`no words for ${missing.join("; ")}`);
  }
}

function wordsOfState<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject>(
  steps: FlowSteps<TSnapshot, TEvent>,
  snapshot: TSnapshot,
  missing: Set<string>,
): Words {
  const parts: Words[] = [];
  for (const path of leafStatePaths(snapshot.value)) {
    const entry = steps.states[path];
    if (entry === undefined) {
      missing.add(`state "${path}"`);
      continue;
    }
    const words = typeof entry === "function" ? entry(snapshot) : entry;
    if (words.fr !== "" || words.en !== "") parts.push(words);
  }
  return { fr: parts.map((words) => words.fr).join(" ; "), en: parts.map((words) => words.en).join("; ") };
}

function collectSteps<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  model: FlowModel<TSnapshot, TEvent, TInput>,
  steps: FlowSteps<TSnapshot, TEvent>,
  path: FlowPath<TSnapshot, TEvent>,
  missing: Set<string>,
): DescribedStep[] {
  const [first, ...rest] = path.steps;
  if (first === undefined) return [];
  const told: DescribedStep[] = [{ shows: wordsOfState(steps, first.state, missing) }];
  let before = first.state;
  for (const step of rest) {
    const action = steps.event(step.event, before);
    if (action === undefined) missing.add(`event "${describeEvent(model, step.event)}" in state "${stateName(before.value)}"`);
    told.push({ action: action ?? { fr: "", en: "" }, shows: wordsOfState(steps, step.state, missing) });
    before = step.state;
  }
  return told;
}

/** A path's steps in words; throws `MissingWords` when a state or an event on it has none. */
export function describePathSteps<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  model: FlowModel<TSnapshot, TEvent, TInput>,
  steps: FlowSteps<TSnapshot, TEvent>,
  path: FlowPath<TSnapshot, TEvent>,
): DescribedStep[] {
  const missing = new Set<string>();
  const told = collectSteps(model, steps, path, missing);
  if (missing.size > 0) throw new MissingWords([...missing]);
  return told;
}

/**
 * What the flow's words leave out on its generated paths (states and events without words), and the
 * state paths they name that no generated path reaches (words left over from a former machine).
 */
export function checkFlowSteps<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  model: FlowModel<TSnapshot, TEvent, TInput>,
  steps: FlowSteps<TSnapshot, TEvent>,
): { missing: string[]; unused: string[] } {
  const missing = new Set<string>();
  const reached = new Set<string>();
  for (const path of flowPaths(model)) {
    collectSteps(model, steps, path, missing);
    for (const step of path.steps) for (const leaf of leafStatePaths(step.state.value)) reached.add(leaf);
  }
  const unused = Object.keys(steps.states).filter((state) => !reached.has(state));
  return { missing: [...missing].sort(), unused: unused.sort() };
}
