import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../common/api/schema.gen.ts";
import { MAIL_DELIVERY_QUEUE } from "../../server/adapters/mail/mail-delivery.ts";
import { DEFAULT_SHOP_EMAIL } from "../../server/config.ts";
import { contactMessages, jobs, outbox } from "../../server/db/schema.ts";
import type { JobWorker } from "../../server/platform/job-queue.ts";
import { backends, startShopJobs, startTestApp, type TestApp } from "../support/test-app.ts";
import { waitFor } from "../support/wait-for.ts";
import { EASY_CAPTCHA, solvedCaptcha } from "./customers-support.ts";

type Schemas = components["schemas"];

const SHOP_EMAIL = "service-client@escale.example";

const validMessage = {
  firstName: "Jeanne",
  lastName: "Dupont",
  email: "Jeanne.Dupont@example.fr",
  phone: "+33 6 12 34 56 78",
  subject: "order",
  orderReference: "ESC-2026-0042",
  message: "Bonjour,\n\nMa commande n'est pas arrivée. <b>Pouvez-vous</b> vérifier ?",
  /** Replaced by a freshly solved captcha answer when sent. */
  recaptchaData: "solved",
};

describe.each(backends())("contact form on $name", (backend) => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await startTestApp(backend, { seed: false, env: { SHOP_EMAIL, ...EASY_CAPTCHA } });
  });
  afterAll(() => shop?.close());

  const send = async (body: Record<string, unknown>, locale?: string) =>
    shop.request({
      method: "POST",
      url: `/api/v1/platform/contact${locale ? `?locale=${locale}` : ""}`,
      payload: { ...body, ...(body.recaptchaData === "solved" ? { recaptchaData: await solvedCaptcha(shop) } : {}) },
    });

  const latestMail = async () => (await shop.db.orm.select().from(outbox).orderBy(desc(outbox.id)).limit(1))[0];

  it("stores the message, e-mails it to customer service and answers 202 with a receipt", async () => {
    const response = await send(validMessage, "en_US");
    expect(response.statusCode, response.body).toBe(202);
    const receipt = response.json<Schemas["ContactMessageReceipt"]>();
    expect(receipt).toEqual({ id: expect.any(Number), receivedAt: expect.any(String) });
    expect(Math.abs(Date.parse(receipt.receivedAt) - Date.now())).toBeLessThan(60_000);

    const [stored] = await shop.db.orm.select().from(contactMessages).where(eq(contactMessages.id, receipt.id));
    expect(stored).toMatchObject({
      firstName: "Jeanne",
      lastName: "Dupont",
      email: "Jeanne.Dupont@example.fr",
      phone: "+33 6 12 34 56 78",
      subject: "order",
      orderReference: "ESC-2026-0042",
      message: validMessage.message,
      locale: "en_US",
    });
    expect(stored?.createdAt.toISOString()).toBe(receipt.receivedAt);

    const mail = await latestMail();
    expect(mail?.to).toBe(SHOP_EMAIL);
    expect(mail?.subject).toContain("Jeanne Dupont");
    expect(mail?.subject).toContain("Commande");
    for (const part of ["Jeanne.Dupont@example.fr", "+33 6 12 34 56 78", "ESC-2026-0042", "en_US", validMessage.message]) {
      expect(mail?.text).toContain(part);
    }
    expect(mail?.html).toContain("&lt;b&gt;Pouvez-vous&lt;/b&gt;");
    expect(mail?.html).not.toContain("<b>Pouvez-vous");
  });

  it("accepts a message without the optional fields", async () => {
    const { phone: _phone, orderReference: _orderReference, ...required } = validMessage;
    const response = await send({ ...required, subject: "other" });
    expect(response.statusCode, response.body).toBe(202);
    const [stored] = await shop.db.orm.select().from(contactMessages).where(eq(contactMessages.id, response.json().id));
    expect(stored).toMatchObject({ phone: null, orderReference: null, subject: "other", locale: "fr_FR" });
  });

  it("keeps the e-mail's subject on one line whatever the name holds", async () => {
    const response = await send({ ...validMessage, firstName: "Jeanne\r\nBcc: everyone@example.com" });
    expect(response.statusCode).toBe(202);
    const mail = await latestMail();
    expect(mail?.subject).not.toMatch(/[\r\n]/);
  });

  it("refuses a captcha answer that does not verify, or one used already, with 400 CAPTCHA_INVALID, keeping nothing", async () => {
    const before = await shop.db.orm.$count(contactMessages);
    const forged = await send({ ...validMessage, recaptchaData: "captcha-answer" });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ status: 400, code: "CAPTCHA_INVALID", fields: [{ field: "recaptchaData" }] });
    const answer = await solvedCaptcha(shop);
    expect((await send({ ...validMessage, recaptchaData: answer })).statusCode).toBe(202);
    const replayed = await send({ ...validMessage, recaptchaData: answer });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toMatchObject({ code: "CAPTCHA_INVALID" });
    expect(await shop.db.orm.$count(contactMessages)).toBe(before + 1);
  });

  it.each([
    ["a message too short", { message: "Merci !" }, "message"],
    ["a message of spaces", { message: " ".repeat(20) }, "message"],
    ["a malformed address", { email: "jeanne.example.fr" }, "email"],
    ["no address", { email: undefined }, "email"],
    ["an unknown subject", { subject: "complaint" }, "subject"],
    ["an empty first name", { firstName: "" }, "firstName"],
    ["a blank last name", { lastName: "   " }, "lastName"],
    ["no captcha answer", { recaptchaData: undefined }, "recaptchaData"],
    ["an unknown property", { attachment: "invoice.pdf" }, "attachment"],
  ])("answers 400 naming the field for %s, keeping nothing", async (_case, change, field) => {
    const before = await shop.db.orm.$count(contactMessages);
    const response = await send({ ...validMessage, ...change });
    expect(response.statusCode).toBe(400);
    const error = response.json<Schemas["Error"]>();
    expect(error).toMatchObject({ status: 400, code: "VALIDATION_FAILED" });
    expect(error.fields?.[0]?.field).toBe(field);
    expect(error.message).toContain(field);
    expect(await shop.db.orm.$count(contactMessages)).toBe(before);
  });
});

describe.each(backends())("contact form while the mail server is down on $name", (backend) => {
  let shop: TestApp;
  let worker: JobWorker | undefined;
  const attempts: string[] = [];
  beforeAll(async () => {
    shop = await startTestApp(backend, {
      seed: false,
      env: EASY_CAPTCHA,
      adapters: {
        mailTransport: {
          kind: "smtp",
          send: async (message) => {
            attempts.push(message.to);
            throw new Error("connect ECONNREFUSED 127.0.0.1:25");
          },
          close: () => undefined,
        },
      },
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await shop?.close();
  });

  it("keeps the message and answers 202: the e-mail waits in the outbox and is retried later", async () => {
    const response = await shop.request({
      method: "POST",
      url: "/api/v1/platform/contact",
      payload: { ...validMessage, recaptchaData: await solvedCaptcha(shop) },
    });
    expect(response.statusCode).toBe(202);
    expect(await shop.db.orm.$count(contactMessages)).toBe(1);
    const [mail] = await shop.db.orm.select().from(outbox);
    expect(mail?.deliveredAt).toBeNull();

    worker = await startShopJobs(shop);
    const job = await waitFor(async () => {
      const [row] = await shop.db.orm.select().from(jobs).where(eq(jobs.queue, MAIL_DELIVERY_QUEUE));
      return row && row.attempts >= 1 && row.state === "pending" ? row : undefined;
    }, "a failed delivery attempt");
    expect(attempts).toContain(DEFAULT_SHOP_EMAIL);
    expect(job.lastError).toContain("ECONNREFUSED");
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now());
    const [stillWaiting] = await shop.db.orm.select().from(outbox);
    expect(stillWaiting?.deliveredAt).toBeNull();
  });
});
