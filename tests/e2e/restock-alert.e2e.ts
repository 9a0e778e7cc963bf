// The back-in-stock alert of an out-of-stock product, and the notifications it raises: success
// as a polite notification that leaves by itself, an address already waiting as an alert.
import type { Page } from "playwright-core";
import type { Product } from "../../src/api/queries/product.ts";
import { beforeAll, describe, expect, it } from "vitest";
import { openPage } from "./support/browser.ts";
import { outOfStockProduct, productWithGallery, type ProductSummary } from "./support/catalogue.ts";
import { registerCustomer, signInBrowser } from "./support/customers.ts";
import { message, messagePattern } from "./support/messages.ts";
import { hidden, visible } from "./support/waits.ts";

/** Notifications leave after 3 s (SPEC §9); this leaves room for a slow machine. */
const NOTIFICATION_GONE_WITHIN_MS = 10_000;

let product: ProductSummary;

beforeAll(async () => {
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
  const form = await visible(alertForm(page));
  await form.getByLabel(message("fr", "product.stockAlert.email"), { exact: true }).fill(email);
  await form.getByRole("button", { name: message("fr", "product.stockAlert.submit"), exact: true }).click();
}

describe("back-in-stock alert", () => {
  it("is offered on an out-of-stock product instead of the add-to-cart button", async () => {
    const page = await openPage(`/fr/produit/${product.slug}`);
    await visible(page.getByRole("heading", { level: 1, name: product.name }));
    await visible(page.getByText(message("fr", "product.stock.outOfStock"), { exact: true }));
    await visible(alertForm(page));
    expect(await page.getByRole("button", { name: message("fr", "product.addToCart") }).count()).toBe(0);
  });

  it("is filled with the signed-in customer's address, which it registers", async () => {
    const session = await registerCustomer("fr");
    await signInBrowser(session.token);
    const page = await openPage(`/fr/produit/${product.slug}`);
    const form = await visible(alertForm(page));
    const field = form.getByLabel(message("fr", "product.stockAlert.email"), { exact: true });
    // The stored session is checked after the page shows: the field fills once it is.
    await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe(session.email);

    await form.getByRole("button", { name: message("fr", "product.stockAlert.submit"), exact: true }).click();
    await visible(page.getByText(messagePattern("fr", "product.stockAlert.registered")).filter({ hasText: session.email }));
  });

  it("is not offered when the stock is there but below the offer's minimal order quantity", async () => {
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
    await visible(page.getByRole("heading", { level: 1, name: inStock.name }));
    await visible(page.getByText(message("fr", "product.stock.low").replace("{count}", "2"), { exact: true }));
    await visible(page.getByText(message("fr", "product.stock.belowMinimum").replace("{min}", "3"), { exact: true }));
    expect(await alertForm(page).count()).toBe(0);
    expect(await page.getByRole("button", { name: message("fr", "product.addToCart") }).count()).toBe(0);
  });

  it("refuses a malformed address with its message", async () => {
    const page = await openPage(`/fr/produit/${product.slug}`);
    await ask(page, "nobody@nowhere");
    const form = alertForm(page);
    await visible(form.getByText(message("fr", "stockAlert.invalidEmail"), { exact: true }));
    const field = form.getByLabel(message("fr", "product.stockAlert.email"), { exact: true });
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it("registers the address with a notification that leaves by itself, then refuses it a second time", async () => {
    const email = freshEmail();
    const page = await openPage(`/fr/produit/${product.slug}`);
    await ask(page, email);

    const success = notifications(page).getByRole("status").getByText(message("fr", "stockAlert.validMessage"), { exact: true });
    await visible(success);
    await visible(page.getByText(messagePattern("fr", "product.stockAlert.registered")).filter({ hasText: email }));
    await hidden(success, NOTIFICATION_GONE_WITHIN_MS);

    const again = await openPage(`/fr/produit/${product.slug}`);
    await ask(again, email);
    const refusal = notifications(again).getByRole("alert").getByText(message("fr", "stockAlert.errorMailExist"), { exact: true });
    await visible(refusal);
    await visible(alertForm(again));
    // The notification can be dismissed at once.
    await notifications(again).getByRole("button", { name: message("fr", "notifications.dismiss") }).click();
    await hidden(refusal);
  });

  it("says the shop cannot be reached when the form's code cannot be loaded", async () => {
    const page = await openPage(`/fr/produit/${product.slug}`);
    // The form's machine loads when the form is approached: a lost connection fails that load.
    await page.route(/\/assets\/stock-alert-actors-[^/]*\.js$/, (route) => route.abort("internetdisconnected"));
    await ask(page, freshEmail());
    await visible(notifications(page).getByRole("alert").getByText(message("fr", "errors.server.access"), { exact: true }));
    await visible(alertForm(page));
  });
});
