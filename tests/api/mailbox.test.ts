import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAILBOX_SIZE } from "../../server/adapters/mail/mailbox-routes.ts";
import { outboxMailer, type OutboxMessage } from "../../server/adapters/mail/outbox-mailer.ts";
import { DEFAULT_SHOP_EMAIL, DEMO_STOREFRONT_TOKEN } from "../../server/config.ts";
import { backends, startTestApp, type TestApp } from "../support/test-app.ts";
import { EASY_CAPTCHA, solvedCaptcha } from "./customers-support.ts";

describe.each(backends())("the demo mailbox on $name", (backend) => {
  describe("in demo mode", () => {
    let shop: TestApp;
    beforeAll(async () => {
      // No storefront token configured: demo mode.
      shop = await startTestApp(backend, { seed: false, env: { STOREFRONT_API_TOKEN: "", ...EASY_CAPTCHA } });
    });
    afterAll(() => shop?.close());

    it("shows the e-mails the shop sent, newest first, and each one by id", async () => {
      expect(shop.config.demoMode).toBe(true);
      const sent = await shop.app.inject({
        method: "POST",
        url: "/api/v1/platform/contact",
        headers: { authorization: `Bearer ${DEMO_STOREFRONT_TOKEN}` },
        payload: {
          firstName: "Hugo",
          lastName: "Bernard",
          email: "hugo@example.fr",
          subject: "product",
          message: "Le sac existe-t-il en rouge ?",
          recaptchaData: await solvedCaptcha({
            request: (options) => shop.app.inject({ ...options, headers: { authorization: `Bearer ${DEMO_STOREFRONT_TOKEN}` } }),
          }),
        },
      });
      expect(sent.statusCode, sent.body).toBe(202);

      const list = await shop.app.inject({ url: "/dev/mailbox" });
      expect(list.statusCode).toBe(200);
      const [latest] = list.json<OutboxMessage[]>();
      expect(latest).toMatchObject({ to: DEFAULT_SHOP_EMAIL, html: expect.stringContaining("Hugo Bernard") });
      expect(latest?.subject).toContain("Hugo Bernard");
      expect(latest?.text).toContain("Le sac existe-t-il en rouge ?");

      const one = await shop.app.inject({ url: `/dev/mailbox/${latest?.id}` });
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual(latest);
    });

    it(`lists the latest ${MAILBOX_SIZE} messages only`, async () => {
      const mailer = outboxMailer(shop.db.orm);
      for (let index = 1; index <= MAILBOX_SIZE + 5; index += 1) {
        await mailer.send({ to: `reader${index}@example.fr`, subject: `Message ${index}`, text: "Bonjour" });
      }
      const messages = (await shop.app.inject({ url: "/dev/mailbox" })).json<OutboxMessage[]>();
      expect(messages).toHaveLength(MAILBOX_SIZE);
      expect(messages[0]).toMatchObject({ subject: `Message ${MAILBOX_SIZE + 5}`, html: null });
      expect(messages.at(-1)?.subject).toBe("Message 6");
    });

    it("answers a JSON 404 for an unknown message and 400 for a malformed id", async () => {
      const unknown = await shop.app.inject({ url: "/dev/mailbox/999999" });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ status: 404, code: "NOT_FOUND" });
      expect((await shop.app.inject({ url: "/dev/mailbox/abc" })).statusCode).toBe(400);
    });
  });

  describe("with a storefront token configured", () => {
    let shop: TestApp;
    beforeAll(async () => {
      shop = await startTestApp(backend, { seed: false });
    });
    afterAll(() => shop?.close());

    it("does not exist", async () => {
      expect(shop.config.demoMode).toBe(false);
      await outboxMailer(shop.db.orm).send({ to: "someone@example.fr", subject: "Secret", text: "Code 123456" });
      for (const url of ["/dev/mailbox", "/dev/mailbox/1"]) {
        const response = await shop.request({ url });
        expect(response.statusCode, url).toBe(404);
        expect(response.body).not.toContain("123456");
      }
    });
  });
});
