// Where the keyboard focus goes when a view changes under it: never to <body>. The code view takes
// it in its first box; a cart stepper keeps it while the cart updates; a dialog closed with Escape
// gives it back to what opened it, even when that lost it while a request ran.
import { data, storefrontApi } from "./support/api.ts";
import { allProducts, type ProductSummary } from "./support/catalogue.ts";
import { captchaAnswer, freshCustomerEmail, TEST_PASSWORD } from "./support/customers.ts";
import { expect, test, type Page } from "./support/fixtures.ts";
import { message } from "./support/messages.ts";

/** Solving the captcha's proof of work in the browser may take a few seconds on a slow machine. */
const CAPTCHA_TIMEOUT_MS = 45_000;

let product: ProductSummary;

test.beforeAll(async () => {
  const found = (await allProducts("fr")).find(
    (item) => !item.isConfigurable && item.variantCount <= 1 && item.offer !== null && item.offer.stockQuantity >= 5 && item.offer.minimalOrderQuantity <= 1,
  );
  if (!found) throw new Error("the demo catalogue has no simple product with 5 in stock");
  product = found;
});

/** What has the focus: its accessible name, as a test can compare it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "<body>";
    return element.getAttribute("aria-label") ?? element.getAttribute("name") ?? element.textContent?.trim() ?? element.tagName;
  });

async function account(twoFactor: boolean) {
  const api = await storefrontApi("fr");
  const email = freshCustomerEmail("focus");
  await data(
    api.POST("/customers/register", {
      body: { email, firstName: "Flore", lastName: "Focus", password: TEST_PASSWORD, twoFactorAuthenticationEnabled: twoFactor, newsLetterSubscribed: false, recaptchaData: await captchaAnswer() },
    }),
  );
  return email;
}

async function signInFromHeader(page: Page, email: string) {
  const accountButton = page.getByRole("banner").getByRole("button", { name: message("fr", "layout.account") });
  await accountButton.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: message("fr", "layout.login.title") });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(message("fr", "auth.field.email"), { exact: true }).fill(email);
  await dialog.getByLabel(message("fr", "auth.field.password"), { exact: true }).fill(TEST_PASSWORD);
  await dialog.getByRole("button", { name: message("fr", "auth.login.submit"), exact: true }).press("Enter");
  return dialog;
}

test.describe("keyboard focus", () => {
  test("goes to the first box of the code view after the sign-in form is sent", async ({ openPage }) => {
    const page = await openPage("/fr");
    const dialog = await signInFromHeader(page, await account(true));
    await expect(dialog.getByRole("heading", { name: message("fr", "auth.code.title") })).toBeVisible({ timeout: CAPTCHA_TIMEOUT_MS });
    const firstBox = dialog.getByRole("group", { name: message("fr", "auth.code.label") }).getByRole("textbox").first();
    await expect(firstBox).toBeFocused();
  });

  test("comes back to the account button when the welcome dialog is closed with Escape", async ({ openPage }) => {
    const page = await openPage("/fr");
    await signInFromHeader(page, await account(false));
    const welcome = page.getByRole("dialog", { name: /Flore Focus/u });
    await expect(welcome).toBeVisible({ timeout: CAPTCHA_TIMEOUT_MS });
    await page.keyboard.press("Escape");
    await expect(welcome).toBeHidden();
    await expect.poll(() => focused(page)).toBe(message("fr", "layout.account"));
  });

  test("stays on the cart sidebar's + and − buttons while the cart updates", async ({ openPage }) => {
    const page = await openPage(`/fr/produit/${product.slug}`);
    await page.getByRole("button", { name: message("fr", "product.addToCart"), exact: true }).click();
    const added = page.getByRole("dialog", { name: message("fr", "cart.modal.added") });
    await expect(added).toBeVisible();
    await added.getByRole("button", { name: message("fr", "cart.modal.continue"), exact: true }).click();
    await expect(added).toBeHidden();
    await page.getByRole("banner").getByRole("button", { name: new RegExp(`^${message("fr", "cart.open")}\\b`, "u") }).click();
    const sidebar = page.getByRole("dialog", { name: message("fr", "cart.title") });
    await expect(sidebar).toBeVisible();
    const increase = sidebar.getByRole("button", { name: message("fr", "cart.line.increase"), exact: true });
    await increase.focus();
    await page.keyboard.press("Enter");
    await expect(sidebar.locator("output").getByText("2", { exact: true })).toBeVisible();
    await expect.poll(() => focused(page)).toBe(message("fr", "cart.line.increase"));
    const decrease = sidebar.getByRole("button", { name: message("fr", "cart.line.decrease"), exact: true });
    await decrease.focus();
    await page.keyboard.press("Enter");
    await expect(sidebar.locator("output").getByText("1", { exact: true })).toBeVisible();
    await expect.poll(() => focused(page)).toBe(message("fr", "cart.line.decrease"));
  });

  test("comes back to the add button when the added-product dialog is closed with Escape", async ({ openPage }) => {
    const page = await openPage(`/fr/produit/${product.slug}`);
    const add = page.getByRole("button", { name: message("fr", "product.addToCart"), exact: true });
    await add.focus();
    await page.keyboard.press("Enter");
    const added = page.getByRole("dialog", { name: message("fr", "cart.modal.added") });
    await expect(added).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(added).toBeHidden();
    await expect.poll(() => focused(page)).toBe(message("fr", "product.addToCart"));
  });
});
