import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../common/api/schema.gen.ts";
import type { MailerFor } from "../../server/adapters/mail/mailer.ts";
import { outboxMailer } from "../../server/adapters/mail/outbox-mailer.ts";
import { outbox, stockAlerts } from "../../server/db/schema.ts";
import { notifyRestockedOffers, restockNotifier } from "../../server/modules/stock-alerts/restock-notifications.ts";
import { createJobWorker } from "../../server/platform/job-queue.ts";
import { silentLogger } from "../../server/platform/logger.ts";
import { backends, startTestApp, type TestApp } from "../support/test-app.ts";
import { waitFor } from "../support/wait-for.ts";

type Schemas = components["schemas"];

interface SoldOutOffer {
  id: number;
  name_fr: string;
  name_en: string;
  slug_fr: string;
  slug_en: string;
}

const PUBLIC_URL = "https://boutique.example.test";

describe.each(backends())("back-in-stock alerts on $name", (backend) => {
  let shop: TestApp;
  let soldOut: SoldOutOffer[];

  beforeAll(async () => {
    shop = await startTestApp(backend, { env: { PUBLIC_URL } });
    soldOut = await shop.db.rows<SoldOutOffer>(sql`
      select o.id, p.name_fr, p.name_en, p.slug_fr, p.slug_en
      from offers o join variants v on v.id = o.variant_id join products p on p.id = v.product_id
      where o.stock_quantity = 0 order by o.id`);
  });
  afterAll(() => shop?.close());

  /** A sold-out offer no other test uses. */
  const takeSoldOutOffer = (): SoldOutOffer => {
    const offer = soldOut.shift();
    if (!offer) throw new Error("the demo catalogue has too few sold-out offers");
    return offer;
  };

  const askAlert = (body: Record<string, unknown>, locale?: string) =>
    shop.request({
      method: "POST",
      url: `/api/v1/products/offer/restock-alert${locale ? `?locale=${locale}` : ""}`,
      payload: body,
    });

  const restock = (offerId: number) => shop.db.rows(sql`update offers set stock_quantity = 4 where id = ${offerId}`);

  const mailTo = (address: string) => shop.db.orm.select().from(outbox).where(eq(outbox.to, address)).orderBy(outbox.id);

  const alertsOf = (address: string) => shop.db.orm.select().from(stockAlerts).where(eq(stockAlerts.email, address));

  it("registers an alert, storing the address lower-case", async () => {
    const offer = takeSoldOutOffer();
    const response = await askAlert({ email: "Claire.Martin@Example.FR", offerId: offer.id });
    expect(response.statusCode, response.body).toBe(201);
    const alert = response.json<Schemas["RestockAlert"]>();
    expect(alert).toEqual({ id: expect.any(Number), email: "claire.martin@example.fr", offerId: offer.id, createdAt: expect.any(String) });
    expect(Math.abs(Date.parse(alert.createdAt) - Date.now())).toBeLessThan(60_000);
    const [stored] = await alertsOf("claire.martin@example.fr");
    expect(stored).toMatchObject({ id: alert.id, offerId: offer.id, locale: "fr_FR", notifiedAt: null });
  });

  it("answers 409 STOCK_ALERT_EXISTS when the address already waits for the offer, whatever its case", async () => {
    const [offer, other] = [takeSoldOutOffer(), takeSoldOutOffer()];
    expect((await askAlert({ email: "paul@example.com", offerId: offer.id })).statusCode).toBe(201);

    const again = await askAlert({ email: "PAUL@Example.com", offerId: offer.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 409, code: "STOCK_ALERT_EXISTS" });

    expect((await askAlert({ email: "paul@example.com", offerId: other.id })).statusCode).toBe(201);
    expect((await askAlert({ email: "paula@example.com", offerId: offer.id })).statusCode).toBe(201);
  });

  it("settles simultaneous identical requests: one 201, the others 409, never a 500", async () => {
    const offer = takeSoldOutOffer();
    const responses = await Promise.all(
      ["lea@example.com", "Lea@example.com", "LEA@EXAMPLE.COM", "lea@Example.com", "lea@example.COM"].map((email) =>
        askAlert({ email, offerId: offer.id }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await alertsOf("lea@example.com")).toHaveLength(1);
  });

  it("answers 404 OFFER_NOT_FOUND for an unknown offer", async () => {
    const response = await askAlert({ email: "nobody@example.com", offerId: 2_000_000_000 });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, code: "OFFER_NOT_FOUND" });
    expect(await alertsOf("nobody@example.com")).toHaveLength(0);
  });

  it.each([
    ["a malformed address", { email: "not-an-email", offerId: 1 }, "email"],
    ["an address without a domain dot", { email: "jean@localhost", offerId: 1 }, "email"],
    ["an address with a space", { email: "jean dupont@example.com", offerId: 1 }, "email"],
    ["no address", { offerId: 1 }, "email"],
    ["no offer", { email: "jean@example.com" }, "offerId"],
    ["an offer that is not a number", { email: "jean@example.com", offerId: "abc" }, "offerId"],
    ["offer 0", { email: "jean@example.com", offerId: 0 }, "offerId"],
  ])("answers 400 naming the field for %s", async (_case, body, field) => {
    const response = await askAlert(body);
    expect(response.statusCode).toBe(400);
    const error = response.json<Schemas["Error"]>();
    expect(error).toMatchObject({ status: 400, code: "VALIDATION_FAILED" });
    expect(error.fields?.[0]?.field).toBe(field);
    expect(error.message).toContain(field);
  });

  it("e-mails each waiting address once its offer is back in stock, in its language, and closes the alert", async () => {
    const [offer, stillSoldOut] = [takeSoldOutOffer(), takeSoldOutOffer()];
    expect((await askAlert({ email: "Marie@example.fr", offerId: offer.id })).statusCode).toBe(201);
    expect((await askAlert({ email: "john@example.co.uk", offerId: offer.id }, "en_US")).statusCode).toBe(201);
    expect((await askAlert({ email: "waiting@example.fr", offerId: stillSoldOut.id })).statusCode).toBe(201);

    // Nothing is due while the offer is sold out.
    await notifyRestockedOffers(shop.db, outboxMailer, shop.config);
    expect(await mailTo("marie@example.fr")).toHaveLength(0);

    await restock(offer.id);
    expect(await notifyRestockedOffers(shop.db, outboxMailer, shop.config)).toBe(2);

    const [french] = await mailTo("marie@example.fr");
    expect(french?.subject).toContain(offer.name_fr);
    expect(french?.text).toContain(offer.name_fr);
    expect(french?.text).toContain(`${PUBLIC_URL}/fr/produit/${offer.slug_fr}`);
    expect(french?.html).toContain(`href="${PUBLIC_URL}/fr/produit/${offer.slug_fr}"`);
    expect(french?.text).toContain("Bonjour");

    const [english] = await mailTo("john@example.co.uk");
    expect(english?.subject).toContain(offer.name_en);
    expect(english?.text).toContain(`${PUBLIC_URL}/en/product/${offer.slug_en}`);
    expect(english?.text).toContain("Hello");

    const closed = await shop.db.orm.select().from(stockAlerts).where(eq(stockAlerts.offerId, offer.id));
    expect(closed.map((alert) => alert.notifiedAt)).toEqual([expect.any(Date), expect.any(Date)]);
    const [waiting] = await alertsOf("waiting@example.fr");
    expect(waiting?.notifiedAt).toBeNull();
    expect(await mailTo("waiting@example.fr")).toHaveLength(0);

    // Sent once: a second run finds nothing for them, and the address may ask again.
    await notifyRestockedOffers(shop.db, outboxMailer, shop.config);
    expect(await mailTo("marie@example.fr")).toHaveLength(1);
    expect((await askAlert({ email: "marie@example.fr", offerId: offer.id })).statusCode).toBe(201);
  });

  it("keeps an alert waiting when its e-mail could not be written", async () => {
    const offer = takeSoldOutOffer();
    expect((await askAlert({ email: "unlucky@example.fr", offerId: offer.id })).statusCode).toBe(201);
    await restock(offer.id);
    const broken: MailerFor = () => ({
      send: async () => {
        throw new Error("mail is down");
      },
    });

    await expect(notifyRestockedOffers(shop.db, broken, shop.config)).rejects.toThrow("mail is down");
    const [alert] = await alertsOf("unlucky@example.fr");
    expect(alert?.notifiedAt).toBeNull();

    await notifyRestockedOffers(shop.db, outboxMailer, shop.config);
    expect(await mailTo("unlucky@example.fr")).toHaveLength(1);
  });

  it("sends them from the recurring job, without anyone asking", async () => {
    const offer = takeSoldOutOffer();
    expect((await askAlert({ email: "patient@example.fr", offerId: offer.id })).statusCode).toBe(201);
    const worker = createJobWorker({ db: shop.db, log: silentLogger, pollIntervalMs: 10 });
    worker.schedule(restockNotifier({ db: shop.db, mailer: outboxMailer, links: shop.config, log: silentLogger, intervalMs: 10 }));
    await worker.start();
    try {
      await restock(offer.id);
      const [message] = await waitFor(async () => {
        const messages = await mailTo("patient@example.fr");
        return messages.length > 0 ? messages : undefined;
      }, "the back-in-stock e-mail");
      expect(message?.subject).toContain(offer.name_fr);
    } finally {
      await worker.stop();
    }
    const [alert] = await alertsOf("patient@example.fr");
    expect(alert?.notifiedAt).toBeInstanceOf(Date);
  });
});
