// The footer's newsletter form: submitting is possible only once the terms box is ticked; the address
// is checked before it is sent; the answer is shown in the form (success, already subscribed, failure).
import { assign, fromPromise, setup } from "xstate";
import type { NewsletterContext, NewsletterEvent, NewsletterTag, SubscribeInput } from "./newsletter.types.ts";

const HTTP_CONFLICT = 409;
/** An abuse limit of the shop refused the request for a while. */
const HTTP_TOO_MANY_REQUESTS = 429;

/** The status a failed call carries: the app's API client rejects with `{ status, message }`. */
const statusOf = (error: unknown): number | undefined =>
  typeof error === "object" && error !== null && "status" in error && typeof error.status === "number" ? error.status : undefined;

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
    /**
     * Placeholder: the app provides SPEC §5's e-mail rule (machines/shared/email-rule.ts, shared with the
     * sign-in and contact forms) in `createNewsletterMachine` (src/actors/newsletter-actors.ts), the only way
     * the app creates this machine; the flow's model does the same (newsletter.model.ts). Unprovided, no
     * address passes.
     */
    isValidEmail: (_, _params: { email: string }) => false,
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
