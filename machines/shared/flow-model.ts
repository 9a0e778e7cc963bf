// A flow's model for path generation: the machine, its input, and the sample events worth trying in a
// state (with payloads, and the outcomes of its actors and timers). The machine tests walk the paths
// generated from it, and `machines:paths` prints the same paths for QA.
//
// `createTestModel()` of xstate/graph refuses machines with `invoke` or `after`, because its traversal
// runs neither actors nor timers. Here their outcomes are sample events of the model (an actor's done or
// error event, a delay's after event) that the tests perform on a real actor (a fake actor settles, the
// simulated clock moves on). So the model is a `TestModel` built directly, with the state identity that
// `createTestModel()` uses: the state and context, plus the transition that changed the state value,
// which makes the shortest paths cover every transition between state values.
import type { AnyMachineSnapshot, AnyStateMachine, EventFromLogic, EventObject, InputFrom, SnapshotFrom, StateValue } from "xstate";
import { getNextSnapshot } from "xstate";
import { TestModel, serializeSnapshot, type TestPath } from "xstate/graph";
import { machineTransitionDefinitions, machineTransitions, replayPath, transitionLabel, transitionsOfStep } from "./flow-coverage.ts";

/** What a traversal may do to the machine: send one of its events, or let an actor or a timer answer. */
export type ModelEvent<TEvent extends EventObject> =
  | TEvent
  | { type: `xstate.done.actor.${string}`; output: unknown }
  | { type: `xstate.error.actor.${string}`; error: unknown }
  | { type: `xstate.after.${string}` };

export interface FlowModel<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput> {
  /** The flow's folder name (`docs/flows/<name>.*`). */
  name: string;
  /** Typed loosely, as `createTestModel()` types it: the machine also takes its actors' and timers' events. */
  machine: AnyStateMachine;
  input: TInput;
  /** Sample events to try in a state; those the state does not take are left out. */
  events: (snapshot: TSnapshot) => ModelEvent<TEvent>[];
  /** A short label for a sample event, when its type and payload do not say enough. */
  describeEvent?: (event: ModelEvent<TEvent>) => string | undefined;
}

/** A flow model whose types are those of its machine. */
export function defineFlowModel<TMachine extends AnyStateMachine>(
  machine: TMachine,
  model: Omit<FlowModel<SnapshotFrom<TMachine>, EventFromLogic<TMachine>, InputFrom<TMachine>>, "machine">,
): FlowModel<SnapshotFrom<TMachine>, EventFromLogic<TMachine>, InputFrom<TMachine>> {
  return { ...model, machine };
}

export type FlowPath<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject> = TestPath<TSnapshot, ModelEvent<TEvent>>;

/** Whether a snapshot comes from the model's machine: what lets the paths carry the machine's own types. */
function isSnapshotOf<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  model: FlowModel<TSnapshot, TEvent, TInput>,
  snapshot: AnyMachineSnapshot,
): snapshot is TSnapshot {
  return snapshot.machine === model.machine;
}

function isPathOf<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  model: FlowModel<TSnapshot, TEvent, TInput>,
  path: TestPath<AnyMachineSnapshot, ModelEvent<TEvent>>,
): path is FlowPath<TSnapshot, TEvent> {
  return isSnapshotOf(model, path.state) && path.steps.every((step) => isSnapshotOf(model, step.state));
}

function createFlowTestModel<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  model: FlowModel<TSnapshot, TEvent, TInput>,
) {
  // A state is identified by its whole value and context: a coarser identity would let a path take an
  // event (an id to dismiss…) computed on another snapshot than the one its steps lead to. So a machine's
  // context must stay finite for its model (no ever-growing counters).
  const identify = (snapshot: AnyMachineSnapshot) => serializeSnapshot(snapshot);
  return new TestModel<AnyMachineSnapshot, ModelEvent<TEvent>, TInput>(model.machine, {
    input: model.input,
    events: (snapshot) => (isSnapshotOf(model, snapshot) ? model.events(snapshot).filter((event) => snapshot.can(event)) : []),
    serializeState: (snapshot, event, previous) => {
      const changed = event !== undefined && previous !== undefined && stateName(previous.value) !== stateName(snapshot.value);
      return changed ? `${identify(snapshot)} via ${JSON.stringify(event)} from ${stateName(previous.value)}` : identify(snapshot);
    },
    stateMatcher: (snapshot, key) => snapshot.matches(key),
  });
}

/** The generated shortest paths: one per state and per transition into it, without paths that another one continues. */
export function flowShortestPaths<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  model: FlowModel<TSnapshot, TEvent, TInput>,
): FlowPath<TSnapshot, TEvent>[] {
  return createFlowTestModel(model)
    .getShortestPaths()
    .filter((path) => isPathOf(model, path));
}

/**
 * The generated paths: the shortest paths, and one path more for each machine transition they never
 * take — one that keeps its state (a refusal with a notice), or a second way into a state they reach
 * another way — made of the shortest path to a state where a sample event takes that transition, and
 * that event. So the paths take every transition the model's sample events can take.
 */
export function flowPaths<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  model: FlowModel<TSnapshot, TEvent, TInput>,
): FlowPath<TSnapshot, TEvent>[] {
  const known = generated.get(model);
  if (known !== undefined) return known as FlowPath<TSnapshot, TEvent>[];
  const shortest = flowShortestPaths(model);
  const taken = new Set(shortest.flatMap((path) => replayPath(model, path).flatMap((step) => step.transitions)));
  const left = new Set(machineTransitions(model.machine).filter((transition) => !taken.has(transition)));
  if (left.size === 0) {
    generated.set(model, shortest);
    return shortest;
  }
  const more: FlowPath<TSnapshot, TEvent>[] = [];
  // Every state the shortest paths pass through, with the shortest way there, nearest first.
  const prefixes = new Map<string, FlowPath<TSnapshot, TEvent>["steps"]>();
  for (const path of shortest) {
    for (let end = 1; end <= path.steps.length; end += 1) {
      const steps = path.steps.slice(0, end);
      const key = serializeSnapshot(steps[end - 1]?.state ?? path.state);
      const before = prefixes.get(key);
      if (before === undefined || before.length > steps.length) prefixes.set(key, steps);
    }
  }
  const nearestFirst = [...prefixes.values()].sort((a, b) => a.length - b.length);
  const sampleTypes = new Set(nearestFirst.flatMap((steps) => steps.map((step) => step.event.type)));
  const definitions = machineTransitionDefinitions(model.machine);
  // Whether an event from a state may take a transition left: one of that event from an active state,
  // or one that no sample event names (eventless, or an event the machine raises itself).
  const mayTake = (from: AnyMachineSnapshot, event: ModelEvent<TEvent>) =>
    definitions.some(
      (definition) =>
        left.has(transitionLabel(definition)) &&
        (!sampleTypes.has(definition.eventType) || (definition.eventType === event.type && from._nodes.includes(definition.source))),
    );
  for (const steps of nearestFirst) {
    if (left.size === 0) break;
    const end = steps.at(-1)?.state;
    if (end === undefined) continue;
    for (const event of model.events(end).filter((candidate) => end.can(candidate) && mayTake(end, candidate))) {
      const step = transitionsOfStep(model, end, event);
      if (!step.some((transition) => left.has(transition))) continue;
      for (const transition of step) left.delete(transition);
      const next: AnyMachineSnapshot = getNextSnapshot(model.machine, end, event);
      if (!isSnapshotOf(model, next)) continue;
      const longer: FlowPath<TSnapshot, TEvent> = {
        state: next,
        steps: [...steps, { state: next, event }],
        weight: steps.length,
        description: "",
        // The flows' paths are walked by their tests (tests/machines/, the browser runner), not by this.
        test: () => Promise.reject(new Error("a flow path is walked by the flow's own tests")),
      };
      longer.description = describePath(model, longer);
      more.push(longer);
    }
  }
  const paths = [...shortest, ...more];
  generated.set(model, paths);
  return paths;
}

/** flowPaths() by model: generating them replays each path on the machine. */
const generated = new WeakMap<object, unknown[]>();

/** The generated simple paths (no state visited twice). */
export function flowSimplePaths<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  model: FlowModel<TSnapshot, TEvent, TInput>,
): FlowPath<TSnapshot, TEvent>[] {
  return createFlowTestModel(model)
    .getSimplePaths()
    .filter((path) => isPathOf(model, path));
}

/** `editing.termsAccepted.ready` for `{ editing: { termsAccepted: "ready" } }`. */
export function stateName(value: StateValue): string {
  if (typeof value === "string") return value;
  return Object.entries(value)
    .map(([key, child]) => (child === undefined ? key : `${key}.${stateName(child)}`))
    .join(" + ");
}

export function describeEvent<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  model: FlowModel<TSnapshot, TEvent, TInput>,
  event: ModelEvent<TEvent>,
): string {
  const label = model.describeEvent?.(event);
  if (label !== undefined) return label;
  const [, kind, rest] = /^xstate\.(after|done\.actor|error\.actor)\.(.*)$/u.exec(event.type) ?? [];
  if (kind === "after") return `(after ${rest?.split(".")[0] ?? ""})`;
  if (kind === "done.actor") return `(${rest ?? ""} succeeds)`;
  if (kind === "error.actor") return `(${rest ?? ""} fails${"error" in event ? errorLabel(event.error) : ""})`;
  const { type, ...payload } = event;
  const values = Object.values(payload).map((value) => (typeof value === "string" ? `"${value}"` : JSON.stringify(value)));
  return [type, ...values].join(" ");
}

/** `: 409 COUPON_NOT_FOUND` for an API error, so that two failures of one request read apart. */
function errorLabel(error: unknown): string {
  if (typeof error !== "object" || error === null || !("status" in error)) return "";
  const code = "code" in error && typeof error.code === "string" ? ` ${error.code}` : "";
  return `: ${String(error.status)}${code}`;
}

/** `from idle: search.type "sac" → debouncing → (after debounce) → fetching → …`. */
export function describePath<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  model: FlowModel<TSnapshot, TEvent, TInput>,
  path: FlowPath<TSnapshot, TEvent>,
): string {
  const [first, ...rest] = path.steps;
  const start = stateName((first ?? path).state.value);
  if (rest.length === 0) return `${start} (initial state)`;
  const parts = rest.flatMap((step) => [describeEvent(model, step.event), stateName(step.state.value)]);
  return `from ${start}: ${parts.join(" → ")}`;
}
