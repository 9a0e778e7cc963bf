// Walks a generated path on a real actor: the test performs each step's event (sends it, lets a fake
// actor answer, or moves the simulated clock on) and then checks the actor against the step's state.
import type { AnyMachineSnapshot, EventObject } from "xstate";
import type { FlowPath, ModelEvent } from "../../../machines/shared/flow-model.ts";

export interface PathStep<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject> {
  event: ModelEvent<TEvent>;
  /** The state the model reaches with the event. */
  expected: TSnapshot;
  /** The model's state before the event. */
  previous: TSnapshot;
}

export async function walkPath<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject>(
  path: FlowPath<TSnapshot, TEvent>,
  visit: {
    initial: (expected: TSnapshot) => void;
    step: (step: PathStep<TSnapshot, TEvent>) => Promise<void>;
  },
): Promise<void> {
  const [first, ...rest] = path.steps;
  if (first === undefined) throw new Error("a generated path starts with the initial state");
  visit.initial(first.state);
  let previous = first.state;
  for (const { event, state } of rest) {
    await visit.step({ event, expected: state, previous });
    previous = state;
  }
}

/** The event is one of the flow's own (sent by a view), not an actor's or a timer's. */
export function isFlowEvent<TEvent extends EventObject>(event: ModelEvent<TEvent>, prefix: `${string}.`): event is TEvent {
  return event.type.startsWith(prefix);
}

export function isDoneEvent<TEvent extends EventObject>(
  event: ModelEvent<TEvent>,
): event is { type: `xstate.done.actor.${string}`; output: unknown } {
  return event.type.startsWith("xstate.done.actor.");
}

export function isErrorEvent<TEvent extends EventObject>(
  event: ModelEvent<TEvent>,
): event is { type: `xstate.error.actor.${string}`; error: unknown } {
  return event.type.startsWith("xstate.error.actor.");
}

export function isAfterEvent<TEvent extends EventObject>(event: ModelEvent<TEvent>): event is { type: `xstate.after.${string}` } {
  return event.type.startsWith("xstate.after.");
}

/** The snapshot's tags, sorted, to compare two snapshots. */
export function tagsOf(snapshot: AnyMachineSnapshot): string[] {
  return [...snapshot.tags].sort();
}
