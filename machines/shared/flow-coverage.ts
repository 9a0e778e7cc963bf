// What a flow's machine holds, counted from its definition: every state node and every transition
// (events, an actor's done and error, delays, eventless ones), each named by a stable label; and which
// of them a generated path takes, found by replaying it on a real actor whose actors never settle and
// whose timers never fire (the path's own events stand for their outcomes). The e2e runner records what
// the browser reached in these labels, and the coverage report counts them against the machine's.
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition, type EventObject } from "xstate";
import type { FlowModel, FlowPath, ModelEvent } from "./flow-model.ts";

function nodeName(node: AnyStateNode): string {
  return node.path.length === 0 ? "(machine)" : node.path.join(".");
}

function guardName(transition: AnyTransitionDefinition): string {
  const { guard } = transition;
  if (guard === undefined) return "";
  if (typeof guard === "string") return ` [${guard}]`;
  if (typeof guard === "object" && "type" in guard && typeof guard.type === "string") return ` [${guard.type}]`;
  return " [inline guard]";
}

/** `editing.termsAccepted --newsletter.submit [isValidEmail]--> submitting`; `(itself)` without a target. */
export function transitionLabel(transition: AnyTransitionDefinition): string {
  const targets = transition.target?.map(nodeName).join(", ") ?? "";
  const event = transition.eventType === "" ? "(always)" : transition.eventType;
  return `${nodeName(transition.source)} --${event}${guardName(transition)}--> ${targets === "" ? "(itself)" : targets}`;
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child))];
}

/** Every state node but the machine's root, by its dotted path. */
export function machineStates(machine: AnyStateMachine): string[] {
  return allNodes(machine.root)
    .filter((node) => node.path.length > 0)
    .map(nodeName);
}

/** Every transition of the machine's definition (in the definition's order). */
export function machineTransitionDefinitions(machine: AnyStateMachine): AnyTransitionDefinition[] {
  return allNodes(machine.root).flatMap((node) => [...[...node.transitions.values()].flat(), ...(node.always ?? [])]);
}

/** Every transition of the machine's definition, by its label (in the definition's order). */
export function machineTransitions(machine: AnyStateMachine): string[] {
  return machineTransitionDefinitions(machine).map(transitionLabel);
}

/** The state nodes a snapshot is in (a leaf and its ancestors), by their dotted paths. */
export function activeStates(snapshot: AnyMachineSnapshot): string[] {
  return snapshot._nodes.filter((node: AnyStateNode) => node.path.length > 0).map(nodeName);
}

export interface ReplayedStep {
  /** The state nodes the step enters or ends in (with those it leaves at once, and those it leaves). */
  states: string[];
  /** The transitions the step took (for the first step: those taken at start, eventless ones). */
  transitions: string[];
}

/** Replays a path on the model's machine and tells, step by step, what it enters and takes. */
export function replayPath<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  model: FlowModel<TSnapshot, TEvent, TInput>,
  path: FlowPath<TSnapshot, TEvent>,
): ReplayedStep[] {
  const { machine } = model;
  const pending = fromPromise<never>(() => new Promise<never>(() => {}));
  const actors = Object.fromEntries(Object.keys(machine.implementations.actors).map((name) => [name, pending]));
  let taken: string[] = [];
  // A transient state (left at once by an eventless transition) is entered too: it is a taken transition's source.
  let left: string[] = [];
  const known = new Set(machineTransitions(machine));
  const actor = createActor(machine.provide({ actors }), {
    input: model.input,
    clock: { setTimeout: () => 0, clearTimeout: () => {} },
    inspect: (inspection) => {
      if (inspection.type !== "@xstate.microstep") return;
      for (const transition of inspection._transitions) {
        const label = transitionLabel(transition);
        if (known.has(label)) taken.push(label);
        if (transition.source.path.length > 0) left.push(nodeName(transition.source));
      }
    },
  });
  actor.start();
  const entered = (snapshot: AnyMachineSnapshot) => [...new Set([...left, ...activeStates(snapshot)])];
  const steps: ReplayedStep[] = [{ states: entered(actor.getSnapshot()), transitions: taken }];
  for (const step of path.steps.slice(1)) {
    taken = [];
    left = [];
    actor.send(step.event as AnyEventObject);
    const snapshot = actor.getSnapshot();
    if (JSON.stringify(snapshot.value) !== JSON.stringify(step.state.value)) {
      throw new Error(`replaying ${step.event.type} gave ${JSON.stringify(snapshot.value)}, the model says ${JSON.stringify(step.state.value)}`);
    }
    steps.push({ states: entered(snapshot), transitions: taken });
  }
  actor.stop();
  return steps;
}

/**
 * The transitions one event takes from a snapshot of the model's machine: an actor of the machine
 * restored at that snapshot (its actors never settle, its timers never fire) is sent the event.
 */
export function transitionsOfStep<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  model: FlowModel<TSnapshot, TEvent, TInput>,
  from: TSnapshot,
  event: ModelEvent<TEvent>,
): string[] {
  const { machine } = model;
  const pending = fromPromise<never>(() => new Promise<never>(() => {}));
  const actors = Object.fromEntries(Object.keys(machine.implementations.actors).map((name) => [name, pending]));
  const known = new Set(machineTransitions(machine));
  const taken: string[] = [];
  let sent = false;
  const actor = createActor(machine.provide({ actors }), {
    snapshot: machine.getPersistedSnapshot(from),
    clock: { setTimeout: () => 0, clearTimeout: () => {} },
    inspect: (inspection) => {
      if (!sent || inspection.type !== "@xstate.microstep") return;
      for (const transition of inspection._transitions) {
        const label = transitionLabel(transition);
        if (known.has(label)) taken.push(label);
      }
    },
  });
  actor.start();
  sent = true;
  actor.send(event as AnyEventObject);
  actor.stop();
  return taken;
}
