// The road from the cart to the payment step (SPEC §2 checkout routes and modals, §4 Checkout and
// Address): the checkout's sign-in in the page (with a two-factor account too), the shipping step
// with the customer's saved addresses, a new address, the billing address from the address list
// modal, the shipment methods with the total that follows, and on to the payment page; a session
// that ends on the step. French and English, desktop and phone; axe on each step and modal.
import type { Locator, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { data, normaliseSpaces, shownPrice, storefrontApi, type Lang } from "./support/api.ts";
import { simpleProductWithStock } from "./support/catalogue.ts";
import { captchaAnswer, freshCustomerEmail, registerCustomer, signInBrowser, TEST_PASSWORD, type SignedInCustomer } from "./support/customers.ts";
import { expect, test } from "./support/fixtures.ts";
import { lastMailId, waitForSignInCode } from "./support/mailbox.ts";
import { message } from "./support/messages.ts";
import { DESKTOP, MOBILE } from "./support/screens.ts";
import { atPath } from "./support/waits.ts";

/** Solving the captcha's proof of work may take a few seconds on a slow machine. */
const CAPTCHA_TIMEOUT_MS = 45_000;

const HOME = {
  name: "Maison",
  company: null,
  firstName: "Camille",
  lastName: "Martin",
  street: "12 rue de la République",
  city: "Lyon",
  postCode: "69002",
  country: "FR",
  phone: "+33612345678",
};
const OFFICE = { ...HOME, name: "Bureau", company: "Escale Conseil", street: "8 avenue de l'Opéra", city: "Paris", postCode: "75001" };

const PATHS = {
  fr: { checkout: "/fr/commande", signIn: "/fr/commande/connexion", shipping: "/fr/commande/livraison", payment: "/fr/commande/paiement", product: "/fr/produit" },
  en: { checkout: "/en/checkout", signIn: "/en/checkout/connexion", shipping: "/en/checkout/livraison", payment: "/en/checkout/paiement", product: "/en/product" },
} as const;

/** A registered customer with two saved addresses: Maison (default shipping and billing) and Bureau (a company's). */
async function customerWithAddresses(lang: Lang): Promise<SignedInCustomer> {
  const session = await registerCustomer(lang, { firstName: "Camille", lastName: "Martin" });
  const api = await storefrontApi(lang);
  const header = { "X-Customer-Authorization": `Bearer ${session.token}` };
  await data(api.POST("/customers/address", { params: { header, query: { defaultShipping: true, defaultBilling: true } }, body: HOME }));
  await data(api.POST("/customers/address", { params: { header, query: { defaultShipping: false, defaultBilling: false } }, body: OFFICE }));
  return session;
}

/** Puts a product in the cart from its page, as a shopper does, and closes the confirmation. */
async function addAProduct(page: Page, lang: Lang, { signedIn = false } = {}): Promise<void> {
  const product = await simpleProductWithStock(lang, "in stock", (stock) => stock > 5);
  await page.goto(`${PATHS[lang].product}/${product.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
  // The header's account link on a wide screen, the bottom bar's on a phone.
  if (signedIn) await expect(page.getByRole("link", { name: message(lang, "layout.account"), exact: true }).filter({ visible: true }).first()).toBeVisible();
  await page.getByRole("button", { name: message(lang, "product.addToCart"), exact: true }).click();
  const modal = page.getByRole("dialog").filter({ has: page.getByRole("button", { name: message(lang, "cart.modal.continue"), exact: true }) });
  await expect(modal).toBeVisible();
  await modal.getByRole("button", { name: message(lang, "cart.modal.continue"), exact: true }).click();
  await expect(modal).toBeHidden();
}

function section(page: Page, lang: Lang, titleId: string): Locator {
  return page.getByRole("region", { name: message(lang, titleId), exact: true });
}

function summary(page: Page, lang: Lang): Locator {
  return page.getByRole("complementary", { name: message(lang, "checkout.summary.title"), exact: true });
}

/** The total the summary shows now, in cents. */
async function shownTotal(page: Page, lang: Lang): Promise<string> {
  const row = summary(page, lang).locator(".cart-totals__row--total dd");
  return normaliseSpaces(await row.innerText());
}

for (const [lang, viewport] of [["fr", DESKTOP], ["en", MOBILE]] as const) {
  test.describe(`checkout shipping step (${lang}, ${viewport.width} px)`, () => {
    test("takes the saved addresses, a method and the billing address chosen in the list, then goes on to payment", async ({ context, openPage }) => {
      const session = await customerWithAddresses(lang);
      await signInBrowser(context, session.token);
      const page = await openPage(`/${lang}`, { viewport });
      await addAProduct(page, lang, { signedIn: true });
      await page.goto(PATHS[lang].checkout);
      await expect(page).toHaveURL(atPath(PATHS[lang].shipping));
      await expect(page.getByRole("heading", { level: 1, name: message(lang, "checkout.shipping.title") })).toBeVisible();

      // The default shipping and billing addresses are chosen on arrival.
      const delivery = section(page, lang, "checkout.shipping.delivery");
      await expect(delivery.getByRole("radio", { name: /Maison/ })).toBeChecked();
      const billing = section(page, lang, "checkout.billing.title");
      await expect(billing.getByText("Maison", { exact: true })).toBeVisible();

      // The methods that serve Lyon for this cart, with their prices; nothing chosen yet.
      const methods = section(page, lang, "checkout.methods.title");
      const api = await storefrontApi(lang);
      const header = { "X-Customer-Authorization": `Bearer ${session.token}` };
      const offered = await data(api.GET("/shopping-cart/shipment-methods", { params: { header } }));
      expect(offered.length).toBeGreaterThan(1);
      await expect(methods.getByRole("radio")).toHaveCount(offered.length);
      const continueButton = summary(page, lang).getByRole("button", { name: message(lang, "checkout.shipping.continue"), exact: true });
      await expect(continueButton).toBeDisabled();
      await expect(summary(page, lang).getByText(message(lang, "checkout.summary.shippingLater"), { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      // Choosing a method that costs something: the shipping price shows and the total moves by it.
      const before = await shownTotal(page, lang);
      const cheapest = offered.find((method) => method.price.taxIncluded > 0);
      if (!cheapest) throw new Error("no paid shipment method offered");
      await methods.getByRole("radio", { name: new RegExp(cheapest.name) }).click();
      await expect(methods.getByRole("radio", { name: new RegExp(cheapest.name) })).toBeChecked();
      const cart = await data(api.GET("/shopping-cart", { params: { header } }));
      if (!cart) throw new Error("the customer has no cart");
      expect(cart.shipments[0]?.shipmentMethod?.id).toBe(cheapest.id);
      await expect.poll(() => shownTotal(page, lang)).toBe(normaliseSpaces(shownPrice((cart.specialPrice ?? cart.totalPrice).taxIncluded, lang)));
      expect(await shownTotal(page, lang)).not.toBe(before);
      await expect(summary(page, lang).getByText(normaliseSpaces(shownPrice(cheapest.price.taxIncluded, lang)), { exact: true })).toBeVisible();
      await expect(continueButton).toBeEnabled();

      // Delivering to the office: a company's address is offered the business method; the choice of method starts again.
      await delivery.getByRole("radio", { name: /Bureau/ }).click();
      await expect(delivery.getByRole("radio", { name: /Bureau/ })).toBeChecked();
      await expect(continueButton).toBeDisabled();
      await expect(methods.getByRole("radio", { name: /B2B|entreprise|business/i }).first()).toBeVisible();

      // The billing address from the list modal: choose, Confirm, the modal closes.
      await billing.getByRole("button", { name: message(lang, "checkout.billing.change"), exact: true }).click();
      const list = page.getByRole("dialog", { name: message(lang, "checkout.billing.listTitle"), exact: true });
      await expect(list).toBeVisible();
      // Checked once it has finished coming in (its opening animation fades it).
      await list.evaluate((dialog) => Promise.all(dialog.getAnimations({ subtree: true }).map((animation) => animation.finished)));
      await expectNoSeriousA11yViolations(page);
      await list.getByRole("radio", { name: /Bureau/ }).check();
      await list.getByRole("button", { name: message(lang, "checkout.billing.confirm"), exact: true }).click();
      await expect(list).toBeHidden();
      await expect(billing.getByText("Bureau", { exact: true })).toBeVisible();
      expect((await data(api.GET("/shopping-cart", { params: { header } })))?.billingAddress).toEqual({ name: "Bureau" });

      await methods.getByRole("radio").first().click();
      await expect(continueButton).toBeEnabled();
      await continueButton.click();
      await expect(page).toHaveURL(atPath(PATHS[lang].payment));
    });

    test("adds a new address from the step and delivers there", async ({ context, openPage }) => {
      const session = await registerCustomer(lang, { firstName: "Jules", lastName: "Neuf" });
      await signInBrowser(context, session.token);
      const page = await openPage(`/${lang}`, { viewport });
      await addAProduct(page, lang, { signedIn: true });
      await page.goto(PATHS[lang].shipping);
      const delivery = section(page, lang, "checkout.shipping.delivery");
      await expect(delivery.getByText(message(lang, "checkout.shipping.noAddress"), { exact: true })).toBeVisible();
      await expect(section(page, lang, "checkout.methods.title").getByText(message(lang, "checkout.methods.needAddress"), { exact: true })).toBeVisible();
      await delivery.getByRole("button", { name: message(lang, "checkout.shipping.addAddress"), exact: true }).click();
      const dialog = page.getByRole("dialog", { name: message(lang, "addressModal.addTitle"), exact: true });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("textbox", { name: message(lang, "addressForm.firstName.label"), exact: true }).fill("Jules");
      await dialog.getByRole("textbox", { name: message(lang, "addressForm.lastName.label"), exact: true }).fill("Neuf");
      await dialog.getByRole("textbox", { name: message(lang, "addressForm.street.label"), exact: true }).fill("3 quai des Chartrons");
      await dialog.getByRole("textbox", { name: message(lang, "addressForm.postCode.label"), exact: true }).fill("33000");
      await dialog.getByRole("textbox", { name: message(lang, "addressForm.city.label"), exact: true }).fill("Bordeaux");
      await dialog.getByRole("textbox", { name: message(lang, "addressForm.phone.label"), exact: true }).fill("0556000000");
      await dialog.getByLabel(message(lang, "addressForm.name.label"), { exact: false }).fill("Chartrons");
      await dialog.getByRole("button", { name: message(lang, "addressForm.submit"), exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(delivery.getByRole("radio", { name: /Chartrons/ })).toBeChecked();
      await expect(section(page, lang, "checkout.methods.title").getByRole("radio").first()).toBeVisible();
    });
  });
}

test.describe("checkout shipping step, the session ended meanwhile", () => {
  test("a billing address refused as unauthorized (401) shows the checkout's sign-in, and signing in again comes back to the step (French)", async ({ context, openPage }) => {
    const lang = "fr";
    const session = await customerWithAddresses(lang);
    await signInBrowser(context, session.token);
    const page = await openPage(`/${lang}`);
    await addAProduct(page, lang, { signedIn: true });
    await page.goto(PATHS[lang].shipping);
    const billing = section(page, lang, "checkout.billing.title");
    await expect(billing.getByText("Maison", { exact: true })).toBeVisible();
    await expect(section(page, lang, "checkout.methods.title").getByRole("radio").first()).toBeEnabled();

    // Signed out in another tab: the server ends the session the page still holds.
    const api = await storefrontApi(lang);
    const { response } = await api.POST("/customers/sign-out", { params: { header: { "X-Customer-Authorization": `Bearer ${session.token}` } } });
    expect(response.status).toBe(204);
    await billing.getByRole("button", { name: message(lang, "checkout.billing.change"), exact: true }).click();
    const list = page.getByRole("dialog", { name: message(lang, "checkout.billing.listTitle"), exact: true });
    await list.getByRole("radio", { name: /Bureau/ }).check();
    await list.getByRole("button", { name: message(lang, "checkout.billing.confirm"), exact: true }).click();

    // The shopper is a guest now: the checkout's sign-in in the step's place (not a page left loading), with why.
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: message(lang, "checkout.signIn.title") })).toBeVisible();
    await expect(page).toHaveURL(atPath(PATHS[lang].shipping));
    const notices = page.getByRole("region", { name: message(lang, "notifications.label") });
    await expect(notices.getByRole("alert").getByText(message(lang, "errors.cartAdresse.unauthorized"), { exact: true })).toBeVisible();
    await expect(main.getByLabel(message(lang, "auth.field.email"), { exact: true })).toBeVisible();
    await expect(main.getByText(message(lang, "checkout.loading"), { exact: true })).toHaveCount(0);

    await main.getByLabel(message(lang, "auth.field.email"), { exact: true }).fill(session.email);
    await main.getByLabel(message(lang, "auth.field.password"), { exact: true }).fill(TEST_PASSWORD);
    await main.getByRole("button", { name: message(lang, "auth.login.submit"), exact: true }).click();
    await expect(main.getByRole("heading", { level: 1, name: message(lang, "checkout.shipping.title") })).toBeVisible({ timeout: CAPTCHA_TIMEOUT_MS });
    await expect(page).toHaveURL(atPath(PATHS[lang].shipping));
    // The customer's cart as the server kept it: delivered and billed to Maison (the refused choice was not made).
    await expect(section(page, lang, "checkout.shipping.delivery").getByRole("radio", { name: /Maison/ })).toBeChecked();
    await expect(billing.getByText("Maison", { exact: true })).toBeVisible();
  });
});

test.describe("checkout sign-in step", () => {
  test.use({ viewport: MOBILE });

  test("signs a guest in on the page and goes on to the shipping step (English, phone)", async ({ openPage }) => {
    const session = await registerCustomer("en", { firstName: "Ada", lastName: "Guest" });
    const page = await openPage("/en");
    await addAProduct(page, "en");
    await page.goto(PATHS.en.checkout);
    await expect(page).toHaveURL(atPath(PATHS.en.signIn));
    await expect(page.getByRole("heading", { level: 1, name: message("en", "checkout.signIn.title") })).toBeVisible();
    await expect(page.getByRole("tab", { name: message("en", "layout.login.tab.personal") })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const main = page.getByRole("main");
    await main.getByLabel(message("en", "auth.field.email"), { exact: true }).fill(session.email);
    await main.getByLabel(message("en", "auth.field.password"), { exact: true }).fill(TEST_PASSWORD);
    await main.getByRole("button", { name: message("en", "auth.login.submit"), exact: true }).click();
    await expect(page).toHaveURL(atPath(PATHS.en.shipping), { timeout: CAPTCHA_TIMEOUT_MS });
    await expect(page.getByRole("heading", { level: 1, name: message("en", "checkout.shipping.title") })).toBeVisible();
    // The cart followed the sign-in.
    await expect(summary(page, "en").getByText(/1 item/)).toBeVisible();
  });

  test("signs in a two-factor account with the e-mailed code on the page (French)", async ({ openPage }) => {
    const api = await storefrontApi("fr");
    const email = freshCustomerEmail("checkout-code");
    await data(
      api.POST("/customers/register", {
        body: { email, firstName: "Aline", lastName: "Codeuse", password: TEST_PASSWORD, twoFactorAuthenticationEnabled: true, newsLetterSubscribed: false, recaptchaData: await captchaAnswer() },
      }),
    );
    const page = await openPage("/fr");
    await addAProduct(page, "fr");
    await page.goto(PATHS.fr.checkout);
    await expect(page).toHaveURL(atPath(PATHS.fr.signIn));
    const main = page.getByRole("main");
    const before = await lastMailId();
    await main.getByLabel(message("fr", "auth.field.email"), { exact: true }).fill(email);
    await main.getByLabel(message("fr", "auth.field.password"), { exact: true }).fill(TEST_PASSWORD);
    await main.getByRole("button", { name: message("fr", "auth.login.submit"), exact: true }).click();
    await expect(main.getByRole("heading", { name: message("fr", "auth.code.title") })).toBeVisible({ timeout: CAPTCHA_TIMEOUT_MS });
    const code = await waitForSignInCode(email, before);
    const boxes = main.getByRole("group", { name: message("fr", "auth.code.label") }).getByRole("textbox");
    await boxes.first().focus();
    for (const digit of code) await page.keyboard.type(digit);
    await main.getByRole("button", { name: message("fr", "auth.code.submit"), exact: true }).click();
    await expect(page).toHaveURL(atPath(PATHS.fr.shipping));
    await expect(page.getByRole("heading", { level: 1, name: message("fr", "checkout.shipping.title") })).toBeVisible();
  });
});
