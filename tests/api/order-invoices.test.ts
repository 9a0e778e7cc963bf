// The invoice of an order as the customer downloads it: a PDF named by its number, whose text
// (read back with a PDF reader) carries the seller, the buyer, the lines, the VAT per rate and
// the totals, in French or English; none for an order without an invoice number, nor for
// another customer's order.
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, startTestApp, type TestApp } from "../support/test-app.ts";
import { createOrder, testSessions, type CreatedOrder, type TestCustomer } from "./order-fixtures.ts";

const SELLER = {
  SELLER_NAME: "Escale Boutique SAS",
  SELLER_ADDRESS: "3 allée des Hélices, 31700 Blagnac, France",
  SELLER_VAT_NUMBER: "FR12345678901",
  SELLER_REGISTRATION: "SIREN 345 678 901 – RCS Toulouse",
  SELLER_LEGAL_FORM: "SAS au capital de 50 000 €",
};

/** The PDF's text with its spaces made plain (the number formats use no-break spaces). */
async function pdfText(body: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, " ");
}

const NAVY = {
  fr: [{ name: "color", label: "Couleur", value: "navy", valueLabel: "Bleu marine" }],
  en: [{ name: "color", label: "Colour", value: "navy", valueLabel: "Navy blue" }],
};

describe.each(backends())("order invoices on $name", (backend) => {
  let shop: TestApp;
  let buyer: TestCustomer;
  let other: TestCustomer;
  let order: CreatedOrder;

  beforeAll(async () => {
    const { sessions, createCustomer } = testSessions();
    shop = await startTestApp(backend, { app: { sessions }, env: SELLER });
    buyer = await createCustomer(shop.db, { firstName: "Hélène", lastName: "Lefèvre" });
    other = await createCustomer(shop.db, { firstName: "Zoé", lastName: "Autre" });
    order = await createOrder(shop.db, {
      customer: buyer,
      lines: [
        // 2 × 19,90 € at 20 % and one 25,00 € book at 5,5 %, a 10 % coupon (6,48 €), 6,90 € shipping.
        { quantity: 2, unitPriceCents: 1990, selectedAttributes: NAVY },
        { quantity: 1, unitPriceCents: 2500, taxRateBp: 550 },
      ],
      shippingCents: 690,
      coupon: { code: "BIENVENUE10", reductionCents: 648 },
      paymentDate: new Date("2026-03-14T23:30:00Z"),
      paymentMethod: "visa",
    });
  });
  afterAll(() => shop?.close());

  const download = (id: number, customer: TestCustomer | null, locale = "fr_FR") =>
    shop.request({ url: `/api/v1/order-invoices/pdf/order/${id}?locale=${locale}`, headers: customer?.headers ?? {} });

  it("is a PDF attachment named by the invoice number", async () => {
    const response = await download(order.id, buyer);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    const number = `F-${String(order.invoiceNumber).padStart(6, "0")}`;
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="facture-${number}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect((await download(order.id, buyer, "en_US")).headers["content-disposition"]).toBe(`attachment; filename="invoice-${number}.pdf"`);
  });

  it("carries in French the seller, the buyer, the lines, the VAT per rate and the totals", async () => {
    const text = await pdfText((await download(order.id, buyer)).rawPayload);
    const number = `F-${String(order.invoiceNumber).padStart(6, "0")}`;
    const { amounts } = order;
    // 2 × 19,90 = 39,80 € TTC at 20 %, then 10 % off; 25,00 € at 5,5 %, then 10 % off; shipping 6,90 €.
    expect(amounts.totalPrice.taxIncluded).toBe(3980 + 2500 - 648 + 690);
    for (const expected of [
      "Facture",
      `Numéro : ${number}`,
      // Paid at 00:30 in Paris on 15 March: the invoice is dated that day.
      "Date : 15 mars 2026",
      `Commande : ${order.reference}`,
      "Escale Boutique SAS",
      "3 allée des Hélices",
      "SAS au capital de 50 000 €",
      "SIREN 345 678 901 – RCS Toulouse",
      "N° TVA intracommunautaire : FR12345678901",
      "Hélène Lefèvre",
      buyer.email,
      "8 rue des Écoles",
      "30000 Nîmes France",
      order.items[0]?.nameFr ?? "?",
      "Couleur : Bleu marine",
      // Unit prices and line totals tax-free: 19,90 / 1,2 = 16,58; 39,80 / 1,2 = 33,17; 25 / 1,055 = 23,70.
      "16,58 €",
      "33,17 €",
      "23,70 €",
      "5,5 %",
      "Livraison",
      "5,75 €",
      "Remise (code BIENVENUE10 : 6,48 € TTC) -5,69 €",
      `Total HT ${euros(amounts.totalPrice.taxFree)}`,
      `Total TTC ${euros(amounts.totalPrice.taxIncluded)}`,
      "Facture acquittée : payée le 15 mars 2026 par carte Visa.",
    ]) {
      expect(text).toContain(expected);
    }
    for (const tax of amounts.taxes) {
      expect(text).toContain(`TVA ${String(tax.taxRate).replace(".", ",")} % sur ${euros(tax.taxFree)} ${euros(tax.taxAmount)}`);
    }
    expect(text).toContain("Total TTC 65,22 €");
    // Every character was in the font's encoding (accents, €, typographic dashes).
    expect(text).not.toContain("?");
  });

  it("is written in English for an English request", async () => {
    const text = await pdfText((await download(order.id, buyer, "en_US")).rawPayload);
    const { amounts } = order;
    const english = (cents: number) => `€${(cents / 100).toFixed(2)}`;
    for (const tax of amounts.taxes) expect(text).toContain(`VAT ${tax.taxRate}% on ${english(tax.taxFree)} ${english(tax.taxAmount)}`);
    for (const expected of [
      "Invoice",
      `Number: F-${String(order.invoiceNumber).padStart(6, "0")}`,
      `Order: ${order.reference}`,
      "Customer",
      "Hélène Lefèvre",
      buyer.email,
      "Escale Boutique SAS",
      "Date: 15 March 2026",
      "Billing address",
      "30000 Nîmes France",
      order.items[0]?.nameEn ?? "?",
      "Colour: Navy blue",
      "€16.58",
      "Shipping",
      `Total excl. VAT €${(amounts.totalPrice.taxFree / 100).toFixed(2)}`,
      "Total incl. VAT €65.22",
      "VAT 5.5% on",
      "Reduction (code BIENVENUE10: €6.48 incl. VAT) -€5.69",
      "Paid invoice: paid on 15 March 2026 by Visa card.",
      "VAT number: FR12345678901",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("goes on over as many pages as the lines need, totals at the end", async () => {
    const lines = Array.from({ length: 45 }, (_, index) => ({ quantity: 1, unitPriceCents: 1000 + index }));
    const long = await createOrder(shop.db, { customer: buyer, lines, shippingCents: 490 });
    const body = (await download(long.id, buyer)).rawPayload;
    const document = await getDocumentProxy(new Uint8Array(body));
    expect(document.numPages).toBeGreaterThan(1);
    const { text } = await extractText(document, { mergePages: false });
    const lastPage = (text.at(-1) ?? "").replace(/\s+/g, " ");
    expect(lastPage).toContain(`Total TTC ${euros(long.amounts.totalPrice.taxIncluded)}`);
    expect(lastPage).toContain("Facture acquittée");
    // Each page carries the seller's legal mentions and its number.
    text.forEach((page, index) => {
      expect(page.replace(/\s+/g, " ")).toContain(`Page ${index + 1} sur ${text.length}`);
      expect(page.replace(/\s+/g, " ")).toContain("N° TVA intracommunautaire : FR12345678901");
    });
    const all = text.join(" ").replace(/\s+/g, " ");
    for (const item of long.items) expect(all).toContain(item.nameFr);
  });

  it("is not available for an order without an invoice number (409), nor to anyone but its customer", async () => {
    const pending = await createOrder(shop.db, { customer: buyer, lines: [{ quantity: 1, unitPriceCents: 1200 }], paymentDate: null, invoiced: false, status: "CANCELLED" });
    const refused = await download(pending.id, buyer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ code: string }>().code).toBe("INVOICE_NOT_AVAILABLE");
    expect((await download(order.id, other)).statusCode).toBe(404);
    expect((await download(pending.id, other)).statusCode).toBe(404);
    expect((await download(order.id, null)).statusCode).toBe(401);
  });
});

function euros(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")} €`;
}
