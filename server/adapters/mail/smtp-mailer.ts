// Sends the shop's e-mails through an SMTP server (SMTP_URL). A message leaves at once; a
// server that cannot be reached makes the operation fail with 502 (and roll back).
import nodemailer from "nodemailer";
import { HttpError } from "../../http/errors.ts";
import type { Mailer, MailerFor, MailMessage } from "./mailer.ts";

/** The fields nodemailer needs for one message. */
export function smtpMessage(message: MailMessage, from: string) {
  return { from, to: message.to, subject: message.subject, text: message.text, ...(message.html ? { html: message.html } : {}) };
}

/** The SMTP mailer; it sends at once, so it needs no transaction (`mailer()` works too). */
export function smtpMailer(options: { url: string; from: string }): MailerFor & (() => Mailer) & { close(): void } {
  const transport = nodemailer.createTransport(options.url);
  const mailer: Mailer = {
    async send(message: MailMessage) {
      try {
        await transport.sendMail(smtpMessage(message, options.from));
      } catch {
        throw new HttpError(502, "The mail server could not be reached", "UPSTREAM_UNAVAILABLE");
      }
    },
  };
  return Object.assign(() => mailer, { close: () => transport.close() });
}
