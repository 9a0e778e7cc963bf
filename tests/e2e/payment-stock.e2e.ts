// Goods gone as the shopper pays (SPEC §2 out-of-stock modal, issue: a paid order is never short): the
// stock of a line falls under what the cart holds once the payment step is shown, as another sale
// would make it; 'Pay' is then refused and the out-of-stock modal lists the line. The shop of this
// file runs on a PostgreSQL database of its own so that the test can change the stock behind its back.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { findPostgresBinDir, startPostgresCluster, type PostgresCluster } from "../support/postgres-cluster.ts";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { signInBrowser } from "./support/customers.ts";
import { BASE_URL_VARIABLE } from "./support/environment.ts";
import { expect, test } from "./support/fixtures.ts";
import { message } from "./support/messages.ts";
import { PATHS, paymentRegion, readyToPay, shopperWithACart } from "./support/payment.ts";
import { startShop, type RunningShop } from "./support/shop-process.ts";
import { atPath } from "./support/waits.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const IN_CART = 3;

let cluster: PostgresCluster | null = null;
let shop: RunningShop | null = null;
let dataDir: string | null = null;
let previousBaseUrl: string | undefined;

test.describe("payment and stock", () => {
  test.describe.configure({ timeout: 180_000 });

  test.beforeAll(async () => {
    if (findPostgresBinDir() === null) return;
    cluster = await startPostgresCluster();
    if (!cluster) return;
    dataDir = await mkdtemp(path.join(tmpdir(), "escale-e2e-payment-stock-"));
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

  test("goods sold meanwhile: 'Pay' is refused and the out-of-stock modal lists the line", async ({ context, openPage }) => {
    test.skip(shop === null || cluster === null, "needs a PostgreSQL server on this machine to change the stock behind the shop");
    if (!shop || !cluster) return;
    const shopper = await shopperWithACart("fr", IN_CART);
    await readyToPay("fr", shopper, "address");
    await signInBrowser(context, shopper.session.token);
    const offerId = shopper.product.offer?.id;
    if (!offerId) throw new Error(`${shopper.product.slug} has no offer`);

    const database = new pg.Client({ connectionString: cluster.url });
    await database.connect();
    try {
      const page = await openPage(`${shop.baseUrl}${PATHS.fr.payment}`);
      const region = paymentRegion(page, "fr");
      await region.getByRole("button", { name: message("fr", "payment.consent.allow"), exact: true }).click();
      const pay = region.getByRole("button", { name: new RegExp(`^${message("fr", "payment.dropin.continueTo")}`) });
      await expect(pay).toBeVisible();

      // Someone else bought: 1 left of the 3 in the cart.
      await database.query("update offers set stock_quantity = 1 where id = $1", [offerId]);
      await pay.click();
      const modal = page.getByRole("dialog", { name: message("fr", "checkout.outOfStock.title"), exact: true });
      await expect(modal).toBeVisible();
      await expect(modal.getByText(shopper.product.name)).toBeVisible();
      await expect(modal.getByText(message("fr", "checkout.outOfStock.left").replace("{quantity}", String(IN_CART)).replace("{stock}", "1"))).toBeVisible();
      await expect(page).toHaveURL(atPath(PATHS.fr.payment));
      await expectNoSeriousA11yViolations(page);

      // 'Edit my shopping cart' leads to the cart; nothing was ordered.
      await modal.getByRole("link", { name: message("fr", "checkout.outOfStock.editCart"), exact: true }).click();
      await expect(page).toHaveURL(atPath(PATHS.fr.cart));
      const orders = await database.query("select count(*)::int as count from orders");
      expect(orders.rows[0]?.count).toBe(0);
    } finally {
      await database.end();
    }
  });
});
