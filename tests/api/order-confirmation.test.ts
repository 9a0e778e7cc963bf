// The order confirmation e-mail as the ledger sends it, inside the order's transaction: the
// buyer gets, in the order's language, the reference, the lines, shipping, totals and VAT,
// where the parcel goes and the link to the order in the account; nothing when the transaction
// is rolled back.
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMailer } from "../../server/adapters/mail/outbox-mailer.ts";
import { outbox } from "../../server/db/schema.ts";
import { createOrderConfirmation } from "../../server/modules/orders/order-confirmation.ts";
import { backends, startTestApp, type TestApp } from "../support/test-app.ts";
import { createOrder, testSessions, type TestCustomer } from "./order-fixtures.ts";

const PUBLIC_URL = "https://boutique.example.com";

describe.each(backends())("the order confirmation e-mail on $name", (backend) => {
  let shop: TestApp;
  let sessions: ReturnType<typeof testSessions>;
  const confirm = createOrderConfirmation({ publicUrl: PUBLIC_URL, brandName: "Escale", mailer: outboxMailer });

  beforeAll(async () => {
    sessions = testSessions();
    shop = await startTestApp(backend, { app: { sessions: sessions.sessions } });
  });
  afterAll(() => shop?.close());

  const mailsTo = (customer: TestCustomer) =>
    shop.db.orm.select({ subject: outbox.subject, text: outbox.text, html: outbox.html }).from(outbox).where(eq(outbox.to, customer.email)).orderBy(desc(outbox.id));

  it("tells a French buyer what they paid, where it goes and where the invoice is", async () => {
    const buyer = await sessions.createCustomer(shop.db, { firstName: "Zoé <b>&", lastName: "Lefèvre" });
    const order = await createOrder(shop.db, {
      customer: buyer,
      lines: [
        { quantity: 2, unitPriceCents: 1990, selectedAttributes: { fr: [{ name: "color", label: "Couleur", value: "navy", valueLabel: "Bleu marine" }], en: [] } },
        { quantity: 1, unitPriceCents: 2500, taxRateBp: 550 },
      ],
      shippingCents: 690,
      coupon: { code: "BIENVENUE10", reductionCents: 648 },
    });
    await shop.db.orm.transaction((tx) => confirm(tx, order.id));

    const [mail, ...others] = await mailsTo(buyer);
    expect(others).toHaveLength(0);
    expect(mail?.subject).toBe(`Escale : confirmation de votre commande ${order.reference}`);
    const text = mail?.text.replace(/\s/g, " ") ?? "";
    const link = `${PUBLIC_URL}/fr/mon-compte/commandes?reference=${order.reference}`;
    for (const expected of [
      "Bonjour Zoé <b>&,",
      order.reference,
      `2 × ${order.items[0]?.nameFr} (Bleu marine) : 39,80 €`,
      `1 × ${order.items[1]?.nameFr} : 25,00 €`,
      "Réduction (code BIENVENUE10) : -6,48 €",
      "Livraison : 6,90 €",
      "Total payé TTC : 65,22 €",
      "dont TVA 5,5 % : 1,17 €",
      "dont TVA 20 % : 7,12 €",
      "8 rue des Écoles",
      "30000 Nîmes",
      "France",
      link,
    ]) {
      expect(text).toContain(expected);
    }
    const html = mail?.html ?? "";
    expect(html).toContain("Bonjour Zoé &lt;b&gt;&amp;,");
    expect(html).not.toContain("<b>&");
    expect(html).toContain(`<a href="${link}">Voir ma commande et télécharger la facture</a>`);
    expect(html).toContain("65,22");
  });

  it("is in English for an English order, and names the relay point", async () => {
    const buyer = await sessions.createCustomer(shop.db, { firstName: "Oliver", lastName: "Brown", locale: "en_US" });
    const order = await createOrder(shop.db, { customer: buyer, lines: [{ quantity: 1, unitPriceCents: 4500 }], shippingCents: 490, relayPointId: "R30000B" });
    await shop.db.orm.transaction((tx) => confirm(tx, order.id));
    const [mail] = await mailsTo(buyer);
    const [method] = await shop.db.rows<{ name_en: string }>(sql`select name_en from shipment_methods where carrier = 'A2P'`);
    expect(mail?.subject).toBe(`Escale: your order ${order.reference} is confirmed`);
    for (const expected of [
      "Hello Oliver,",
      `1 × ${order.items[0]?.nameEn}: €45.00`,
      "Shipping: €4.90",
      "Total paid incl. VAT: €49.90",
      method?.name_en ?? "?",
      "Relay point R30000B",
      "Tabac de la Gare",
      `${PUBLIC_URL}/en/my-account/orders?reference=${order.reference}`,
    ]) {
      expect(mail?.text).toContain(expected);
    }
  });

  it("is not written when the order's transaction is rolled back", async () => {
    const buyer = await sessions.createCustomer(shop.db);
    const order = await createOrder(shop.db, { customer: buyer, lines: [{ quantity: 1, unitPriceCents: 1000 }] });
    await expect(
      shop.db.orm.transaction(async (tx) => {
        await confirm(tx, order.id);
        throw new Error("the order failed after all");
      }),
    ).rejects.toThrow("the order failed after all");
    expect(await mailsTo(buyer)).toHaveLength(0);
  });
});
