// The back-in-stock form of an out-of-stock offer: the address is checked, then the alert is created;
// the outcome is told by a notification (success, already registered, failure), and after a success
// the form is done.
import { assign, fromPromise, setup } from "xstate";
import type { CreateAlertInput, StockAlertContext, StockAlertEvent, StockAlertInput, StockAlertNotification, StockAlertTag } from "./stock-alert.types.ts";

const HTTP_CONFLICT = 409;
/** An abuse limit of the shop refused the request for a while. */
const HTTP_TOO_MANY_REQUESTS = 429;

/** The status a failed call carries: the app's API client rejects with `{ status, message }`. */
const statusOf = (error: unknown): number | undefined =>
  typeof error === "object" && error !== null && "status" in error && typeof error.status === "number" ? error.status : undefined;

export const stockAlertMachine = setup({
  types: {
    context: {} as StockAlertContext,
    events: {} as StockAlertEvent,
    input: {} as StockAlertInput,
    tags: {} as StockAlertTag,
  },
  actors: {
    createAlert: fromPromise<unknown, CreateAlertInput>(async () => {
      throw new Error("createAlert not provided");
    }),
  },
  guards: {
    /**
     * Placeholder: the app provides SPEC §5's e-mail rule (machines/shared/email-rule.ts, shared with the
     * sign-in and contact forms) in `createStockAlertMachine` (src/actors/stock-alert-actors.ts), the only way
     * the app creates this machine; the flow's model does the same (stock-alert.model.ts). Unprovided, no
     * address passes.
     */
    isValidEmail: (_, _params: { email: string }) => false,
    isConflict: (_, params: { error: unknown }) => statusOf(params.error) === HTTP_CONFLICT,
    isTooManyRequests: (_, params: { error: unknown }) => statusOf(params.error) === HTTP_TOO_MANY_REQUESTS,
  },
  actions: {
    setEmail: assign({ email: (_, params: { email: string }) => params.email.trim() }),
    /** Provided by the app: push the notification. */
    notify: (_, _params: StockAlertNotification) => {},
  },
}).createMachine({
  id: "stockAlert",
  context: ({ input }) => ({ offerId: input.offerId, email: input.email ?? "" }),
  initial: "editing",
  states: {
    editing: {
      initial: "ready",
      on: {
        "stockAlert.submit": [
          {
            guard: { type: "isValidEmail", params: ({ event }) => ({ email: event.email.trim() }) },
            target: "submitting",
            actions: { type: "setEmail", params: ({ event }) => ({ email: event.email }) },
          },
          {
            target: ".invalidEmail",
            actions: { type: "setEmail", params: ({ event }) => ({ email: event.email }) },
          },
        ],
      },
      states: {
        ready: {},
        invalidEmail: { tags: ["error"], description: "stockAlert.invalidEmail" },
      },
    },
    submitting: {
      tags: ["loading"],
      invoke: {
        id: "createAlert",
        src: "createAlert",
        input: ({ context }) => ({ email: context.email, offerId: context.offerId }),
        onDone: {
          target: "submitted",
          actions: { type: "notify", params: { kind: "info", messageId: "stockAlert.validMessage" } },
        },
        onError: [
          {
            guard: { type: "isConflict", params: ({ event }) => ({ error: event.error }) },
            target: "editing",
            actions: { type: "notify", params: { kind: "danger", messageId: "stockAlert.errorMailExist" } },
          },
          {
            guard: { type: "isTooManyRequests", params: ({ event }) => ({ error: event.error }) },
            target: "editing",
            actions: { type: "notify", params: { kind: "danger", messageId: "errors.tooManyRequests" } },
          },
          {
            target: "editing",
            actions: { type: "notify", params: { kind: "danger", messageId: "errors.server.access" } },
          },
        ],
      },
    },
    submitted: {
      type: "final",
      description: "The alert is registered; the form gives way to its confirmation.",
    },
  },
});
