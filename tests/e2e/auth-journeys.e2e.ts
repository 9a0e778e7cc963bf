// The sign-in dialog with the rest of the shop: a General public shopper's anonymous cart is kept
// when they sign in, and the contact form's captcha is answered by the real widget.
import { allProducts, type ProductSummary } from "./support/catalogue.ts";
import { registerCustomer } from "./support/customers.ts";
import { expect, test, type Locator, type Page } from "./support/fixtures.ts";
import { message } from "./support/messages.ts";

/** Solving the captcha's proof of work in the browser may take a few seconds on a slow machine. */
const CAPTCHA_TIMEOUT_MS = 45_000;
const t = (id: string) => message("fr", id);

function cartButtonSaying(page: Page, lines: string): Locator {
  return page.getByRole("banner").getByRole("button", { name: `${t("cart.open")} ${lines}`, exact: true });
}

async function simpleProductInStock(): Promise<ProductSummary> {
  const found = (await allProducts("fr")).find(
    (product) => !product.isConfigurable && product.variantCount <= 1 && product.offer !== null && product.offer.stockQuantity >= 2 && product.offer.minimalOrderQuantity <= 1,
  );
  if (!found) throw new Error("the demo catalogue has no simple product in stock");
  return found;
}

test.describe("sign-in with the rest of the shop", () => {
  test("keeps the anonymous cart of a General public shopper who signs in", async ({ openPage }) => {
    const product = await simpleProductInStock();
    const account = await registerCustomer("fr", { firstName: "Paniers", lastName: "Gardés" });
    const page = await openPage(`/fr/produit/${product.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
    await page.getByRole("button", { name: t("product.addToCart"), exact: true }).click();
    const added = page.getByRole("dialog", { name: t("cart.modal.added") });
    await expect(added).toBeVisible();
    await added.getByRole("button", { name: t("cart.modal.continue"), exact: true }).click();
    await expect(added).toBeHidden();
    await expect(cartButtonSaying(page, "1 article")).toBeVisible();

    await page.getByRole("banner").getByRole("button", { name: t("layout.account") }).click();
    const dialog = page.getByRole("dialog", { name: t("layout.login.title") });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(t("auth.field.email"), { exact: true }).fill(account.email);
    await dialog.getByLabel(t("auth.field.password"), { exact: true }).fill(account.password);
    await dialog.getByRole("button", { name: t("auth.login.submit"), exact: true }).click();
    const welcome = page.getByRole("dialog", { name: `Bienvenue Paniers Gardés` });
    await expect(welcome).toBeVisible({ timeout: CAPTCHA_TIMEOUT_MS });
    await welcome.getByRole("button", { name: t("auth.welcome.continue") }).click();
    await expect(page.getByRole("banner").getByRole("link", { name: t("layout.account") })).toBeVisible();
    await expect(cartButtonSaying(page, "1 article")).toBeVisible();

    // The cart is now the customer's: a new visit with only the session finds it.
    await page.reload();
    await expect(cartButtonSaying(page, "1 article")).toBeVisible();
  });

  test("sends the contact form with the captcha answered by the widget", async ({ openPage }) => {
    const page = await openPage("/fr/contact");
    const main = page.getByRole("main");
    // Labels end with a required mark: matched from their start ("Nom" is not "Prénom").
    const field = (id: string) => main.getByLabel(new RegExp(`^${t(id)}`, "u"));
    await field("contact.firstName.label").fill("Anne");
    await field("contact.lastName.label").fill("Contact");
    await field("contact.email.label").fill("anne.contact@example.com");
    await field("contact.subject.label").selectOption("other");
    await field("contact.message.label").fill("Bonjour, une question sur les maquettes d'avion.");
    await main.getByRole("button", { name: t("contact.submit"), exact: true }).click();
    await expect(main.getByRole("heading", { name: t("contact.success.title") })).toBeVisible({ timeout: CAPTCHA_TIMEOUT_MS });
    await expect(main.getByRole("alert")).toHaveCount(0);
  });
});
