// The vocabulary of the footer's newsletter form (SPEC §4 "Newsletter", §5, §8).

export interface NewsletterContext {
  /** The address last submitted. */
  email: string;
}

export type NewsletterEvent =
  | { type: "newsletter.toggleTerms" }
  | { type: "newsletter.submit"; email: string };

export type NewsletterTag = "loading" | "error";

/** The subscription call's input; its answer is not read (SPEC §7). */
export interface SubscribeInput {
  email: string;
}

/** The messages the form shows, as catalogue ids (SPEC §5 'Not a valid Email', §8). */
export type NewsletterMessageId =
  | "newsLetter.validMessage"
  | "newsLetter.invalidEmail"
  | "newsLetter.errorMailExist"
  | "errors.tooManyRequests"
  | "errors.server.access";
