// E-mail through a real SMTP server: every message is written to the outbox in its request's
// transaction and a delivery job sends it; a mail server that fails or cannot be reached never
// fails the request, the message waits in the outbox and is retried.
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverOutboxMessage, MAIL_DELIVERY_QUEUE } from "../../server/adapters/mail/mail-delivery.ts";
import { jobs, outbox } from "../../server/db/schema.ts";
import type { JobWorker } from "../../server/platform/job-queue.ts";
import { backends, QUICK_RETRY, startShopJobs } from "../support/test-app.ts";
import { waitFor } from "../support/wait-for.ts";
import { codeIn, freshEmail, PASSWORD, startAccountsShop, type AccountsShop } from "./customers-support.ts";

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A small SMTP server on a free local port that keeps what it receives; it refuses the first `refusals` messages (451). */
async function startSmtpServer() {
  const received: Received[] = [];
  const state = { refusals: 0, refused: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
      stream.on("end", () => {
        if (state.refused < state.refusals) {
          state.refused += 1;
          callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
          return;
        }
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
  return { server, url: `smtp://127.0.0.1:${port}`, received, state };
}

const messagesTo = (received: Received[], email: string) => received.filter((item) => item.to.includes(email));

describe.each(backends())("e-mail through SMTP on $name", (backend) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let shop: AccountsShop;
  let worker: JobWorker;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    shop = await startAccountsShop(backend, { env: { SMTP_URL: smtp.url, MAIL_FROM: "Escale <no-reply@escale.example>" } });
    worker = await startShopJobs(shop, { retry: QUICK_RETRY });
  });
  afterAll(async () => {
    await worker?.stop();
    await shop?.close();
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  });

  const signIn = (email: string) =>
    shop.captcha().then((recaptchaData) =>
      shop.call({ method: "POST", url: "/api/v1/customers/sign-in", payload: { email, password: PASSWORD, recaptchaData } }),
    );
  const outboxRowTo = async (email: string) => (await shop.db.orm.select().from(outbox).where(eq(outbox.to, email)))[0];

  it("delivers the sign-in code by SMTP from the delivery job, from the shop's sender, in the customer's language", async () => {
    const email = freshEmail("smtp");
    await shop.register({ email, twoFactorAuthenticationEnabled: true, locale: "en_US" });
    const response = await signIn(email);
    expect(response.json()).toMatchObject({ twoFactorRequired: true });

    const [message] = await waitFor(async () => {
      const found = messagesTo(smtp.received, email);
      return found.length > 0 ? found : undefined;
    }, "the code e-mail at the SMTP server");
    expect(message?.from).toBe("no-reply@escale.example");
    expect(message?.data).toMatch(/^Subject: Escale: your sign-in code \d{6}/m);
    expect(message?.data).toMatch(/^Message-ID: <outbox-\d+-\d+@escale\.example>/im);
    const verified = await shop.call({
      method: "POST",
      url: "/api/v1/customers/one-time-password",
      payload: { email, password: PASSWORD, oneTimePassword: codeIn(message?.data) },
    });
    expect(verified.statusCode).toBe(200);
    // Marked delivered, then its job is done.
    const row = await outboxRowTo(email);
    await waitFor(async () => {
      const left = await shop.db.orm.select().from(jobs).where(eq(jobs.queue, MAIL_DELIVERY_QUEUE));
      return left.some((job) => (job.payload as { outboxId?: number }).outboxId === row?.id) ? undefined : true;
    }, "the delivery job done");
    expect((await outboxRowTo(email))?.deliveredAt).toBeInstanceOf(Date);
  });

  it("keeps a message the mail server refuses and delivers it, once, on a later attempt", async () => {
    smtp.state.refusals = smtp.state.refused + 2;
    const email = freshEmail("refused");
    await shop.register({ email, twoFactorAuthenticationEnabled: true });
    const response = await signIn(email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ twoFactorRequired: true });

    await waitFor(async () => (messagesTo(smtp.received, email).length > 0 ? true : undefined), "the delivery after two refusals");
    expect(smtp.state.refused).toBe(smtp.state.refusals);
    expect(messagesTo(smtp.received, email)).toHaveLength(1);
    const row = await waitFor(async () => {
      const found = await outboxRowTo(email);
      return found?.deliveredAt ? found : undefined;
    }, "the message marked delivered");

    // A delivery job that runs again for it (its worker stopped before finishing) sends nothing.
    expect(await deliverOutboxMessage(shop.db, shop.adapters.mailTransport, row.id)).toBe(false);
    expect(messagesTo(smtp.received, email)).toHaveLength(1);
  });
});

describe.each(backends())("e-mail while the SMTP server cannot be reached on $name", (backend) => {
  let shop: AccountsShop;
  beforeAll(async () => {
    // Nothing listens on port 1.
    shop = await startAccountsShop(backend, { env: { SMTP_URL: "smtp://127.0.0.1:1" } });
  });
  afterAll(() => shop?.close());

  it("answers the request as usual (no 502), keeps the e-mail in the outbox and schedules a retry", async () => {
    const email = freshEmail("unreachable");
    await shop.register({ email, twoFactorAuthenticationEnabled: true });
    const response = await shop.call({
      method: "POST",
      url: "/api/v1/customers/sign-in",
      payload: { email, password: PASSWORD, recaptchaData: await shop.captcha() },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ twoFactorRequired: true });
    expect(codeIn((await shop.lastMailTo(email))?.text)).toMatch(/^\d{6}$/);

    const worker = await startShopJobs(shop);
    try {
      const job = await waitFor(async () => {
        const [row] = await shop.db.orm.select().from(jobs).where(eq(jobs.queue, MAIL_DELIVERY_QUEUE));
        return row && row.attempts === 1 && row.state === "pending" ? row : undefined;
      }, "the failed first attempt");
      expect(job.lastError).toMatch(/ECONNREFUSED|connect/i);
      // Tried again about 30 s later, not at once.
      expect(job.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    } finally {
      await worker.stop();
    }
    const [row] = await shop.db.orm.select().from(outbox).where(eq(outbox.to, email));
    expect(row?.deliveredAt).toBeNull();
  });
});
