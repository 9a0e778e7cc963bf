// A flow's browser binding: what the page must show in each state of the flow's machine, and how a
// user (or the world: the server, the mailbox, the clock) causes each sample event of its model. The
// runner (run-flow.ts) walks the model's paths through these, one Playwright test per path.
import type { AnyMachineSnapshot, EventObject } from "xstate";
import type { FlowModel, ModelEvent } from "../../../machines/shared/flow-model.ts";
import type { Lang } from "../support/api.ts";
import type { BrowserContext, OpenPage, Page } from "../support/fixtures.ts";

export interface FlowWorld<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject> {
  lang: Lang;
  /** For a state: the model's state the page must show. For an event: the state it is taken in. */
  snapshot: TSnapshot;
  /** For an event: the state the model reaches with it. */
  next: TSnapshot | undefined;
  /** The path's events after this one (a binding may prepare what comes next, as a user would not need to). */
  upcoming: ModelEvent<TEvent>[];
  context: BrowserContext;
  openPage: OpenPage;
  /** What the bindings keep between steps of one path (a held request, the address used…). */
  memory: Map<string, unknown>;
}

export interface FlowBinding<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject> {
  /** Opens the page where the flow starts, in `world.lang`, with what it needs (a product, a customer…). */
  start: (world: FlowWorld<TSnapshot, TEvent>) => Promise<Page>;
  /** By state name (`stateName()` of the model's state value). */
  states: Record<string, (page: Page, world: FlowWorld<TSnapshot, TEvent>) => Promise<void>>;
  /** By event key (`eventKey()`: a flow event's type, or the label of an actor's answer or a timer). */
  events: Record<string, (page: Page, event: ModelEvent<TEvent>, world: FlowWorld<TSnapshot, TEvent>) => Promise<void>>;
  /** Whether the page's texts differ by language: then the paths covering every state also run in English. */
  inEnglish: boolean;
}

/** A binding typed by its flow's model. */
export function defineFlowBinding<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  _model: FlowModel<TSnapshot, TEvent, TInput>,
  binding: FlowBinding<TSnapshot, TEvent>,
): FlowBinding<TSnapshot, TEvent> {
  return binding;
}
