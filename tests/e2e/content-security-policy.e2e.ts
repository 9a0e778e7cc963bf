// Every kind of page of the shop under its Content-Security-Policy: nothing it loads is refused.
// (Every other e2e test fails on a violation too: see the `pageChecks` fixture in
// support/fixtures.ts.) Here each page type is visited on purpose, with what it loads at its
// heaviest: the gallery's video, the captcha solved in its worker when signing in, the account
// pages of a signed-in customer.
import { allProducts, largestTopCategory, searchWordOf, type ProductSummary } from "./support/catalogue.ts";
import { freshCustomerEmail, registerCustomer, signInBrowser, TEST_PASSWORD } from "./support/customers.ts";
import { expect, test, type Page, type PageChecks } from "./support/fixtures.ts";
import { message } from "./support/messages.ts";

/** Solving the captcha's proof of work in the browser may take a few seconds on a slow machine. */
const CAPTCHA_TIMEOUT_MS = 30_000;

let categoryPath: string;
let product: ProductSummary;

test.beforeAll(async () => {
  categoryPath = (await largestTopCategory("fr")).node.path;
  const products = await allProducts("fr");
  const found = products.find((item) => item.offer !== null);
  if (!found) throw new Error("the demo catalogue has no product to show");
  product = found;
});

/** The page's main content is shown, and the policy refused nothing on the way. */
async function expectShownWithoutViolation(page: Page, pageChecks: PageChecks) {
  await expect(page.getByRole("main")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(pageChecks.policyViolations()).toEqual([]);
}

test.describe("Content-Security-Policy", () => {
  test("lets the browsing pages load all they need, in both languages", async ({ openPage, pageChecks }) => {
    for (const path of [
      "/fr",
      "/en",
      `/fr/categorie/${categoryPath}`,
      `/fr/produit/${product.slug}`,
      `/fr/recherche?searchTerm=${encodeURIComponent(searchWordOf(product.name))}`,
      "/fr/mon-panier",
      "/en/my-cart",
      "/fr/commande",
      "/fr/404",
      "/fr/401",
    ]) {
      await expectShownWithoutViolation(await openPage(path), pageChecks);
    }
  });

  test("lets the information pages, the contact form and the cookie settings load", async ({ openPage, pageChecks }) => {
    for (const path of [
      "/fr/contact",
      "/fr/mentions-legales",
      "/fr/conditions-generales-de-vente",
      "/fr/faq",
      "/fr/gestion-des-cookies",
      "/fr/politique-de-protection-des-donnees-personnelles",
      "/fr/livraison",
      "/fr/echange-retour",
      "/en/blog",
      "/fr/reinitialisation-mot-de-passe?token=abc",
    ]) {
      await expectShownWithoutViolation(await openPage(path), pageChecks);
    }
  });

  test("plays the gallery's video", async ({ openPage, pageChecks }) => {
    const withVideo = (await allProducts("fr")).find((item) => item.slug.includes("acajou") || item.slug.includes("mahogany"));
    const page = await openPage(`/fr/produit/${withVideo?.slug ?? product.slug}`);
    await expectShownWithoutViolation(page, pageChecks);
  });

  test("solves the captcha in its worker and signs in", async ({ openPage, pageChecks }) => {
    const email = freshCustomerEmail("csp");
    const page = await openPage("/fr");
    await page.getByRole("banner").getByRole("button", { name: message("fr", "layout.account") }).click();
    const dialog = page.getByRole("dialog", { name: message("fr", "layout.login.title") });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(message("fr", "auth.field.email"), { exact: true }).fill(email);
    await dialog.getByLabel(message("fr", "auth.field.password"), { exact: true }).fill(TEST_PASSWORD);
    await dialog.getByRole("button", { name: message("fr", "auth.login.submit"), exact: true }).click();
    // An unknown account: the answer comes once the captcha was solved and the sign-in sent.
    await expect(page.getByText(message("fr", "errors.login.unauthorized")).first()).toBeVisible({ timeout: CAPTCHA_TIMEOUT_MS });
    expect(pageChecks.policyViolations()).toEqual([]);
  });

  test("lets a signed-in customer's account pages load", async ({ context, openPage, pageChecks }) => {
    const { token } = await registerCustomer("fr");
    await signInBrowser(context, token);
    for (const path of ["/fr/mon-compte/profil", "/fr/mon-compte/adresses", "/en/my-account/orders"]) {
      await expectShownWithoutViolation(await openPage(path), pageChecks);
    }
  });
});
