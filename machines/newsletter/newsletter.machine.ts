// The footer's newsletter form: submitting is possible only once the terms box is ticked; the address
// is checked before it is sent; the answer is shown in the form (success, already subscribed, failure).
import { assign, fromPromise, setup } from "xstate";
import { isValidEmail } from "../shared/email-rule.ts";
import { HTTP_CONFLICT, HTTP_TOO_MANY_REQUESTS, statusOf } from "../shared/http-status.ts";
import {
  type NewsletterContext,
  type NewsletterEvent,
  type NewsletterTag,
  type SubscribeInput,
} from "./newsletter.types.ts";

export const newsletterMachine = setup({
  types: {
    context: {} as NewsletterContext,
    events: {} as NewsletterEvent,
    tags: {} as NewsletterTag,
  },
  actors: {
    subscribe: fromPromise<unknown, SubscribeInput>(async () => {
      throw new Error("subscribe not provided");
    }),
  },
  guards: {
    isValidEmail: (_, params: { email: string }) => isValidEmail(params.email),
    isConflict: (_, params: { error: unknown }) => statusOf(params.error) === HTTP_CONFLICT,
    isTooManyRequests: (_, params: { error: unknown }) => statusOf(params.error) === HTTP_TOO_MANY_REQUESTS,
  },
  actions: {
    setEmail: assign({ email: (_, params: { email: string }) => params.email.trim() }),
  },
}).createMachine({
  id: "newsletter",
  context: { email: "" },
  initial: "editing",
  states: {
    editing: {
      initial: "awaitingTerms",
      states: {
        awaitingTerms: {
          description: "The terms box is not ticked: submit is disabled.",
          on: { "newsletter.toggleTerms": "termsAccepted" },
        },
        termsAccepted: {
          initial: "ready",
          on: {
            "newsletter.toggleTerms": "awaitingTerms",
            "newsletter.submit": [
              {
                guard: { type: "isValidEmail", params: ({ event }) => ({ email: event.email.trim() }) },
                target: "#newsletter.submitting",
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
            invalidEmail: { tags: ["error"], description: "newsLetter.invalidEmail" },
            alreadySubscribed: { tags: ["error"], description: "newsLetter.errorMailExist" },
            tooManyRequests: { tags: ["error"], description: "errors.tooManyRequests" },
            failed: { tags: ["error"], description: "errors.server.access" },
          },
        },
      },
    },
    submitting: {
      tags: ["loading"],
      invoke: {
        id: "subscribe",
        src: "subscribe",
        input: ({ context }) => ({ email: context.email }),
        onDone: "subscribed",
        onError: [
          {
            guard: { type: "isConflict", params: ({ event }) => ({ error: event.error }) },
            target: "editing.termsAccepted.alreadySubscribed",
          },
          {
            guard: { type: "isTooManyRequests", params: ({ event }) => ({ error: event.error }) },
            target: "editing.termsAccepted.tooManyRequests",
          },
          { target: "editing.termsAccepted.failed" },
        ],
      },
    },
    subscribed: {
      type: "final",
      description: "newsLetter.validMessage",
    },
  },
});
