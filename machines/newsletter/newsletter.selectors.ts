// What the newsletter form reads from its snapshot.
import type { SnapshotFrom } from "xstate";
import type { newsletterMachine } from "./newsletter.machine.ts";
import type { NewsletterMessageId } from "./newsletter.types.ts";

type NewsletterSnapshot = SnapshotFrom<typeof newsletterMachine>;

/** The message under the form, if any. */
export function selectMessageId(snapshot: NewsletterSnapshot): NewsletterMessageId | null {
  if (snapshot.matches("subscribed")) return "newsLetter.validMessage";
  if (snapshot.matches({ editing: { termsAccepted: "invalidEmail" } })) return "newsLetter.invalidEmail";
  if (snapshot.matches({ editing: { termsAccepted: "alreadySubscribed" } })) return "newsLetter.errorMailExist";
  if (snapshot.matches({ editing: { termsAccepted: "tooManyRequests" } })) return "errors.tooManyRequests";
  if (snapshot.matches({ editing: { termsAccepted: "failed" } })) return "errors.server.access";
  return null;
}

/** The message is an error (danger style) rather than the success message. */
export function isError(snapshot: NewsletterSnapshot): boolean {
  return snapshot.hasTag("error");
}

/** The terms box is ticked. */
export function areTermsAccepted(snapshot: NewsletterSnapshot): boolean {
  return !snapshot.matches({ editing: "awaitingTerms" });
}

/** The submit button is enabled: terms ticked and nothing in flight. */
export function canSubmit(snapshot: NewsletterSnapshot): boolean {
  return snapshot.matches({ editing: "termsAccepted" });
}

export function isSubmitting(snapshot: NewsletterSnapshot): boolean {
  return snapshot.hasTag("loading");
}
