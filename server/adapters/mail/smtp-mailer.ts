// Sends the shop's e-mails through an SMTP server (SMTP_URL). A message leaves at once; a
// server that cannot be reached makes the operation fail with 502 (and roll back).
import nodemailer from "nodemailer";
import { HttpError } from "../../http/errors.ts";
import type { MailerFor, MailMessage } from "./mailer.ts";

/** The fields nodemailer needs for one message. */
export function smtpMessage(message: MailMessage, from: string) {
  return { from, to: message.to, subject: message.subject, text: message.text, ...(message.html ? { html: message.html } : {}) };
}

export function smtpMailer(options: { url: string; from: string }): MailerFor & { close(): void } {
  const transport = nodemailer.createTransport(options.url);
  const mailer = {
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
