// The route tree's guards (SPEC §2 Guards): the checkout needs a cart with lines, then a customer;
// the account pages a signed-in customer; the employee programme's return points their query.
import type { Page } from "playwright-core";
import { describe, it } from "vitest";
import { openPage } from "./support/browser.ts";
import { simpleProductWithStock } from "./support/catalogue.ts";
import { registerCustomer, signInBrowser } from "./support/customers.ts";
import { message } from "./support/messages.ts";
import { hidden, visible, waitForPath } from "./support/waits.ts";

/** Puts a product in the cart from its page, as a shopper does, and closes the confirmation. A
 *  signed-in shopper first sees the header say so (their stored session checked). */
async function addAProduct(page: Page, { signedIn = false } = {}): Promise<void> {
  const product = await simpleProductWithStock("fr", "in stock", (stock) => stock > 5);
  await page.goto(`/fr/produit/${product.slug}`);
  await visible(page.getByRole("heading", { level: 1, name: product.name }));
  if (signedIn) await visible(page.getByRole("banner").getByRole("link", { name: message("fr", "layout.account"), exact: true }));
  await page.getByRole("button", { name: message("fr", "product.addToCart"), exact: true }).click();
  const modal = await visible(page.getByRole("dialog").filter({ has: page.getByRole("button", { name: message("fr", "cart.modal.continue"), exact: true }) }));
  await modal.getByRole("button", { name: message("fr", "cart.modal.continue"), exact: true }).click();
  await hidden(modal);
}

describe("route guards", () => {
  it("sends a visitor with an empty cart from the checkout to the cart page, in either language", async () => {
    const page = await openPage("/fr/commande");
    await waitForPath(page, "/fr/mon-panier");
    await visible(page.getByRole("heading", { level: 1, name: message("fr", "cart.page.title") }));

    await page.goto("/en/checkout/paiement");
    await waitForPath(page, "/en/my-cart");
    await visible(page.getByRole("heading", { level: 1, name: message("en", "cart.page.title") }));
  });

  it("sends a guest with a cart from the checkout to its sign-in step", async () => {
    const page = await openPage("/fr");
    await addAProduct(page);
    await page.goto("/fr/mon-panier");
    await page.getByRole("main").getByRole("link", { name: message("fr", "cart.passOrder"), exact: true }).click();
    await waitForPath(page, "/fr/commande/connexion");
    await visible(page.getByRole("heading", { level: 1, name: message("fr", "checkout.coming.checkoutSignIn") }));

    await page.goto("/fr/commande/livraison");
    await waitForPath(page, "/fr/commande/connexion");
  });

  it("lets a signed-in customer with a cart into the shipping step", async () => {
    const session = await registerCustomer();
    await signInBrowser(session.token);
    const page = await openPage("/fr");
    await addAProduct(page, { signedIn: true });
    await page.goto("/fr/commande");
    await waitForPath(page, "/fr/commande/livraison");
    await visible(page.getByRole("heading", { level: 1, name: message("fr", "checkout.coming.checkoutShipping") }));
    await visible(page.getByText(message("fr", "checkout.coming.text"), { exact: true }));
  });

  it("keeps a signed-out visitor on the account page's address, inviting them to sign in instead of showing it", async () => {
    const page = await openPage("/fr");
    await page.goto("/fr/mon-compte/commandes");
    await visible(page.getByText(message("fr", "account.signInInvitation"), { exact: true }));
    await visible(page.getByRole("dialog"));
    await waitForPath(page, "/fr/mon-compte/commandes");
    await hidden(page.getByRole("heading", { level: 2, name: message("fr", "account.orders.title") }));
  });

  it("shows the account page the visitor asked for once they sign in from its invitation", async () => {
    const { email, password, customer } = await registerCustomer("fr", { firstName: "Louise", lastName: "Garde" });
    const page = await openPage("/fr");
    await page.goto("/fr/mon-compte/commandes");
    const dialog = await visible(page.getByRole("dialog", { name: message("fr", "layout.login.title") }));
    await dialog.getByLabel(message("fr", "auth.field.email"), { exact: true }).fill(email);
    await dialog.getByLabel(message("fr", "auth.field.password"), { exact: true }).fill(password);
    await dialog.getByRole("button", { name: message("fr", "auth.login.submit"), exact: true }).click();
    // Solving the captcha's proof of work may take a few seconds on a slow machine.
    const welcome = await visible(
      page.getByRole("dialog", { name: message("fr", "auth.welcome.title").replace("{names}", `${customer.firstName} ${customer.lastName}`) }),
      45_000,
    );
    await welcome.getByRole("button", { name: message("fr", "auth.welcome.continue") }).click();
    await hidden(welcome);
    await visible(page.getByRole("heading", { level: 2, name: message("fr", "account.orders.title") }));
    await waitForPath(page, "/fr/mon-compte/commandes");
  });

  it("sends the account's other-language slug to this language's, and an unknown account page to the 404", async () => {
    const session = await registerCustomer();
    await signInBrowser(session.token);
    const page = await openPage("/fr/mon-compte/orders");
    await waitForPath(page, "/fr/mon-compte/commandes");
    await visible(page.getByRole("heading", { level: 2, name: message("fr", "account.orders.title") }));

    await page.goto("/fr/mon-compte/nulle-part");
    await waitForPath(page, "/fr/404");
  });

  it("refuses the employee programme's pages to a visitor without what they need (401)", async () => {
    const page = await openPage("/fr/habile-sign-in");
    await waitForPath(page, "/fr/401");
    await page.goto("/fr/empowerment-sign-in?context=budget");
    await waitForPath(page, "/fr/401");
    await page.goto("/en/configure-empowerment");
    await waitForPath(page, "/en/401");

    await page.goto("/fr/habile-sign-in?code=abc123");
    await visible(page.getByRole("heading", { level: 1, name: message("fr", "checkout.coming.habileSignIn") }));
  });
});
