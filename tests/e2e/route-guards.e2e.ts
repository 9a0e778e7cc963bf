// The route tree's guards (SPEC §2 Guards): the checkout needs a cart with lines, then a customer;
// the account pages a signed-in customer; the employee programme's return points their query.
import { simpleProductWithStock } from "./support/catalogue.ts";
import { registerCustomer, signInBrowser } from "./support/customers.ts";
import { expect, test, type Page } from "./support/fixtures.ts";
import { message } from "./support/messages.ts";
import { atPath } from "./support/waits.ts";

/** Puts a product in the cart from its page, as a shopper does, and closes the confirmation. A
 *  signed-in shopper first sees the header say so (their stored session checked). */
async function addAProduct(page: Page, { signedIn = false } = {}): Promise<void> {
  const product = await simpleProductWithStock("fr", "in stock", (stock) => stock > 5);
  await page.goto(`/fr/produit/${product.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
  if (signedIn) await expect(page.getByRole("banner").getByRole("link", { name: message("fr", "layout.account"), exact: true })).toBeVisible();
  await page.getByRole("button", { name: message("fr", "product.addToCart"), exact: true }).click();
  const modal = page.getByRole("dialog").filter({ has: page.getByRole("button", { name: message("fr", "cart.modal.continue"), exact: true }) });
  await expect(modal).toBeVisible();
  await modal.getByRole("button", { name: message("fr", "cart.modal.continue"), exact: true }).click();
  await expect(modal).toBeHidden();
}

test.describe("route guards", () => {
  test("sends a visitor with an empty cart from the checkout to the cart page, in either language", async ({ openPage }) => {
    const page = await openPage("/fr/commande");
    await expect(page).toHaveURL(atPath("/fr/mon-panier"));
    await expect(page.getByRole("heading", { level: 1, name: message("fr", "cart.page.title") })).toBeVisible();

    await page.goto("/en/checkout/paiement");
    await expect(page).toHaveURL(atPath("/en/my-cart"));
    await expect(page.getByRole("heading", { level: 1, name: message("en", "cart.page.title") })).toBeVisible();
  });

  test("sends a guest with a cart from the checkout to its sign-in step", async ({ openPage }) => {
    const page = await openPage("/fr");
    await addAProduct(page);
    await page.goto("/fr/mon-panier");
    await page.getByRole("main").getByRole("link", { name: message("fr", "cart.passOrder"), exact: true }).click();
    await expect(page).toHaveURL(atPath("/fr/commande/connexion"));
    await expect(page.getByRole("heading", { level: 1, name: message("fr", "checkout.signIn.title") })).toBeVisible();

    await page.goto("/fr/commande/livraison");
    await expect(page).toHaveURL(atPath("/fr/commande/connexion"));
  });

  test("lets a signed-in customer with a cart into the shipping step", async ({ context, openPage }) => {
    const session = await registerCustomer();
    await signInBrowser(context, session.token);
    const page = await openPage("/fr");
    await addAProduct(page, { signedIn: true });
    await page.goto("/fr/commande");
    await expect(page).toHaveURL(atPath("/fr/commande/livraison"));
    await expect(page.getByRole("heading", { level: 1, name: message("fr", "checkout.shipping.title") })).toBeVisible();
  });

  test("keeps a signed-out visitor on the account page's address, inviting them to sign in instead of showing it", async ({ openPage }) => {
    const page = await openPage("/fr");
    await page.goto("/fr/mon-compte/commandes");
    await expect(page.getByText(message("fr", "account.signInInvitation"), { exact: true })).toBeVisible();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(page).toHaveURL(atPath("/fr/mon-compte/commandes"));
    await expect(page.getByRole("heading", { level: 2, name: message("fr", "account.orders.title") })).toBeHidden();
  });

  test("shows the account page the visitor asked for once they sign in from its invitation", async ({ openPage }) => {
    const { email, password, customer } = await registerCustomer("fr", { firstName: "Louise", lastName: "Garde" });
    const page = await openPage("/fr");
    await page.goto("/fr/mon-compte/commandes");
    const dialog = page.getByRole("dialog", { name: message("fr", "layout.login.title") });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(message("fr", "auth.field.email"), { exact: true }).fill(email);
    await dialog.getByLabel(message("fr", "auth.field.password"), { exact: true }).fill(password);
    await dialog.getByRole("button", { name: message("fr", "auth.login.submit"), exact: true }).click();
    // Solving the captcha's proof of work may take a few seconds on a slow machine.
    const welcome = page.getByRole("dialog", { name: message("fr", "auth.welcome.title").replace("{names}", `${customer.firstName} ${customer.lastName}`) });
    await expect(welcome).toBeVisible({ timeout: 45_000 });
    await welcome.getByRole("button", { name: message("fr", "auth.welcome.continue") }).click();
    await expect(welcome).toBeHidden();
    await expect(page.getByRole("heading", { level: 2, name: message("fr", "account.orders.title") })).toBeVisible();
    await expect(page).toHaveURL(atPath("/fr/mon-compte/commandes"));
  });

  test("sends the account's other-language slug to this language's, and an unknown account page to the 404", async ({ context, openPage }) => {
    const session = await registerCustomer();
    await signInBrowser(context, session.token);
    const page = await openPage("/fr/mon-compte/orders");
    await expect(page).toHaveURL(atPath("/fr/mon-compte/commandes"));
    await expect(page.getByRole("heading", { level: 2, name: message("fr", "account.orders.title") })).toBeVisible();

    await page.goto("/fr/mon-compte/nulle-part");
    await expect(page).toHaveURL(atPath("/fr/404"));
  });

  test("refuses the employee programme's pages to a visitor without what they need (401)", async ({ openPage }) => {
    const page = await openPage("/fr/habile-sign-in");
    await expect(page).toHaveURL(atPath("/fr/401"));
    await page.goto("/fr/empowerment-sign-in?context=budget");
    await expect(page).toHaveURL(atPath("/fr/401"));
    await page.goto("/en/configure-empowerment");
    await expect(page).toHaveURL(atPath("/en/401"));

    // A code this tab did not ask for (no state kept): refused without a server call, and said.
    await page.goto("/fr/habile-sign-in?code=abc123&state=forged");
    await expect(page.getByRole("heading", { level: 1, name: message("fr", "sso.failed.title") })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText(message("fr", "sso.error.state"));
  });
});
