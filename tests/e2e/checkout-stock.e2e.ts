// The out-of-stock modal (SPEC §2): the stock of a line falls under what the cart holds while the
// shopper is in the checkout (someone else bought it). The shop of this file runs on a PostgreSQL
// database of its own, so that the test can change the stock behind the shop's back as another
// sale would; it needs a PostgreSQL server on the machine, as the API tests on PostgreSQL do.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { findPostgresBinDir, startPostgresCluster, type PostgresCluster } from "../support/postgres-cluster.ts";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { data, storefrontApi } from "./support/api.ts";
import { simpleProductWithStock } from "./support/catalogue.ts";
import { registerCustomer, signInBrowser } from "./support/customers.ts";
import { BASE_URL_VARIABLE } from "./support/environment.ts";
import { expect, test } from "./support/fixtures.ts";
import { message } from "./support/messages.ts";
import { startShop, type RunningShop } from "./support/shop-process.ts";
import { atPath } from "./support/waits.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const HOME = {
  name: "Maison",
  company: null,
  firstName: "Inès",
  lastName: "Rupture",
  street: "5 place Bellecour",
  city: "Lyon",
  postCode: "69002",
  country: "FR",
  phone: "+33612345678",
};

let cluster: PostgresCluster | null = null;
let shop: RunningShop | null = null;
let dataDir: string | null = null;
let previousBaseUrl: string | undefined;

test.describe("out-of-stock modal", () => {
  test.describe.configure({ timeout: 180_000 });

  test.beforeAll(async () => {
    if (findPostgresBinDir() === null) return;
    cluster = await startPostgresCluster();
    if (!cluster) return;
    dataDir = await mkdtemp(path.join(tmpdir(), "escale-e2e-stock-"));
    shop = await startShop({ cwd: ROOT, dataDir, env: { DATABASE_URL: cluster.url } });
    // The test's API helpers talk to this file's shop.
    previousBaseUrl = process.env[BASE_URL_VARIABLE];
    process.env[BASE_URL_VARIABLE] = shop.baseUrl;
  });

  test.afterAll(async () => {
    if (previousBaseUrl !== undefined) process.env[BASE_URL_VARIABLE] = previousBaseUrl;
    await shop?.stop();
    await cluster?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test("lists the lines above today's stock on entering the checkout and before payment, and leads back to the cart", async ({ context, openPage }) => {
    test.skip(shop === null || cluster === null, "needs a PostgreSQL server on this machine to change the stock behind the shop");
    if (!shop || !cluster) return;
    const session = await registerCustomer("fr", { firstName: "Inès", lastName: "Rupture" });
    const api = await storefrontApi("fr");
    const header = { "X-Customer-Authorization": `Bearer ${session.token}` };
    await data(api.POST("/customers/address", { params: { header, query: { defaultShipping: true, defaultBilling: true } }, body: HOME }));
    const product = await simpleProductWithStock("fr", "in stock", (stock) => stock > 5);
    const offerId = product.offer?.id;
    if (!offerId) throw new Error(`${product.slug} has no offer`);
    await data(api.PUT("/shopping-cart/set-offer-quantity", { params: { header }, body: { offerId, quantity: 3 } }));
    await signInBrowser(context, session.token);

    const database = new pg.Client({ connectionString: cluster.url });
    await database.connect();
    const setStock = (stock: number) => database.query("update offers set stock_quantity = $1 where id = $2", [stock, offerId]);
    try {
      const page = await openPage(`${shop.baseUrl}/fr/commande/livraison`);
      await expect(page.getByRole("heading", { level: 1, name: message("fr", "checkout.shipping.title") })).toBeVisible();
      const methods = page.getByRole("region", { name: message("fr", "checkout.methods.title"), exact: true });
      await methods.getByRole("radio").first().click();
      await expect(methods.getByRole("radio").first()).toBeChecked();
      const continueButton = page.getByRole("button", { name: message("fr", "checkout.shipping.continue"), exact: true });
      await expect(continueButton).toBeEnabled();

      // Someone else bought: 1 left of the 3 in the cart. Nothing goes on to payment.
      await setStock(1);
      await continueButton.click();
      const modal = page.getByRole("dialog", { name: message("fr", "checkout.outOfStock.title"), exact: true });
      await expect(modal).toBeVisible();
      await expect(modal.getByText(product.name)).toBeVisible();
      await expect(modal.getByText(message("fr", "checkout.outOfStock.left").replace("{quantity}", "3").replace("{stock}", "1"))).toBeVisible();
      await expect(page).toHaveURL(atPath("/fr/commande/livraison"));
      await expectNoSeriousA11yViolations(page);

      // On entering the checkout again, the modal comes at once; 'Edit my shopping cart' leads to the cart.
      await page.goto(`${shop.baseUrl}/fr/commande`);
      await expect(modal).toBeVisible();
      await modal.getByRole("link", { name: message("fr", "checkout.outOfStock.editCart"), exact: true }).click();
      await expect(page).toHaveURL(atPath("/fr/mon-panier"));
    } finally {
      await database.end();
    }
  });
});
