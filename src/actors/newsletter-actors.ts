// The IO of the footer's newsletter form: the subscription call.
import { fromPromise } from "xstate";
import { newsletterMachine } from "../../machines/newsletter/newsletter.machine.ts";
import type { SubscribeInput } from "../../machines/newsletter/newsletter.types.ts";
import { isValidEmail } from "../../machines/shared/email-rule.ts";
import { unwrap, type ApiClient } from "../api/client.ts";

function subscribeActor(api: ApiClient) {
  return fromPromise<unknown, SubscribeInput>(({ input, signal }) =>
    unwrap(api.POST("/newsletter/subscriptions", { body: { email: input.email }, signal })),
  );
}

/** The newsletter machine with its IO and SPEC §5's e-mail rule bound (the machine's guard is a placeholder); its messages are read with its selectors. */
export function createNewsletterMachine(api: ApiClient) {
  return newsletterMachine.provide({
    actors: { subscribe: subscribeActor(api) },
    guards: { isValidEmail: (_, { email }) => isValidEmail(email) },
  });
}
