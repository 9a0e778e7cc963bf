// How e-mails leave the shop once written to the outbox: through an SMTP server (SMTP_URL), or
// nowhere (the embedded mailbox: the outbox row is the delivered message, shown at /dev/mailbox
// in demo mode). The delivery job hands each message to the transport the configuration chose.
import nodemailer from "nodemailer";
import type { MailMessage } from "./mailer.ts";

interface OutgoingMail extends MailMessage {
  /** Stable for the message: a copy sent again after a crash carries the same Message-ID. */
  key: string;
}

export interface MailTransport {
  readonly kind: "smtp" | "embedded-mailbox";
  /** Resolves once the message is accepted; throws when it is not (the delivery job retries). */
  send(message: OutgoingMail): Promise<void>;
  close(): void;
}

/** Well under the delivery job's lease, so that a hung server never lets two workers send a message. */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/** The domain of an address like `Shop <no-reply@shop.example>`. */
function domainOf(address: string): string {
  return /@([^>\s]+)>?\s*$/.exec(address)?.[1] ?? "localhost";
}

/** The fields nodemailer needs for one message. */
function smtpMessage(message: OutgoingMail, from: string) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    messageId: `<${message.key}@${domainOf(from)}>`,
  };
}

export function smtpTransport(options: { url: string; from: string }): MailTransport {
  const transport = nodemailer.createTransport({ ...SMTP_TIMEOUTS, url: options.url });
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail(smtpMessage(message, options.from));
    },
    close: () => transport.close(),
  };
}

/** Nothing leaves: the message stays readable in the outbox (at /dev/mailbox in demo mode). */
export const embeddedMailbox: MailTransport = {
  kind: "embedded-mailbox",
  async send() {},
  close() {},
};
