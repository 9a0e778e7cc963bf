// The session's model from a stored token: restored or refused at start, signed in and out, a 401
// while signed in. No token at start, or an unreadable one, are the same model from other inputs
// (the only ways to the start's other two transitions).
import { defineFlowModel } from "../shared/flow-model.ts";
import { SAMPLE_CUSTOMER } from "./auth.model.ts";
import { sessionMachine } from "./session.machine.ts";

export const UNAUTHORIZED = { status: 401, code: "UNAUTHORIZED", message: "Session expired" };
export const NO_RESPONSE = { status: -1, message: "No response" };

export const sessionModel = defineFlowModel(sessionMachine, {
  name: "session",
  input: { stored: "present" },
  events: () => [
    { type: "xstate.done.actor.loadCustomer", output: SAMPLE_CUSTOMER },
    { type: "xstate.error.actor.loadCustomer", error: UNAUTHORIZED },
    { type: "xstate.error.actor.loadCustomer", error: NO_RESPONSE },
    { type: "session.signedIn", customer: SAMPLE_CUSTOMER },
    { type: "session.signOut" },
    { type: "session.expired" },
    { type: "xstate.done.actor.revokeSession", output: undefined },
    { type: "xstate.error.actor.revokeSession", error: UNAUTHORIZED },
  ],
  describeEvent: (event) => {
    if (event.type === "session.signedIn") return `${event.type} ${event.customer.firstName}`;
    if (event.type.startsWith("xstate.error.actor.") && "error" in event) {
      const error = event.error;
      const name = event.type.slice("xstate.error.actor.".length);
      if (typeof error === "object" && error !== null && "status" in error) return `(${name} answers ${String(error.status)})`;
    }
    return undefined;
  },
});

/** The same model for a visitor without a token. */
export const noTokenSessionModel = defineFlowModel(sessionMachine, { ...sessionModel, input: { stored: "none" } });

/** The same model for a token cookie that cannot be read. */
export const unreadableTokenSessionModel = defineFlowModel(sessionMachine, { ...sessionModel, input: { stored: "unreadable" } });
