// The demo outbox at /dev/mailbox: the e-mails the shop sent (sign-in codes, reset links), read the
// way a tester of the demo would. Waits until the expected message arrives.
import { expect } from "@playwright/test";
import type { OutboxMessage } from "../../../server/adapters/mail/outbox-mailer.ts";
import { baseUrl } from "./environment.ts";

const MAIL_TIMEOUT_MS = 15_000;
const MAIL_POLL_MS = 200;

async function messages(): Promise<OutboxMessage[]> {
  const response = await fetch(`${baseUrl()}/dev/mailbox`);
  if (!response.ok) throw new Error(`GET /dev/mailbox answered ${response.status}`);
  return (await response.json()) as OutboxMessage[];
}

/** The newest message to `to` whose text matches, newer than `afterId`; waits for it. */
async function waitForMail(to: string, text: RegExp, afterId = 0): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await messages()).filter((message) => message.to === to && message.id > afterId && text.test(message.text)).sort((a, b) => b.id - a.id)[0];
        return found !== undefined;
      },
      { message: `an e-mail to ${to} matching ${text}`, timeout: MAIL_TIMEOUT_MS, intervals: [MAIL_POLL_MS] },
    )
    .toBe(true);
  if (!found) throw new Error(`no e-mail to ${to} matching ${text}`);
  return found;
}

/** The id of the newest message in the mailbox (0 when empty): later mails are newer. */
export async function lastMailId(): Promise<number> {
  return Math.max(0, ...(await messages()).map((message) => message.id));
}

/** The six-digit sign-in code of the newest code e-mail to `to`. */
export async function waitForSignInCode(to: string, afterId = 0): Promise<string> {
  const mail = await waitForMail(to, /\b\d{6}\b/u, afterId);
  const code = /\b(\d{6})\b/u.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in ${mail.subject}`);
  return code;
}

/** The reset link of the newest reset e-mail to `to`, as a path of the shop. */
export async function waitForResetLink(to: string, afterId = 0): Promise<string> {
  const mail = await waitForMail(to, /reinitialisation-mot-de-passe\?token=/u, afterId);
  const link = /(https?:\/\/\S+reinitialisation-mot-de-passe\?token=[A-Za-z0-9_-]+)/u.exec(mail.text)?.[1];
  if (!link) throw new Error(`no reset link in ${mail.subject}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
