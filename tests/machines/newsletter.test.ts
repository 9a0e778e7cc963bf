// The footer's newsletter form: every generated path walked on a real actor with a fake subscription
// call, then the e-mail rule and the answers one by one.
import { createActor, type SnapshotFrom } from "xstate";
import { describe, expect, it } from "vitest";
import { isValidEmail } from "../../machines/shared/email-rule.ts";
import { describePath, flowPaths, stateName } from "../../machines/shared/flow-model.ts";
import { newsletterMachine } from "../../machines/newsletter/newsletter.machine.ts";
import { VALID_EMAIL, newsletterMachineWithEmailRule, newsletterModel } from "../../machines/newsletter/newsletter.model.ts";
import { areTermsAccepted, canSubmit, isError, isSubmitting, selectMessageId } from "../../machines/newsletter/newsletter.selectors.ts";
import type { NewsletterEvent, NewsletterMessageId, SubscribeInput } from "../../machines/newsletter/newsletter.types.ts";
import { createFakePromiseActor, settle } from "./support/fake-promise-actor.ts";
import { isDoneEvent, isErrorEvent, isFlowEvent, tagsOf, walkPath } from "./support/walk-path.ts";

type NewsletterSnapshot = SnapshotFrom<typeof newsletterMachine>;

function startNewsletter() {
  const subscribe = createFakePromiseActor<unknown, SubscribeInput>();
  const actor = createActor(newsletterMachineWithEmailRule.provide({ actors: { subscribe: subscribe.logic } })).start();
  return { actor, subscribe };
}

/** SPEC §8 and §5, stated as the form's expected message for where it is. */
function expectedMessage(snapshot: NewsletterSnapshot): NewsletterMessageId | null {
  const where = stateName(snapshot.value);
  const messages: Record<string, NewsletterMessageId> = {
    subscribed: "newsLetter.validMessage",
    "editing.termsAccepted.invalidEmail": "newsLetter.invalidEmail",
    "editing.termsAccepted.alreadySubscribed": "newsLetter.errorMailExist",
    "editing.termsAccepted.tooManyRequests": "errors.tooManyRequests",
    "editing.termsAccepted.failed": "errors.server.access",
  };
  return messages[where] ?? null;
}

describe("newsletter form: generated paths", () => {
  const paths = flowPaths(newsletterModel);

  it("reach every state, every message included", () => {
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => selectMessageId(step.state))));
    expect([...reached].sort()).toEqual(
      [null, "errors.server.access", "errors.tooManyRequests", "newsLetter.errorMailExist", "newsLetter.invalidEmail", "newsLetter.validMessage"].sort(),
    );
  });

  for (const path of paths) {
    it(describePath(newsletterModel, path), async () => {
      const form = startNewsletter();

      const check = (expected: NewsletterSnapshot) => {
        const actual = form.actor.getSnapshot();
        expect(actual.value).toEqual(expected.value);
        expect(actual.context).toEqual(expected.context);
        expect(tagsOf(actual)).toEqual(tagsOf(expected));
        expect(selectMessageId(actual)).toBe(expectedMessage(actual));
        expect(isError(actual)).toBe(expectedMessage(actual) !== null && expectedMessage(actual) !== "newsLetter.validMessage");
        expect(isSubmitting(actual)).toBe(actual.matches("submitting"));
        expect(canSubmit(actual)).toBe(actual.matches({ editing: "termsAccepted" }));
        if (actual.matches("editing")) expect(areTermsAccepted(actual)).toBe(!actual.matches({ editing: "awaitingTerms" }));
      };

      await walkPath(path, {
        initial: check,
        step: async ({ event, expected, previous }) => {
          const callsBefore = form.subscribe.calls.length;
          if (isFlowEvent<NewsletterEvent>(event, "newsletter.")) {
            form.actor.send(event);
          } else if (isDoneEvent(event)) {
            form.subscribe.latest().resolve(event.output);
            await settle();
          } else if (isErrorEvent(event)) {
            form.subscribe.latest().reject(event.error);
            await settle();
          }
          check(expected);

          // The subscription is asked for exactly when a valid address is submitted with the terms ticked.
          const submitsValid = event.type === "newsletter.submit" && previous.matches({ editing: "termsAccepted" }) && isValidEmail(event.email);
          expect(form.subscribe.calls.length - callsBefore).toBe(submitsValid ? 1 : 0);
          if (submitsValid) expect(form.subscribe.latest().input).toEqual({ email: event.email });
        },
      });
    });
  }
});

describe("newsletter form: rules", () => {
  it.each([
    ["ann.martin@example.fr", true],
    ["a@b.co", true],
    ["first+tag@mail.example.org", true],
    ["ann.martin@example", false],
    ["ann martin@example.fr", false],
    ["ann@exa mple.fr", false],
    ["@example.fr", false],
    ["ann@.fr", false],
    ["ann@example.", false],
    ["ann@@example.fr", false],
    ["ann@example..fr", false],
    ["", false],
  ])("the e-mail rule finds %j valid: %s", (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });

  it("does not submit before the terms are ticked", () => {
    const form = startNewsletter();
    form.actor.send({ type: "newsletter.submit", email: VALID_EMAIL });
    expect(form.actor.getSnapshot().matches({ editing: "awaitingTerms" })).toBe(true);
    expect(canSubmit(form.actor.getSnapshot())).toBe(false);
    expect(form.subscribe.calls).toHaveLength(0);
  });

  it("shows 'Not a valid Email' for an invalid address and sends nothing", () => {
    const form = startNewsletter();
    form.actor.send({ type: "newsletter.toggleTerms" });
    form.actor.send({ type: "newsletter.submit", email: "ann.martin@example" });
    expect(selectMessageId(form.actor.getSnapshot())).toBe("newsLetter.invalidEmail");
    expect(form.subscribe.calls).toHaveLength(0);
  });

  it("takes no address as valid when the app gives the machine no e-mail rule", () => {
    const actor = createActor(newsletterMachine).start();
    actor.send({ type: "newsletter.toggleTerms" });
    actor.send({ type: "newsletter.submit", email: VALID_EMAIL });
    expect(selectMessageId(actor.getSnapshot())).toBe("newsLetter.invalidEmail");
  });

  it("sends the address without the spaces around it", () => {
    const form = startNewsletter();
    form.actor.send({ type: "newsletter.toggleTerms" });
    form.actor.send({ type: "newsletter.submit", email: `  ${VALID_EMAIL} ` });
    expect(form.subscribe.latest().input).toEqual({ email: VALID_EMAIL });
  });

  it.each([
    [{ status: 409, message: "Conflict", code: "NEWSLETTER_ALREADY_SUBSCRIBED" }, "newsLetter.errorMailExist"],
    [{ status: 500, message: "Internal Server Error" }, "errors.server.access"],
    [{ status: -1, message: "No response" }, "errors.server.access"],
    [new Error("subscribe not provided"), "errors.server.access"],
  ])("maps the failure %j to %s, and lets the visitor submit again", async (error, messageId) => {
    const form = startNewsletter();
    form.actor.send({ type: "newsletter.toggleTerms" });
    form.actor.send({ type: "newsletter.submit", email: VALID_EMAIL });
    expect(isSubmitting(form.actor.getSnapshot())).toBe(true);
    expect(canSubmit(form.actor.getSnapshot())).toBe(false);
    form.subscribe.latest().reject(error);
    await settle();
    expect(selectMessageId(form.actor.getSnapshot())).toBe(messageId);
    expect(canSubmit(form.actor.getSnapshot())).toBe(true);
  });

  it("shows the valid message once subscribed, and is done", async () => {
    const form = startNewsletter();
    form.actor.send({ type: "newsletter.toggleTerms" });
    form.actor.send({ type: "newsletter.submit", email: VALID_EMAIL });
    form.subscribe.latest().resolve({ email: VALID_EMAIL });
    await settle();
    expect(selectMessageId(form.actor.getSnapshot())).toBe("newsLetter.validMessage");
    expect(form.actor.getSnapshot().status).toBe("done");
  });
});
