// Goods gone as the shopper pays (SPEC §2 out-of-stock modal, issue: a paid order is never short): the
// stock of a line falls under what the cart holds once the payment step is shown, as another sale
// would make it; 'Pay' is then refused and the out-of-stock modal lists the line. The shop of this
// file runs on a PostgreSQL database of its own so that the test can change the stock behind its back.
import pg from "pg";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { signInBrowser } from "./support/customers.ts";
import { expect, test } from "./support/fixtures.ts";
import { message } from "./support/messages.ts";
import { PATHS, paymentRegion, readyToPay, shopperWithACart } from "./support/payment.ts";
import { postgresShopOfThisGroup } from "./support/postgres-shop.ts";
import { atPath } from "./support/waits.ts";

const IN_CART = 3;

test.describe("payment and stock", () => {
  test.describe.configure({ timeout: 180_000 });
  const ownShop = postgresShopOfThisGroup("payment-stock");

  test("goods sold meanwhile: 'Pay' is refused and the out-of-stock modal lists the line", async ({ context, openPage }) => {
    const own = ownShop();
    test.skip(own === null, "needs a PostgreSQL server on this machine to change the stock behind the shop");
    if (!own) return;
    const { shop, cluster } = own;
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
