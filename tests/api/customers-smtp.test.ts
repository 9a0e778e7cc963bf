import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smtpMailer } from "../../server/adapters/mail/smtp-mailer.ts";
import { backends } from "../support/test-app.ts";
import { codeIn, freshEmail, PASSWORD, startAccountsShop, type AccountsShop } from "./customers-support.ts";

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A small SMTP server on a free local port that keeps what it receives. */
async function startSmtpServer(): Promise<{ server: SMTPServer; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { server, url: `smtp://127.0.0.1:${port}`, received };
}

describe.each(backends())("e-mail through SMTP on $name", (backend) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let mailer: ReturnType<typeof smtpMailer>;
  let shop: AccountsShop;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    mailer = smtpMailer({ url: smtp.url, from: "Escale <no-reply@escale.example>" });
    shop = await startAccountsShop(backend, { app: { mailer } });
  });
  afterAll(async () => {
    await shop?.close();
    mailer?.close();
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  });

  it("delivers the sign-in code by SMTP, from the shop's sender, in the customer's language", async () => {
    const email = freshEmail("smtp");
    await shop.register({ email, twoFactorAuthenticationEnabled: true, locale: "en_US" });
    const response = await shop.call({
      method: "POST",
      url: "/api/v1/customers/sign-in",
      payload: { email, password: PASSWORD, recaptchaData: await shop.captcha() },
    });
    expect(response.json()).toMatchObject({ twoFactorRequired: true });
    const message = smtp.received.find((item) => item.to.includes(email));
    expect(message?.from).toBe("no-reply@escale.example");
    expect(message?.data).toMatch(/^Subject: Escale: your sign-in code \d{6}/m);
    const code = codeIn(message?.data);
    const verified = await shop.call({
      method: "POST",
      url: "/api/v1/customers/one-time-password",
      payload: { email, password: PASSWORD, oneTimePassword: code },
    });
    expect(verified.statusCode).toBe(200);
  });
});

describe("the SMTP mailer", () => {
  it("reports a mail server that cannot be reached as 502", async () => {
    const mailer = smtpMailer({ url: "smtp://127.0.0.1:1", from: "shop@example.com" });
    try {
      await expect(mailer().send({ to: "a@example.fr", subject: "Test", text: "Bonjour" })).rejects.toMatchObject({
        status: 502,
        code: "UPSTREAM_UNAVAILABLE",
      });
    } finally {
      mailer.close();
    }
  });
});
