// The card payment as a shopper goes through it in the e2e tests: a customer with a cart made ready
// to pay through the API, the payment step's consent and method, the payment sandbox's issuer pages
// (Adyen's test cards typed in), and what the thank-you and retry pages show.
import type { Page, Route } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { data, storefrontApi, type Lang } from "./api.ts";
import { simpleProductWithStock, type Product } from "./catalogue.ts";
import { registerCustomer, type SignedInCustomer } from "./customers.ts";
import { expect } from "./fixtures.ts";
import { message } from "./messages.ts";
import { atPath } from "./waits.ts";

export const HOME = {
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
export const CARDS = {
  plain: { number: "4111 1111 4555 1142", cvc: "737" },
  threeDSecure: { number: "4917 6100 0000 0000", cvc: "737" },
};
export const CHALLENGE_PASSWORD = "password";
/** A holder name that makes the sandbox, as Adyen's test platform, refuse the payment. */
export const DECLINED_HOLDER = "DECLINED";
/** A month well ahead. */
const EXPIRY = "03/30";

export const PATHS = {
  fr: { cart: "/fr/mon-panier", shipping: "/fr/commande/livraison", payment: "/fr/commande/paiement", thankYou: /^\/fr\/commande\/merci\/[A-Za-z0-9-]+$/, retry: /^\/fr\/commande\/paiement\/attente\/[0-9a-f-]+$/ },
  en: { cart: "/en/my-cart", shipping: "/en/checkout/livraison", payment: "/en/checkout/paiement", thankYou: /^\/en\/checkout\/merci\/[A-Za-z0-9-]+$/, retry: /^\/en\/checkout\/paiement\/attente\/[0-9a-f-]+$/ },
} as const;

export interface Shopper {
  session: SignedInCustomer;
  header: { "X-Customer-Authorization": string };
  /** The product in the cart. */
  product: Product;
}

/** A new customer with a saved address (default shipping and billing) and `quantity` of a product in the cart. */
export async function shopperWithACart(lang: Lang, quantity = 1): Promise<Shopper> {
  const session = await registerCustomer(lang, { firstName: "Camille", lastName: "Martin" });
  const api = await storefrontApi(lang);
  const header = { "X-Customer-Authorization": `Bearer ${session.token}` };
  await data(api.POST("/customers/address", { params: { header, query: { defaultShipping: true, defaultBilling: true } }, body: HOME }));
  const product = await simpleProductWithStock(lang, "in stock", (stock) => stock > 5);
  const offerId = product.offer?.id;
  if (!offerId) throw new Error(`${product.slug} has no offer`);
  await data(api.PUT("/shopping-cart/set-offer-quantity", { params: { header }, body: { offerId, quantity } }));
  return { session, header, product };
}

/** The cart made ready to pay through the API: delivery (the saved address or a relay point), billing, the first method. */
export async function readyToPay(lang: Lang, { header }: Pick<Shopper, "header">, delivery: "address" | "relay"): Promise<void> {
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

export function paymentRegion(page: Page, lang: Lang) {
  return page.getByRole("region", { name: message(lang, "payment.method"), exact: true });
}

/** On the payment step: the consent given in the step (the test's visitor refused all at first), then the sandbox's method. */
export async function startPaying(page: Page, lang: Lang, { giveConsent = true } = {}): Promise<void> {
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

/**
 * The held payment request sent on with Adyen's unencrypted test fields of a card instead of the
 * sandbox's method (Drop-in cannot show Adyen's hosted card fields offline): the sandbox answers as
 * for that card, in place. Its status and body, once the page has them.
 */
export async function sendWithCard(route: Route, card: { number: string; cvc: string }, holderName = ""): Promise<{ status: number; body: unknown }> {
  const sent = route.request().postDataJSON() as Record<string, unknown>;
  const paymentMethod = { type: "scheme", number: card.number.replace(/\s/g, ""), expiryMonth: "03", expiryYear: "2030", cvc: card.cvc, holderName };
  const response = await route.fetch({ postData: JSON.stringify({ ...sent, paymentMethod }) });
  const text = await response.text();
  await route.fulfill({ response, body: text });
  return { status: response.status(), body: JSON.parse(text) as unknown };
}

/** On the sandbox's card page: a test card typed in, then Pay. */
export async function payOnIssuerPage(page: Page, card: { number: string; cvc: string }, holderName = ""): Promise<void> {
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
export async function answerChallenge(page: Page, password: string): Promise<void> {
  await expect(page).toHaveURL(atPath(/^\/payment-sandbox\/challenge\//));
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel(/Mot de passe|Password/).fill(password);
  await page.getByRole("button", { name: /^(Confirmer|Confirm)$/ }).click();
}

/** The thank-you page of a paid order: its reference, what was bought and where it goes; the cart is gone. */
export async function expectThankYou(page: Page, lang: Lang, { header }: Pick<Shopper, "header">): Promise<string> {
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
export async function expectRetryPage(page: Page, lang: Lang, reasonId: string): Promise<void> {
  await expect(page).toHaveURL(atPath(PATHS[lang].retry));
  await expect(page.getByRole("heading", { level: 1, name: message(lang, "payment.retry.title"), exact: true })).toBeVisible();
  await expect(page.getByText(message(lang, reasonId), { exact: true })).toBeVisible();
  const payAgain = page.getByRole("button", { name: message(lang, "payment.retry.payAgain"), exact: true });
  await expect(payAgain).toBeFocused();
  await expectNoSeriousA11yViolations(page);
}

