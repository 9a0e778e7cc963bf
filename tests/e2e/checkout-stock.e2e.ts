// The out-of-stock modal (SPEC §2): the stock of a line falls under what the cart holds while the
// shopper is in the checkout (someone else bought it). The shop of this file runs on a PostgreSQL
// database of its own, so that the test can change the stock behind the shop's back as another
// sale would; it needs a PostgreSQL server on the machine, as the API tests on PostgreSQL do.
import pg from "pg";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { data, storefrontApi } from "./support/api.ts";
import { simpleProductWithStock } from "./support/catalogue.ts";
import { registerCustomer, signInBrowser } from "./support/customers.ts";
import { expect, test } from "./support/fixtures.ts";
import { message } from "./support/messages.ts";
import { postgresShopOfThisGroup } from "./support/postgres-shop.ts";
import { atPath } from "./support/waits.ts";

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

test.describe("out-of-stock modal", () => {
  test.describe.configure({ timeout: 180_000 });
  const ownShop = postgresShopOfThisGroup("stock");

  test("lists the lines above today's stock on entering the checkout and before payment, and leads back to the cart", async ({ context, openPage }) => {
    const own = ownShop();
    test.skip(own === null, "needs a PostgreSQL server on this machine to change the stock behind the shop");
    if (!own) return;
    const { shop, cluster } = own;
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
