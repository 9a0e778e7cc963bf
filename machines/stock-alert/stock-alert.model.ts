// The back-in-stock form's model, for a signed-in customer (address prefilled): a valid and an invalid
// address, and the answers of the alert call (registered, already registered, failure).
import { isValidEmail } from "../shared/email-rule.ts";
import { defineFlowModel } from "../shared/flow-model.ts";
import { stockAlertMachine } from "./stock-alert.machine.ts";

/** The back-in-stock form with SPEC §5's e-mail rule, as the app provides it (src/actors/stock-alert-actors.ts). */
export const stockAlertMachineWithEmailRule = stockAlertMachine.provide({ guards: { isValidEmail: (_, { email }) => isValidEmail(email) } });

export const SAMPLE_OFFER_ID = 42;
export const PROFILE_EMAIL = "ann.martin@example.fr";
export const OTHER_EMAIL = "a.martin@example.com";
export const INVALID_EMAIL = "ann martin@example.fr";

export const stockAlertModel = defineFlowModel(stockAlertMachineWithEmailRule, {
  name: "stock-alert",
  input: { offerId: SAMPLE_OFFER_ID, email: PROFILE_EMAIL },
  events: () => [
    { type: "stockAlert.submit", email: OTHER_EMAIL },
    { type: "stockAlert.submit", email: INVALID_EMAIL },
    { type: "xstate.done.actor.createAlert", output: { id: 1, email: OTHER_EMAIL, offerId: SAMPLE_OFFER_ID, createdAt: "2026-01-15T10:00:00.000Z" } },
    { type: "xstate.error.actor.createAlert", error: { status: 409, message: "Alert already registered" } },
    { type: "xstate.error.actor.createAlert", error: { status: 429, message: "Too many attempts: try again later" } },
    { type: "xstate.error.actor.createAlert", error: { status: 500, message: "Internal Server Error" } },
  ],
  describeEvent: (event) => {
    if (event.type === "xstate.done.actor.createAlert") return "(alert registered)";
    if (event.type === "xstate.error.actor.createAlert") {
      const text = JSON.stringify(event.error);
      if (text.includes("409")) return "(answers 409 already registered)";
      if (text.includes("429")) return "(answers 429 too many requests)";
      return "(answers 500)";
    }
    return undefined;
  },
});
