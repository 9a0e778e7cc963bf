// The account's orders (SPEC §2 /mon-compte/commandes): the history 10 per page, newest first,
// an order's detail (lines, totals and VAT, shipments and tracking, billing address, payment) and
// its invoice downloaded as a PDF. The shop of this file runs on a PostgreSQL database of its own,
// so that the test can write orders as the payment ledger does; it needs a PostgreSQL server on
// the machine, as the API tests on PostgreSQL do.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Download } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { openDatabase, type Database } from "../../server/db/client.ts";
import { createOrder, type CreatedOrder } from "../api/order-fixtures.ts";
import { findPostgresBinDir, startPostgresCluster, type PostgresCluster } from "../support/postgres-cluster.ts";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { registerCustomer, signInBrowser, type SignedInCustomer } from "./support/customers.ts";
import { BASE_URL_VARIABLE } from "./support/environment.ts";
import { expect, MOBILE, test } from "./support/fixtures.ts";
import { message } from "./support/messages.ts";
import { startShop, type RunningShop } from "./support/shop-process.ts";
import { atPath } from "./support/waits.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

let cluster: PostgresCluster | null = null;
let shop: RunningShop | null = null;
let database: Database | null = null;
let dataDir: string | null = null;
let previousBaseUrl: string | undefined;

const day = (n: number) => new Date(Date.UTC(2026, 2, n, 10));

/** Writes orders for a registered customer as the payment ledger does. */
async function ordersFor(session: SignedInCustomer, locale: "fr_FR" | "en_US", count: number): Promise<CreatedOrder[]> {
  if (!database) throw new Error("no database");
  const [row] = await database.rows<{ uuid: string }>(sql`select uuid from customers where lower(email) = lower(${session.email})`);
  if (!row) throw new Error(`${session.email} has no account`);
  const customer = { uuid: row.uuid, locale, firstName: session.customer.firstName, lastName: session.customer.lastName };
  const orders: CreatedOrder[] = [];
  for (let n = 1; n < count; n += 1) {
    orders.push(await createOrder(database, { customer, lines: [{ quantity: 1, unitPriceCents: 1500 + n }], shippingCents: 490, paymentDate: day(n) }));
  }
  // The newest: two lines at two VAT rates, a coupon, a relay point and a parcel on its way.
  orders.push(
    await createOrder(database, {
      customer,
      lines: [
        { quantity: 2, unitPriceCents: 1990, selectedAttributes: { fr: [{ name: "color", label: "Couleur", value: "navy", valueLabel: "Bleu marine" }], en: [{ name: "color", label: "Colour", value: "navy", valueLabel: "Navy blue" }] } },
        { quantity: 1, unitPriceCents: 2500, taxRateBp: 550 },
      ],
      shippingCents: 690,
      coupon: { code: "BIENVENUE10", reductionCents: 648 },
      relayPointId: "R30000B",
      tracking: { number: "6A12345678901", url: "https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901" },
      paymentDate: day(count),
    }),
  );
  return orders;
}

/** The download is the invoice: named as the server named it, a PDF that opens and reads as this order's. */
async function expectInvoice(download: Download, filename: string, expected: string[]): Promise<void> {
  expect(download.suggestedFilename()).toBe(filename);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  for (const part of expected) expect(text.replace(/\s+/g, " ")).toContain(part);
}

const invoiceName = (order: CreatedOrder, prefix: string) => `${prefix}-F-${String(order.invoiceNumber).padStart(6, "0")}.pdf`;

test.describe("the account's orders", () => {
  test.describe.configure({ timeout: 180_000 });

  test.beforeAll(async () => {
    if (findPostgresBinDir() === null) return;
    cluster = await startPostgresCluster();
    if (!cluster) return;
    dataDir = await mkdtemp(path.join(tmpdir(), "escale-e2e-orders-"));
    shop = await startShop({ cwd: ROOT, dataDir, env: { DATABASE_URL: cluster.url } });
    database = await openDatabase({ databaseUrl: cluster.url, dataDir });
    // The test's API helpers talk to this file's shop.
    previousBaseUrl = process.env[BASE_URL_VARIABLE];
    process.env[BASE_URL_VARIABLE] = shop.baseUrl;
  });

  test.afterAll(async () => {
    if (previousBaseUrl !== undefined) process.env[BASE_URL_VARIABLE] = previousBaseUrl;
    await database?.close();
    await shop?.stop();
    await cluster?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test("lists the orders 10 per page, opens one and downloads its invoice (French, desktop)", async ({ context, openPage }) => {
    test.skip(shop === null || database === null, "needs a PostgreSQL server on this machine to write orders behind the shop");
    if (!shop) return;
    const session = await registerCustomer("fr", { firstName: "Hélène", lastName: "Commande" });
    const orders = await ordersFor(session, "fr_FR", 11);
    const newest = orders.at(-1);
    const oldest = orders[0];
    if (!newest || !oldest) throw new Error("no orders");
    await signInBrowser(context, session.token);

    const page = await openPage(`${shop.baseUrl}/fr/mon-compte/commandes`);
    const history = page.getByRole("table", { name: /Vos commandes, page 1 sur 2/ });
    await expect(history).toBeVisible();
    const rows = history.getByRole("row");
    // A header row and 10 orders, the newest first.
    await expect(rows).toHaveCount(11);
    const first = rows.nth(1);
    await expect(first.getByRole("rowheader")).toHaveText(newest.reference);
    await expect(first).toContainText(message("fr", "account.orders.status.PAID"));
    await expect(first).toContainText("3 articles");
    await expect(first).toContainText("65,22 €");
    await expectNoSeriousA11yViolations(page);

    // The second page holds the oldest.
    const pages = page.getByRole("navigation", { name: message("fr", "ui.pagination.label") });
    await pages.getByRole("link", { name: message("fr", "ui.pagination.page").replace("{page}", "2") }).click();
    await expect(page.getByRole("table", { name: /Vos commandes, page 2 sur 2/ }).getByRole("rowheader")).toHaveText([oldest.reference]);
    await pages.getByRole("link", { name: message("fr", "ui.pagination.page").replace("{page}", "1") }).click();

    // The newest order's detail: the heading takes the focus.
    await page.getByRole("link", { name: message("fr", "account.orders.open").replace("{reference}", newest.reference) }).click();
    await expect(page).toHaveURL(atPath("/fr/mon-compte/commandes", { search: (params) => params.get("reference") === newest.reference }));
    const heading = page.getByRole("heading", { level: 2, name: message("fr", "account.orders.detailTitle").replace("{reference}", newest.reference) });
    await expect(heading).toBeFocused();
    const detail = page.getByRole("region", { name: message("fr", "account.orders.detailTitle").replace("{reference}", newest.reference) });
    const lines = detail.getByRole("table");
    await expect(lines.getByRole("row", { name: new RegExp(newest.items[0]?.nameFr ?? "?") })).toContainText("39,80 €");
    await expect(lines).toContainText("Couleur : Bleu marine");
    await expect(lines.getByRole("row", { name: /BIENVENUE10/ })).toContainText("-6,48 €");
    await expect(lines.getByRole("row", { name: message("fr", "account.orders.totalPaid") })).toContainText("65,22 €");
    await expect(lines.getByRole("row", { name: /TVA 5,5 %/ })).toContainText("1,17 €");
    await expect(lines.getByRole("row", { name: /TVA 20 %/ })).toContainText("7,12 €");
    await expect(detail).toContainText("Point relais R30000B");
    await expect(detail).toContainText("Tabac de la Gare");
    await expect(detail).toContainText("Numéro de suivi : 6A12345678901");
    await expect(detail.getByRole("link", { name: new RegExp(message("fr", "account.orders.track")) })).toHaveAttribute("href", /6A12345678901/);
    await expect(detail).toContainText("8 rue des Écoles");
    await expect(detail).toContainText("Carte Visa");
    await expectNoSeriousA11yViolations(page);

    const downloading = page.waitForEvent("download");
    await detail.getByRole("button", { name: message("fr", "account.orders.downloadInvoice"), exact: true }).click();
    await expectInvoice(await downloading, invoiceName(newest, "facture"), [newest.reference, "Hélène Commande", "Total TTC 65,22 €"]);

    // An order not yet shipped says so; the way back leads to the list.
    await detail.getByRole("link", { name: message("fr", "account.orders.back") }).click();
    await page.getByRole("link", { name: message("fr", "account.orders.open").replace("{reference}", orders.at(-2)?.reference ?? "?") }).click();
    await expect(page.getByRole("region", { name: message("fr", "account.orders.detailTitle").replace("{reference}", orders.at(-2)?.reference ?? "?") })).toContainText(
      message("fr", "account.orders.notShipped"),
    );
  });

  test("shows an order and its invoice on a 375 px phone, in English, and nobody else's", async ({ context, openPage }) => {
    test.skip(shop === null || database === null, "needs a PostgreSQL server on this machine to write orders behind the shop");
    if (!shop) return;
    const session = await registerCustomer("en", { firstName: "Oliver", lastName: "Orders" });
    const [order] = await ordersFor(session, "en_US", 1);
    const stranger = await registerCustomer("en", { firstName: "Sam", lastName: "Stranger" });
    const [theirs] = await ordersFor(stranger, "en_US", 1);
    if (!order || !theirs) throw new Error("no order");
    await signInBrowser(context, session.token);

    const page = await openPage(`${shop.baseUrl}/en/my-account/orders?reference=${order.reference}`, { viewport: MOBILE });
    const detail = page.getByRole("region", { name: message("en", "account.orders.detailTitle").replace("{reference}", order.reference) });
    await expect(detail.getByRole("table")).toContainText("Colour: Navy blue");
    await expect(detail.getByRole("table").getByRole("row", { name: message("en", "account.orders.totalPaid") })).toContainText("€65.22");
    await expect(detail).toContainText("Relay point R30000B");
    await expect(detail).toContainText("Visa card");
    const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, screen: window.innerWidth }));
    expect(widths.content).toBeLessThanOrEqual(widths.screen);
    await expectNoSeriousA11yViolations(page);

    const downloading = page.waitForEvent("download");
    await detail.getByRole("button", { name: message("en", "account.orders.downloadInvoice"), exact: true }).click();
    await expectInvoice(await downloading, invoiceName(order, "invoice"), [order.reference, "Oliver Orders", "Total incl. VAT €65.22"]);

    // Another customer's reference is not found in this account.
    await page.goto(`${shop.baseUrl}/en/my-account/orders?reference=${theirs.reference}`);
    await expect(page.getByText(message("en", "account.orders.notFound"), { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
