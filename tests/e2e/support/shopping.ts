// What a shopper does on the way to the checkout, for the tests that start there.
import { pagePath } from "../../../common/pages.ts";
import type { Lang } from "./api.ts";
import { simpleProductWithStock } from "./catalogue.ts";
import { expect, type Page } from "./fixtures.ts";
import { message } from "./messages.ts";

/** Puts a product in the cart from its page, as a shopper does, and closes the confirmation. */
export async function addAProduct(page: Page, lang: Lang): Promise<void> {
  const product = await simpleProductWithStock(lang, "in stock", (stock) => stock > 5);
  await page.goto(pagePath("product", lang).replace("$slug", product.slug));
  await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
  // The stored session checked first (the header's, or on a phone the bottom bar's, account link), so that the cart is the customer's.
  await expect(page.getByRole("link", { name: message(lang, "layout.account"), exact: true }).first()).toBeVisible();
  await page.getByRole("button", { name: message(lang, "product.addToCart"), exact: true }).click();
  const modal = page.getByRole("dialog").filter({ has: page.getByRole("button", { name: message(lang, "cart.modal.continue"), exact: true }) });
  await modal.getByRole("button", { name: message(lang, "cart.modal.continue"), exact: true }).click();
  await expect(modal).toBeHidden();
}
