// The shop's way out for e-mail. Callers hand a message to a mailer taken for their database
// transaction, so a message exists only if the change that caused it is committed; the message
// is written to the outbox and a delivery job sends it afterwards (see outbox-mailer.ts).
import type { Orm } from "../../db/client.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Gives the mailer to use inside a transaction (or on the database itself). */
export type MailerFor = (orm: Orm) => Mailer;

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text safe to put in an HTML body or attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** A header value (subject) on one line: user input never adds a header. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
