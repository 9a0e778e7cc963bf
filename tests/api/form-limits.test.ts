// Abuse limits of the public forms (contact, newsletter, restock alert): counted in the database
// per client address (and per e-mail where one is given), 429 RATE_LIMITED with Retry-After once
// used up, other clients untouched, and free again once the hour has passed.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_LIMITS } from "../../server/modules/contact/contact-handlers.ts";
import { NEWSLETTER_LIMITS } from "../../server/modules/newsletter/newsletter-handlers.ts";
import { RESTOCK_ALERT_LIMITS } from "../../server/modules/stock-alerts/stock-alert-handlers.ts";
import { backends } from "../support/test-app.ts";
import { freshEmail, freshIp, startAccountsShop, type AccountsShop } from "./customers-support.ts";

const HOUR = 60 * 60_000;

describe.each(backends())("public form limits on $name", (backend) => {
  let shop: AccountsShop;
  let soldOutOffers: number[];
  beforeAll(async () => {
    shop = await startAccountsShop(backend, { seed: true });
    const rows = await shop.db.rows<{ id: number }>(sql`select id from offers where stock_quantity = 0 order by id`);
    soldOutOffers = rows.map((row) => row.id);
  });
  afterAll(() => shop?.close());

  const expectLimited = (response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) => {
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ status: 429, code: "RATE_LIMITED" });
    const retryAfter = Number(response.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(HOUR / 1000);
  };

  describe("contact", () => {
    const send = async (ip: string, email = freshEmail()) =>
      shop.call({
        method: "POST",
        url: "/api/v1/platform/contact",
        ip,
        payload: {
          firstName: "Jeanne",
          lastName: "Dupont",
          email,
          subject: "other",
          message: "Bonjour, une question sur ma commande.",
          recaptchaData: await shop.captcha(ip),
        },
      });

    it(`takes ${CONTACT_LIMITS.perAddress} messages an hour from one address, then answers 429 until the hour has passed`, async () => {
      const ip = freshIp();
      for (let count = 0; count < CONTACT_LIMITS.perAddress; count += 1) expect((await send(ip)).statusCode).toBe(202);
      expectLimited(await send(ip));
      expect((await send(freshIp())).statusCode).toBe(202);
      shop.advance(HOUR + 1000);
      expect((await send(ip)).statusCode).toBe(202);
    });

    it(`takes ${CONTACT_LIMITS.perEmail} messages an hour signed with one e-mail, whatever the address`, async () => {
      const email = freshEmail("sender");
      for (let count = 0; count < CONTACT_LIMITS.perEmail; count += 1) expect((await send(freshIp(), email)).statusCode).toBe(202);
      expectLimited(await send(freshIp(), email.toUpperCase()));
      expect((await send(freshIp())).statusCode).toBe(202);
    });
  });

  describe("newsletter", () => {
    const subscribe = (ip: string) =>
      shop.call({ method: "POST", url: "/api/v1/newsletter/subscriptions", ip, payload: { email: freshEmail("reader") } });

    it(`takes ${NEWSLETTER_LIMITS.perAddress} sign-ups an hour from one address, then answers 429 until the hour has passed`, async () => {
      const ip = freshIp();
      for (let count = 0; count < NEWSLETTER_LIMITS.perAddress; count += 1) expect((await subscribe(ip)).statusCode).toBe(201);
      expectLimited(await subscribe(ip));
      expect((await subscribe(freshIp())).statusCode).toBe(201);
      shop.advance(HOUR + 1000);
      expect((await subscribe(ip)).statusCode).toBe(201);
    });
  });

  describe("restock alert", () => {
    const alert = (ip: string, offerId: number, email = freshEmail("waiting")) =>
      shop.call({ method: "POST", url: "/api/v1/products/offer/restock-alert", ip, payload: { email, offerId } });

    it(`takes ${RESTOCK_ALERT_LIMITS.perAddress} alerts an hour from one address, then answers 429 until the hour has passed`, async () => {
      const ip = freshIp();
      const offerId = soldOutOffers[0] ?? 0;
      for (let count = 0; count < RESTOCK_ALERT_LIMITS.perAddress; count += 1) expect((await alert(ip, offerId)).statusCode).toBe(201);
      expectLimited(await alert(ip, offerId));
      expect((await alert(freshIp(), offerId)).statusCode).toBe(201);
      shop.advance(HOUR + 1000);
      expect((await alert(ip, offerId)).statusCode).toBe(201);
    });

    it(`takes ${RESTOCK_ALERT_LIMITS.perEmail} alerts an hour for one e-mail, whatever the address`, async () => {
      expect(soldOutOffers.length).toBeGreaterThan(RESTOCK_ALERT_LIMITS.perEmail);
      const email = freshEmail("collector");
      for (let count = 0; count < RESTOCK_ALERT_LIMITS.perEmail; count += 1) {
        expect((await alert(freshIp(), soldOutOffers[count] ?? 0, email)).statusCode).toBe(201);
      }
      expectLimited(await alert(freshIp(), soldOutOffers[RESTOCK_ALERT_LIMITS.perEmail] ?? 0, email));
    });
  });
});
