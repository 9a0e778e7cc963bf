// Card payment through the embedded payment sandbox (SPEC §2 payment, return, result, retry and
// thank-you pages): a purchase from the cart to the thank-you page delivered to an address, one
// delivered to a relay point with a 3-D Secure challenge passed, a refused payment retried and paid,
// a failed challenge, an abandoned payment, and a reload of the return page that hands nothing over
// twice. The sandbox's issuer pages stand in for the bank: Adyen's test cards, typed there. French on
// a desktop, English on a phone; axe on every page of the flow.
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { data, storefrontApi, type Lang } from "./support/api.ts";
import { simpleProductWithStock } from "./support/catalogue.ts";
import { registerCustomer, signInBrowser, type SignedInCustomer } from "./support/customers.ts";
import { expect, test } from "./support/fixtures.ts";
import { message } from "./support/messages.ts";
import { DESKTOP, MOBILE } from "./support/screens.ts";
import { atPath } from "./support/waits.ts";

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

/** Adyen's test cards, as the sandbox knows them (README: the payment sandbox). */
const CARDS = {
  plain: { number: "4111 1111 4555 1142", cvc: "737" },
  threeDSecure: { number: "4917 6100 0000 0000", cvc: "737" },
};
const CHALLENGE_PASSWORD = "password";
/** A holder name that makes the sandbox, as Adyen's test platform, refuse the payment. */
const DECLINED_HOLDER = "DECLINED";
/** A month well ahead. */
const EXPIRY = "03/30";

const PATHS = {
  fr: { cart: "/fr/mon-panier", shipping: "/fr/commande/livraison", payment: "/fr/commande/paiement", thankYou: /^\/fr\/commande\/merci\/[A-Za-z0-9-]+$/, retry: /^\/fr\/commande\/paiement\/attente\/[0-9a-f-]+$/ },
  en: { cart: "/en/my-cart", shipping: "/en/checkout/livraison", payment: "/en/checkout/paiement", thankYou: /^\/en\/checkout\/merci\/[A-Za-z0-9-]+$/, retry: /^\/en\/checkout\/paiement\/attente\/[0-9a-f-]+$/ },
} as const;

interface Shopper {
  session: SignedInCustomer;
  header: { "X-Customer-Authorization": string };
}

/** A new customer with a saved address (default shipping and billing) and a product in the cart. */
async function shopperWithACart(lang: Lang): Promise<Shopper> {
  const session = await registerCustomer(lang, { firstName: "Camille", lastName: "Martin" });
  const api = await storefrontApi(lang);
  const header = { "X-Customer-Authorization": `Bearer ${session.token}` };
  await data(api.POST("/customers/address", { params: { header, query: { defaultShipping: true, defaultBilling: true } }, body: HOME }));
  const product = await simpleProductWithStock(lang, "in stock", (stock) => stock > 5);
  const offerId = product.offer?.id;
  if (!offerId) throw new Error(`${product.slug} has no offer`);
  await data(api.PUT("/shopping-cart/set-offer-quantity", { params: { header }, body: { offerId, quantity: 1 } }));
  return { session, header };
}

/** The cart made ready to pay through the API: delivery (the saved address or a relay point), billing, the first method. */
async function readyToPay(lang: Lang, { header }: Shopper, delivery: "address" | "relay"): Promise<void> {
  const api = await storefrontApi(lang);
  const cart = await data(api.GET("/shopping-cart", { params: { header } }));
  if (!cart) throw new Error("the customer has no cart");
  const shoppingCartId = cart.uuid;
  if (delivery === "address") {
    await data(api.PUT("/shopping-cart/shipping-address", { params: { header, query: { shoppingCartId } }, body: HOME }));
  } else {
    const shippingDate = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const relays = await data(
      api.POST("/colissimo/relays", { body: { address: HOME.street, countryCode: "FR", zipCode: HOME.postCode, city: HOME.city, weight: 1000, shippingDate } }),
    );
    const relay = relays.listePointRetraitAcheminement.find((point) => point.typeDePoint === "A2P");
    if (!relay) throw new Error("no relay point near Lyon");
    const address = { ...HOME, name: undefined, company: relay.name.slice(0, 50), street: relay.street, city: relay.city, postCode: relay.postCode, country: "FR" };
    await data(api.PUT("/shopping-cart/shipping-address", { params: { header, query: { shoppingCartId, relayPointId: relay.id } }, body: address }));
  }
  await data(api.PUT("/shopping-cart/billing-address", { params: { header, query: { shoppingCartId } }, body: { billingAddressName: HOME.name } }));
  const methods = await data(api.GET("/shopping-cart/shipment-methods", { params: { header } }));
  const first = methods[0];
  if (!first) throw new Error("no shipment method offered");
  await data(api.PUT("/shopping-cart/shipment-methods", { params: { header, query: { shoppingCartId } }, body: { shipmentMethodIds: [first.id] } }));
}

function paymentRegion(page: Page, lang: Lang) {
  return page.getByRole("region", { name: message(lang, "payment.method"), exact: true });
}

/** On the payment step: the consent given in the step (the test's visitor refused all at first), then the sandbox's method. */
async function startPaying(page: Page, lang: Lang, { giveConsent = true } = {}): Promise<void> {
  await expect(page.getByRole("heading", { level: 1, name: message(lang, "payment.title"), exact: true })).toBeVisible();
  const region = paymentRegion(page, lang);
  if (giveConsent) {
    await expect(region.getByText(message(lang, "payment.consent.text"))).toBeVisible();
    await region.getByRole("button", { name: message(lang, "payment.consent.allow"), exact: true }).click();
  }
  const pay = region.getByRole("button", { name: new RegExp(`^${message(lang, "payment.dropin.continueTo")}`) });
  await expect(pay).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await pay.click();
}

/** On the sandbox's card page: a test card typed in, then Pay. */
async function payOnIssuerPage(page: Page, card: { number: string; cvc: string }, holderName = ""): Promise<void> {
  await expect(page).toHaveURL(atPath(/^\/payment-sandbox\/pay\//));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel(/Numéro de carte|Card number/).fill(card.number);
  await page.getByLabel(/Date d'expiration|Expiry date/).fill(EXPIRY);
  await page.getByLabel(/Cryptogramme|Security code/).fill(card.cvc);
  if (holderName) await page.getByLabel(/Nom du titulaire|Name on card/).fill(holderName);
  await page.getByRole("button", { name: /^(Payer|Pay) / }).click();
}

/** On the sandbox's 3-D Secure page: the password typed in, then Confirm. */
async function answerChallenge(page: Page, password: string): Promise<void> {
  await expect(page).toHaveURL(atPath(/^\/payment-sandbox\/challenge\//));
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel(/Mot de passe|Password/).fill(password);
  await page.getByRole("button", { name: /^(Confirmer|Confirm)$/ }).click();
}

/** The thank-you page of a paid order: its reference, what was bought and where it goes; the cart is gone. */
async function expectThankYou(page: Page, lang: Lang, { header }: Shopper): Promise<string> {
  await expect(page).toHaveURL(atPath(PATHS[lang].thankYou));
  await expect(page.getByRole("heading", { level: 1, name: message(lang, "payment.thankYou.title"), exact: true })).toBeVisible();
  const reference = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1) ?? "");
  await expect(page.getByText(message(lang, "payment.thankYou.reference").replace("{reference}", reference), { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: message(lang, "payment.summary.deliveredTo"), exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: message(lang, "payment.thankYou.seeOrder"), exact: true })).toHaveAttribute("href", new RegExp(`reference=${reference}`));
  await expectNoSeriousA11yViolations(page);
  const api = await storefrontApi(lang);
  const order = await data(api.GET("/orders/reference/{reference}", { params: { header, path: { reference } } }));
  expect(order.status).toBe("PAID");
  // The order was made from the cart: the customer has none any more (204).
  const { response } = await api.GET("/shopping-cart", { params: { header } });
  expect(response.status).toBe(204);
  return reference;
}

/** The retry page: what happened, then 'Pay again' once the cart is reopened. */
async function expectRetryPage(page: Page, lang: Lang, reasonId: string): Promise<void> {
  await expect(page).toHaveURL(atPath(PATHS[lang].retry));
  await expect(page.getByRole("heading", { level: 1, name: message(lang, "payment.retry.title"), exact: true })).toBeVisible();
  await expect(page.getByText(message(lang, reasonId), { exact: true })).toBeVisible();
  const payAgain = page.getByRole("button", { name: message(lang, "payment.retry.payAgain"), exact: true });
  await expect(payAgain).toBeFocused();
  await expectNoSeriousA11yViolations(page);
}

for (const [lang, viewport] of [["fr", DESKTOP], ["en", MOBILE]] as const) {
  test.describe(`card payment (${lang}, ${viewport.width} px)`, () => {
    test("pays a cart delivered to an address, from the cart page to the thank-you page", async ({ context, openPage }) => {
      const shopper = await shopperWithACart(lang);
      await signInBrowser(context, shopper.session.token);
      const page = await openPage(PATHS[lang].cart, { viewport });
      await page.getByRole("main").getByRole("link", { name: message(lang, "cart.passOrder"), exact: true }).click();
      await expect(page).toHaveURL(atPath(PATHS[lang].shipping));
      const methods = page.getByRole("region", { name: message(lang, "checkout.methods.title"), exact: true });
      await methods.getByRole("radio").first().click();
      await expect(methods.getByRole("radio").first()).toBeChecked();
      await page.getByRole("button", { name: message(lang, "checkout.shipping.continue"), exact: true }).click();
      await expect(page).toHaveURL(atPath(PATHS[lang].payment));

      // The order summed up beside the payment: its delivery address and total.
      const summary = page.getByRole("complementary", { name: message(lang, "checkout.summary.title"), exact: true });
      await expect(summary.getByText(HOME.street)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await startPaying(page, lang);
      await payOnIssuerPage(page, CARDS.plain);
      const reference = await expectThankYou(page, lang, shopper);

      // The header's cart is empty again.
      await page.goto(PATHS[lang].cart);
      await expect(page.getByRole("main").getByRole("link", { name: message(lang, "cart.passOrder"), exact: true })).toHaveCount(0);
      expect(reference).not.toBe("");
    });

    test("pays a cart delivered to a relay point, through a 3-D Secure challenge passed", async ({ context, openPage }) => {
      const shopper = await shopperWithACart(lang);
      await readyToPay(lang, shopper, "relay");
      await signInBrowser(context, shopper.session.token);
      const page = await openPage(PATHS[lang].payment, { viewport });
      await startPaying(page, lang);
      await payOnIssuerPage(page, CARDS.threeDSecure);
      await answerChallenge(page, CHALLENGE_PASSWORD);
      await expectThankYou(page, lang, shopper);
    });

    test("a refused payment is retried and paid", async ({ context, openPage }) => {
      const shopper = await shopperWithACart(lang);
      await readyToPay(lang, shopper, "address");
      await signInBrowser(context, shopper.session.token);
      const page = await openPage(PATHS[lang].payment, { viewport });
      await startPaying(page, lang);
      await payOnIssuerPage(page, CARDS.plain, DECLINED_HOLDER);
      await expectRetryPage(page, lang, "payment.refused");

      await page.getByRole("button", { name: message(lang, "payment.retry.payAgain"), exact: true }).click();
      await expect(page).toHaveURL(atPath(PATHS[lang].payment));
      // The consent was given the first time: the method is there straight away.
      await startPaying(page, lang, { giveConsent: false });
      await payOnIssuerPage(page, CARDS.plain);
      await expectThankYou(page, lang, shopper);
    });

    test("a failed 3-D Secure challenge leads to the retry page", async ({ context, openPage }) => {
      const shopper = await shopperWithACart(lang);
      await readyToPay(lang, shopper, "address");
      await signInBrowser(context, shopper.session.token);
      const page = await openPage(PATHS[lang].payment, { viewport });
      await startPaying(page, lang);
      await payOnIssuerPage(page, CARDS.threeDSecure);
      await answerChallenge(page, "not-the-password");
      await expectRetryPage(page, lang, "payment.refused");
    });
  });
}

test.describe("card payment, the ways back", () => {
  test("a payment abandoned on the bank's page can be paid again", async ({ context, openPage }) => {
    const shopper = await shopperWithACart("fr");
    await readyToPay("fr", shopper, "address");
    await signInBrowser(context, shopper.session.token);
    const page = await openPage(PATHS.fr.payment, { viewport: DESKTOP });
    await startPaying(page, "fr");
    await expect(page).toHaveURL(atPath(/^\/payment-sandbox\/pay\//));
    await page.getByRole("button", { name: /^(Annuler|Cancel)/ }).click();
    await expect(page).toHaveURL(atPath(PATHS.fr.retry));
    await expect(page.getByRole("button", { name: message("fr", "payment.retry.payAgain"), exact: true })).toBeFocused();
  });

  test("Back from the bank's page leaves that payment behind and a new one goes through", async ({ context, openPage }) => {
    const shopper = await shopperWithACart("en");
    await readyToPay("en", shopper, "address");
    await signInBrowser(context, shopper.session.token);
    const page = await openPage(PATHS.en.payment, { viewport: MOBILE });
    await startPaying(page, "en");
    await expect(page).toHaveURL(atPath(/^\/payment-sandbox\/pay\//));
    await page.goBack();
    // The step loaded afresh offers the method again; a page the browser kept in memory goes to the retry page.
    const payAgain = page.getByRole("button", { name: message("en", "payment.retry.payAgain"), exact: true });
    const method = paymentRegion(page, "en").getByRole("button", { name: new RegExp(`^${message("en", "payment.dropin.continueTo")}`) });
    await expect(payAgain.or(method)).toBeVisible();
    if (await payAgain.isVisible()) await payAgain.click();
    await startPaying(page, "en", { giveConsent: false });
    await payOnIssuerPage(page, CARDS.plain);
    await expectThankYou(page, "en", shopper);
  });

  test("a reload of the return page hands the bank's answer over once and still shows the order", async ({ context, openPage }) => {
    const shopper = await shopperWithACart("fr");
    await readyToPay("fr", shopper, "address");
    await signInBrowser(context, shopper.session.token);
    const page = await openPage(PATHS.fr.payment, { viewport: DESKTOP });
    await startPaying(page, "fr");
    const returned = page.waitForURL((url) => url.pathname === "/fr/commande/paiement/retour" && url.searchParams.has("redirectResult"));
    const handedOver: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/adyen/submit-additional-details")) handedOver.push(request.url());
    });
    await payOnIssuerPage(page, CARDS.plain);
    await returned;
    const returnUrl = page.url();
    const reference = await expectThankYou(page, "fr", shopper);
    expect(handedOver).toHaveLength(1);

    // Back on the return address (a reload, the history): the result page finds the order.
    await page.goto(returnUrl);
    await expect(page).toHaveURL(atPath(`/fr/commande/merci/${reference}`));
    expect(handedOver).toHaveLength(1);
  });
});
