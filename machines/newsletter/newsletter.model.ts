// The newsletter form's model: ticking and unticking the terms, a valid and an invalid address, and the
// answers of the subscription call (subscribed, already subscribed, too many requests, failure).
import { isValidEmail } from "../shared/email-rule.ts";
import { defineFlowModel } from "../shared/flow-model.ts";
import { newsletterMachine } from "./newsletter.machine.ts";

/** The newsletter form with SPEC §5's e-mail rule, as the app provides it (src/actors/newsletter-actors.ts). */
export const newsletterMachineWithEmailRule = newsletterMachine.provide({ guards: { isValidEmail: (_, { email }) => isValidEmail(email) } });

export const VALID_EMAIL = "ann.martin@example.fr";
const INVALID_EMAIL = "ann.martin@example";

export const newsletterModel = defineFlowModel(newsletterMachineWithEmailRule, {
  name: "newsletter",
  input: undefined,
  events: () => [
    { type: "newsletter.toggleTerms" },
    { type: "newsletter.submit", email: VALID_EMAIL },
    { type: "newsletter.submit", email: INVALID_EMAIL },
    { type: "xstate.done.actor.subscribe", output: { email: VALID_EMAIL } },
    { type: "xstate.error.actor.subscribe", error: { status: 409, message: "Already subscribed" } },
    { type: "xstate.error.actor.subscribe", error: { status: 429, message: "Too many attempts: try again later" } },
    { type: "xstate.error.actor.subscribe", error: { status: 500, message: "Internal Server Error" } },
  ],
  describeEvent: (event) => {
    if (event.type === "xstate.done.actor.subscribe") return "(subscribed)";
    if (event.type === "xstate.error.actor.subscribe") {
      const text = JSON.stringify(event.error);
      if (text.includes("409")) return "(answers 409 already subscribed)";
      if (text.includes("429")) return "(answers 429 too many requests)";
      return "(answers 500)";
    }
    return undefined;
  },
});
