// The back-in-stock alert of an out-of-stock product, beyond its flow's paths (tests/e2e/flows/
// stock-alert.e2e.ts walk the address check and every answer): where the form is offered, the
// profile's address registered as it is prefilled, the notifications leaving or dismissed, the
// form's code failing to load.
import type { Product } from "../../src/api/queries/product.ts";
import { outOfStockProduct, productWithGallery, type ProductSummary } from "./support/catalogue.ts";
import { registerCustomer, signInBrowser } from "./support/customers.ts";
import { expect, test, type Page } from "./support/fixtures.ts";
import { message, messagePattern } from "./support/messages.ts";
import { chunkOf } from "./support/chunks.ts";

/** Notifications leave after 3 s (SPEC §9); this leaves room for a slow machine. */
const NOTIFICATION_GONE_WITHIN_MS = 10_000;

let product: ProductSummary;

test.beforeAll(async () => {
  product = await outOfStockProduct("fr");
});

const freshEmail = () => `restock-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

function alertForm(page: Page) {
  return page.getByRole("form", { name: message("fr", "product.stockAlert.title") });
}

function notifications(page: Page) {
  return page.getByRole("region", { name: message("fr", "notifications.label") });
}

async function ask(page: Page, email: string): Promise<void> {
  const form = alertForm(page);
  await expect(form).toBeVisible();
  await form.getByLabel(message("fr", "product.stockAlert.email"), { exact: true }).fill(email);
  await form.getByRole("button", { name: message("fr", "product.stockAlert.submit"), exact: true }).click();
}

test.describe("back-in-stock alert", () => {
  test("is offered on an out-of-stock product instead of the add-to-cart button", async ({ openPage }) => {
    const page = await openPage(`/fr/produit/${product.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByText(message("fr", "product.stock.outOfStock"), { exact: true })).toBeVisible();
    await expect(alertForm(page)).toBeVisible();
    await expect(page.getByRole("button", { name: message("fr", "product.addToCart") })).toHaveCount(0);
  });

  test("is filled with the signed-in customer's address, which it registers", async ({ context, openPage }) => {
    const session = await registerCustomer("fr");
    await signInBrowser(context, session.token);
    const page = await openPage(`/fr/produit/${product.slug}`);
    const form = alertForm(page);
    await expect(form).toBeVisible();
    const field = form.getByLabel(message("fr", "product.stockAlert.email"), { exact: true });
    // The stored session is checked after the page shows: the field fills once it is.
    await expect(field).toHaveValue(session.email);

    await form.getByRole("button", { name: message("fr", "product.stockAlert.submit"), exact: true }).click();
    await expect(page.getByText(messagePattern("fr", "product.stockAlert.registered")).filter({ hasText: session.email })).toBeVisible();
  });

  test("is not offered when the stock is there but below the offer's minimal order quantity", async ({ openPage }) => {
    const inStock = await productWithGallery("fr");
    const offerId = inStock.offer?.id;
    const page = await openPage("/fr", { consent: "refuse" });
    // The demo catalogue sells everything by one: this offer is made to need three, with two left.
    await page.route((url) => url.pathname === `/api/v1/products/slug/${inStock.slug}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Product;
      // The offer as the product gives it, and as its variant (a simple product's only one) does.
      for (const offer of [body.offer, ...body.variants.map((variant) => variant.offer)]) {
        if (offer && offer.id === offerId) Object.assign(offer, { stockQuantity: 2, minimalOrderQuantity: 3 });
      }
      await route.fulfill({ status: response.status(), json: body });
    });
    await page.goto(`/fr/produit/${inStock.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: inStock.name })).toBeVisible();
    await expect(page.getByText(message("fr", "product.stock.low").replace("{count}", "2"), { exact: true })).toBeVisible();
    await expect(page.getByText(message("fr", "product.stock.belowMinimum").replace("{min}", "3"), { exact: true })).toBeVisible();
    await expect(alertForm(page)).toHaveCount(0);
    await expect(page.getByRole("button", { name: message("fr", "product.addToCart") })).toHaveCount(0);
  });

  test("registers the address with a notification that leaves by itself, then refuses it a second time", async ({ openPage }) => {
    const email = freshEmail();
    const page = await openPage(`/fr/produit/${product.slug}`);
    await ask(page, email);

    const success = notifications(page).getByRole("status").getByText(message("fr", "stockAlert.validMessage"), { exact: true });
    await expect(success).toBeVisible();
    await expect(page.getByText(messagePattern("fr", "product.stockAlert.registered")).filter({ hasText: email })).toBeVisible();
    await expect(success).toBeHidden({ timeout: NOTIFICATION_GONE_WITHIN_MS });

    const again = await openPage(`/fr/produit/${product.slug}`);
    await ask(again, email);
    const refusal = notifications(again).getByRole("alert").getByText(message("fr", "stockAlert.errorMailExist"), { exact: true });
    await expect(refusal).toBeVisible();
    await expect(alertForm(again)).toBeVisible();
    // The notification can be dismissed at once.
    await notifications(again).getByRole("button", { name: message("fr", "notifications.dismiss") }).click();
    await expect(refusal).toBeHidden();
  });

  test("says the shop cannot be reached when the form's code cannot be loaded", async ({ openPage }) => {
    const page = await openPage(`/fr/produit/${product.slug}`);
    // The form's machine loads when the form is approached: a lost connection fails that load.
    await page.route(chunkOf("src/actors/stock-alert-actors.ts"), (route) => route.abort("internetdisconnected"));
    await ask(page, freshEmail());
    await expect(notifications(page).getByRole("alert").getByText(message("fr", "errors.server.access"), { exact: true })).toBeVisible();
    await expect(alertForm(page)).toBeVisible();
  });
});
