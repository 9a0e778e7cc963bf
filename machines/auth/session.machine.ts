// The customer session of the whole app (SPEC §4 Authentication, Session expiry): at start a stored
// token is checked by loading the customer (the cart waits for the answer: `announceCustomer`,
// `forgetCart`, or `announceNotRestored` when the server could not answer); a token that cannot be
// read (malformed, or refused by the server) is forgotten and the login dialog opens flagged as
// reloaded with a persistent 'disconnected' notice. A 401 from the API while signed in forgets token, cart and customer and says
// errors.unauthorized. Signing out revokes the token on the server, then forgets the empowerment
// flags, the cart and the token. The customer is not kept here: the machine writes the one it
// loaded or was given into the app's query cache, and empties it when the session ends.
import { fromPromise, setup } from "xstate";
import type { Customer, SessionContext, SessionEvent, SessionInput, SessionNotification, SessionTag } from "./session.types.ts";

const HTTP_UNAUTHORIZED = 401;

/** The status a failed call carries: the app's API client rejects with `{ status, message }`. */
const statusOf = (error: unknown): number | undefined =>
  typeof error === "object" && error !== null && "status" in error && typeof error.status === "number" ? error.status : undefined;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    tags: {} as SessionTag,
  },
  actors: {
    loadCustomer: fromPromise<Customer>(async () => {
      throw new Error("loadCustomer not provided");
    }),
    revokeSession: fromPromise<unknown>(async () => {
      throw new Error("revokeSession not provided");
    }),
  },
  guards: {
    hasNoToken: ({ context }) => context.stored === "none",
    isUnreadable: ({ context }) => context.stored === "unreadable",
    isUnauthorized: (_, params: { error: unknown }) => statusOf(params.error) === HTTP_UNAUTHORIZED,
  },
  actions: {
    /** Provided by the app: the signed-in customer is the one every view shows (the query cache). */
    writeCustomer: (_, _params: { customer: Customer }) => {},
    /** Provided by the app: no customer is shown any more. */
    removeCustomer: () => {},
    /** Provided by the app: forget the customer token (cookie). */
    deleteToken: () => {},
    /** Provided by the app: the cart forgets the customer's cart (`customer.signedOut`). */
    forgetCart: () => {},
    /** Provided by the app: the cart learns who is signed in (`customer.signedIn`). */
    announceCustomer: (_, _params: { customer: Customer }) => {},
    /** Provided by the app: the cart learns the stored session could not be checked (`customer.notRestored`). */
    announceNotRestored: () => {},
    /** Provided by the app: forget the empowerment session flags. */
    clearEmpowermentFlags: () => {},
    /** Provided by the app: open the login dialog flagged as reloaded, with the persistent 'disconnected' notice. */
    showDisconnected: () => {},
    /** Provided by the app: push the notification. */
    notify: (_, _params: SessionNotification) => {},
  },
}).createMachine({
  id: "session",
  context: ({ input }) => ({ stored: input.stored }),
  initial: "starting",
  states: {
    starting: {
      tags: ["loading"],
      always: [
        { guard: "hasNoToken", target: "anonymous" },
        { guard: "isUnreadable", target: "anonymous", actions: ["deleteToken", "forgetCart", "showDisconnected"] },
        { target: "restoring" },
      ],
    },
    restoring: {
      tags: ["loading"],
      description: "The stored token is checked by loading the customer.",
      invoke: {
        id: "loadCustomer",
        src: "loadCustomer",
        onDone: {
          target: "signedIn",
          actions: [
            { type: "writeCustomer", params: ({ event }) => ({ customer: event.output }) },
            { type: "announceCustomer", params: ({ event }) => ({ customer: event.output }) },
          ],
        },
        onError: [
          {
            guard: { type: "isUnauthorized", params: ({ event }) => ({ error: event.error }) },
            target: "anonymous",
            actions: ["deleteToken", "forgetCart", "showDisconnected"],
          },
          { target: "anonymous", actions: ["announceNotRestored", { type: "notify", params: { kind: "danger", messageId: "errors.server.access" } }] },
        ],
      },
    },
    anonymous: {
      on: {
        "session.signedIn": {
          target: "signedIn",
          actions: [
            { type: "writeCustomer", params: ({ event }) => ({ customer: event.customer }) },
            { type: "announceCustomer", params: ({ event }) => ({ customer: event.customer }) },
          ],
        },
      },
    },
    signedIn: {
      on: {
        "session.signedIn": {
          actions: [
            { type: "writeCustomer", params: ({ event }) => ({ customer: event.customer }) },
            { type: "announceCustomer", params: ({ event }) => ({ customer: event.customer }) },
          ],
        },
        "session.signOut": { target: "signingOut" },
        "session.expired": {
          target: "anonymous",
          actions: ["deleteToken", "forgetCart", "removeCustomer", { type: "notify", params: { kind: "danger", messageId: "errors.unauthorized" } }],
        },
      },
    },
    signingOut: {
      tags: ["loading"],
      invoke: {
        id: "revokeSession",
        src: "revokeSession",
        onDone: { target: "anonymous", actions: ["clearEmpowermentFlags", "forgetCart", "deleteToken", "removeCustomer"] },
        onError: { target: "anonymous", actions: ["clearEmpowermentFlags", "forgetCart", "deleteToken", "removeCustomer"] },
      },
    },
  },
});
