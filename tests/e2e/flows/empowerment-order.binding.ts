// The empowerment checkout in the browser, for the seed's crew member Louis Fournier (EMPOWERMENT
// group, staff number PN300003, a budget every month). Before each path, through the API: his cart
// made anew with one unit of a simple product of small stock, delivered to his saved Belgian
// address 'Domicile', billed to it, sent by a method other than Colissimo (none for a path whose
// order is refused as incomplete: the user pressed 'Place the order' without choosing one); his
// address book given the model's 'Hotel Lisboa' (PT) and a 'Maison' (BE); his money pot of the
// month given 150 € to spend by the programme's administrator (Lucie Bernard). The model's
// 'Colissimo' is 'Colissimo à domicile'. The paths of the arrival (the flow setting his defaults on
// a cart without them) start instead on a cart without delivery or billing address (or without billing
// address alone), 'Hotel Lisboa' his default delivery address and 'Maison' his default billing one.
//
// Each request of the flow is held a moment (so that its section, or 'Placing the order…', can be
// seen waiting), then answered by the real server, with the world changed first where the answer
// needs it, each time by another client through the API: the 'Maison' address deleted from the book
// (billing 404); the delivery address changed to London, where Colissimo à domicile does not go
// (methods 400); a card message pasted with a tab in it (card 400: no control character); the
// administrator lowering the month's budget (BUDGET_EXCEEDED); another shopper starting a card
// payment of the product's whole stock, which reserves it (OUT_OF_STOCK); the crew member's other
// tab emptying the cart (CART_EMPTY) or starting a card payment of it (CART_LOCKED). What was
// locked or reserved is given back before the next path (the payment's failed-cart reopening).
//
// Answered here with page.route(), where the real server cannot be made to give the answer:
// - every 500 (the server cannot be made to fail; it stands for any failing answer, which the flow
//   treats alike);
// - the delivery address refused (400): the page only offers the address book's addresses, which
//   the book checked with the very rules of the cart's delivery address;
// - COUNTRY_NOT_ALLOWED: a crew member's address book and cart delivery address both refuse a
//   country outside the programme, so no cart of theirs can reach the validation with one;
// - MONEY_POT_NOT_FOUND: a pot once given stays (an administrator leaving a staff number out closes
//   it at what was spent), and a crew member without one has no 'Place the order' on the page.
import type { Request, Route } from "@playwright/test";
import { CARD_MESSAGE, empowermentOrderModel, LISBON_ADDRESS } from "../../../machines/empowerment-order/empowerment-order.model.ts";
import type { EmpowermentOrderSnapshot } from "../../../machines/empowerment-order/empowerment-order.selectors.ts";
import { data as dataOf, normaliseSpaces, shownPrice, storefrontApi, type Lang } from "../support/api.ts";
import { allProducts, type ProductSummary } from "../support/catalogue.ts";
import { currentCustomer, registerCustomer, signInBrowser, signInCustomer, type SignedInCustomer } from "../support/customers.ts";
import { baseUrl } from "../support/environment.ts";
import { expect, type BrowserContext, type Locator, type Page } from "../support/fixtures.ts";
import { message, messagePattern } from "../support/messages.ts";
import { defineFlowBinding } from "./binding.ts";

const DEMO_PASSWORD = "EscaleDemo2026!";
const CREW = "louis.fournier@demo.escale.example";
const ADMIN = "lucie.bernard@demo.escale.example";
/** What the pot holds at each path's start. */
const BUDGET_LEFT_CENTS = 15_000;
const CHECKOUT_PATH: Record<Lang, string> = { fr: "/fr/commande-empowerment", en: "/en/checkout-empowerment" };
const THANK_YOU = { fr: /^\/fr\/commande\/merci\/[A-Za-z0-9-]+$/, en: /^\/en\/checkout\/merci\/[A-Za-z0-9-]+$/ };
/** The model's 'Colissimo'. */
const COLISSIMO_CARRIER = "DOS";
/** A programme country Colissimo à domicile does not serve (outside the European Union's zone). */
const LONDON = {
  name: "Hotel London",
  company: null,
  firstName: "Ada",
  lastName: "Passenger",
  street: "1 Strand",
  city: "London",
  postCode: "WC2N 5HR",
  country: "GB",
  phone: "+447911123456",
};
/** A second saved address, for the billing choice. */
const MAISON = { name: "Maison", company: null, firstName: "Louis", lastName: "Fournier", street: "12 rue Neuve", city: "Bruxelles", postCode: "1000", country: "BE", phone: "+32470123456" };
/** Where a General public shopper's card payment is sent to (France). */
const SHOPPER_HOME = { name: "Maison", company: null, firstName: "Camille", lastName: "Martin", street: "12 rue de la République", city: "Lyon", postCode: "69002", country: "FR", phone: "+33612345678" };

type Header = { "X-Customer-Authorization": string };
const headerOf = (session: SignedInCustomer): Header => ({ "X-Customer-Authorization": `Bearer ${session.token}` });

// ---------------------------------------------------------------------------------------------
// The world, through the API.

let crewSession: Promise<SignedInCustomer> | undefined;
let adminSession: Promise<SignedInCustomer> | undefined;
let chosenProduct: Promise<ProductSummary> | undefined;
/** What a path left locked, reserved or lowered, given back before the next one (the shop goes after the last). */
const leftovers: (() => Promise<void>)[] = [];

async function giveBackLeftovers(): Promise<void> {
  while (leftovers.length > 0) await leftovers.shift()?.();
}

const crew = () => (crewSession ??= signInCustomer(CREW, DEMO_PASSWORD));
const admin = () => (adminSession ??= signInCustomer(ADMIN, DEMO_PASSWORD));

/** A simple product of small stock (3 to 10, all of it in one cart), cheap enough for the pot. */
async function smallStockProduct(): Promise<ProductSummary> {
  chosenProduct ??= allProducts("fr").then((products) => {
    const found = products
      .filter((product) => {
        const offer = product.offer;
        if (product.isConfigurable || product.variantCount > 1 || offer === null || offer.minimalOrderQuantity > 1) return false;
        const price = (offer.discountPrice ?? offer.regularPrice).taxIncluded;
        return offer.stockQuantity >= 3 && offer.stockQuantity <= 10 && (offer.maximalOrderQuantity === null || offer.maximalOrderQuantity >= offer.stockQuantity) && price <= 8000;
      })
      .sort((a, b) => (b.offer?.stockQuantity ?? 0) - (a.offer?.stockQuantity ?? 0))[0];
    if (found === undefined) throw new Error("the demo catalogue has no simple product with 3 to 10 items in stock under 80 €");
    return found;
  });
  return chosenProduct;
}

/** The product as the catalogue shows it in `lang` now (its name, its stock). */
async function productNow(lang: Lang, reference: string): Promise<ProductSummary> {
  const found = (await allProducts(lang)).find((product) => product.reference === reference);
  if (found === undefined) throw new Error(`${reference} is not in the ${lang} catalogue`);
  return found;
}

/** The current month in Paris (the server's months are Paris's). */
function parisMonth(): { year: number; month: number } {
  const [year = 0, month = 1] = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit" }).format(new Date()).split("-").map(Number);
  return { year, month };
}

/** The administrator sets this month's budget (the covered staff numbers stay as they are). */
async function setMonthBudget(cents: number): Promise<void> {
  const config = (await (await fetch(`${baseUrl()}/runtime-config.json`)).json()) as { storefrontToken: string };
  const { year, month } = parisMonth();
  const form = new FormData();
  form.set("monthlyBudgetAmount", String(cents));
  form.set("month", String(month));
  form.set("year", String(year));
  const response = await fetch(`${baseUrl()}/api/v1/empowerment/setup`, {
    method: "POST",
    headers: { Authorization: `Bearer ${config.storefrontToken}`, ...headerOf(await admin()) },
    body: form,
  });
  expect(response.status, await response.text()).toBe(200);
}

async function moneyPot(lang: Lang): Promise<{ budgetAmount: number; spentAmount: number; remainingAmount: number }> {
  const api = await storefrontApi(lang);
  return dataOf(api.GET("/empowerment/money-pot/current", { params: { header: headerOf(await crew()) } }));
}

type Cart = NonNullable<Awaited<ReturnType<typeof customerCart>>>;

async function customerCart(lang: Lang, header: Header) {
  const api = await storefrontApi(lang);
  const { data } = await api.GET("/shopping-cart", { params: { header } });
  return data ?? null;
}

const totalOf = (cart: Cart) => (cart.specialPrice ?? cart.totalPrice).taxIncluded;

/** Starts a card payment of the customer's cart (the sandbox's pay page then waits): the cart is locked, its stock reserved. */
async function startCardPayment(lang: Lang, header: Header): Promise<string> {
  const api = await storefrontApi(lang);
  const cart = await customerCart(lang, header);
  if (cart === null) throw new Error("no cart to pay");
  const returnUrl = `${baseUrl()}/${lang}/${lang === "fr" ? "commande" : "checkout"}/paiement/attente/${cart.uuid}`;
  await dataOf(
    api.POST("/adyen/initiate-payment", {
      params: { header },
      body: { amount: { value: totalOf(cart), currency: "EUR" }, reference: cart.uuid, paymentMethod: { type: "sandbox_card" }, returnUrl },
    }),
  );
  // Given back before the next path: the shopper comes back from the bank's page without paying.
  leftovers.push(async () => {
    const { response } = await api.GET("/shopping-cart/payment-failed/{uuid}", { params: { header, path: { uuid: cart.uuid } } });
    expect([200, 404]).toContain(response.status);
  });
  return cart.uuid;
}

/** Another shopper starts paying for the product's whole stock: the stock is reserved for them. */
async function stockBoughtElsewhere(lang: Lang, product: ProductSummary, crewCart: () => Promise<Cart | null>): Promise<void> {
  /** The stock as the crew member's cart shows it (the catalogue's answers may be cached a while). */
  const stockNow = async () => (await crewCart())?.cartItems.find((line) => line.offerId === product.offer?.id)?.offer.stockQuantity ?? 0;
  const shopper = await registerCustomer(lang, { firstName: "Camille", lastName: "Martin" });
  const header = headerOf(shopper);
  const api = await storefrontApi(lang);
  const stock = await stockNow();
  const offerId = product.offer?.id;
  if (offerId === undefined || stock <= 0) throw new Error(`${product.reference} has no stock left to buy`);
  await dataOf(api.POST("/customers/address", { params: { header, query: { defaultShipping: true, defaultBilling: true } }, body: SHOPPER_HOME }));
  const cart = await dataOf(api.PUT("/shopping-cart/set-offer-quantity", { params: { header }, body: { offerId, quantity: stock } }));
  await dataOf(api.PUT("/shopping-cart/shipping-address", { params: { header, query: { shoppingCartId: cart.uuid } }, body: SHOPPER_HOME }));
  await dataOf(api.PUT("/shopping-cart/billing-address", { params: { header, query: { shoppingCartId: cart.uuid } }, body: { billingAddressName: SHOPPER_HOME.name } }));
  const methods = await dataOf(api.GET("/shopping-cart/shipment-methods", { params: { header, query: { shoppingCartId: cart.uuid } } }));
  const method = methods.find((candidate) => candidate.carrier !== "RETSUPP");
  if (method === undefined) throw new Error("no shipment method to Lyon");
  await dataOf(api.PUT("/shopping-cart/shipment-methods", { params: { header, query: { shoppingCartId: cart.uuid } }, body: { shipmentMethodIds: [method.id] } }));
  await startCardPayment(lang, header);
  expect(await stockNow()).toBe(0);
}

/** The crew member's address book holds the model's addresses; with `defaults`, 'Hotel Lisboa' is his default delivery address and 'Maison' his default billing one. */
async function addressBook(lang: Lang, session: SignedInCustomer, defaults: boolean): Promise<void> {
  const api = await storefrontApi(lang);
  const header = headerOf(session);
  const names = new Set((await currentCustomer(session.token)).addresses?.map((address) => address.name));
  const lisbon = { ...LISBON_ADDRESS, name: LISBON_ADDRESS.name ?? "Hotel Lisboa", phone: LISBON_ADDRESS.phone ?? "" };
  for (const address of [lisbon, MAISON]) {
    const query = { defaultShipping: defaults && address === lisbon, defaultBilling: defaults && address === MAISON, replace: names.has(address.name) };
    if (names.has(address.name) && !defaults) continue;
    const { name, company, firstName, lastName, street, city, postCode, country, phone } = address;
    await dataOf(api.POST("/customers/address", { params: { header, query }, body: { name, company, firstName, lastName, street, city, postCode, country, phone } }));
  }
}

/** What the crew member's cart lacks at a path's start: nothing, or what the arrival sets (the state the path starts in says which). */
type Arrival = "delivery" | "billing" | null;

function arrivalOf(start: EmpowermentOrderSnapshot): Arrival {
  if (start.matches("savingAddress")) return "delivery";
  if (start.matches("savingDefaultBilling")) return "billing";
  return null;
}

interface Prepared {
  cartId: string;
  colissimo: string;
}

/**
 * The crew member's cart made anew: one unit of the product, to 'Domicile', billed to it, a method
 * other than Colissimo unless left out; for the arrival, without what it sets (no delivery address:
 * no method either).
 */
async function freshCart(lang: Lang, session: SignedInCustomer, product: ProductSummary, withMethod: boolean, arrival: Arrival): Promise<Prepared> {
  const api = await storefrontApi(lang);
  const header = headerOf(session);
  const old = await customerCart(lang, header);
  if (old !== null) {
    const { response } = await api.DELETE("/shopping-cart/{id}", { params: { header, path: { id: old.uuid } } });
    expect(response.status).toBe(204);
  }
  const offerId = product.offer?.id;
  if (offerId === undefined) throw new Error(`${product.reference} has no offer`);
  const cart = await dataOf(api.PUT("/shopping-cart/set-offer-quantity", { params: { header }, body: { offerId, quantity: 1 } }));
  if (arrival === "delivery") return { cartId: cart.uuid, colissimo: "" };
  const home = (await currentCustomer(session.token)).addresses?.find((address) => address.name === "Domicile");
  if (home?.phone == null) throw new Error("the crew member has no 'Domicile' address with a phone");
  const { name, company, firstName, lastName, street, city, postCode, country, phone } = home;
  const query = { shoppingCartId: cart.uuid };
  await dataOf(api.PUT("/shopping-cart/shipping-address", { params: { header, query }, body: { name, company, firstName, lastName, street, city, postCode, country, phone } }));
  if (arrival !== "billing") await dataOf(api.PUT("/shopping-cart/billing-address", { params: { header, query }, body: { billingAddressName: "Domicile" } }));
  const methods = await dataOf(api.GET("/shopping-cart/shipment-methods", { params: { header, query } }));
  const colissimo = methods.find((method) => method.carrier === COLISSIMO_CARRIER);
  const other = methods.find((method) => method.carrier !== COLISSIMO_CARRIER && method.carrier !== "RETSUPP");
  if (colissimo === undefined || other === undefined) throw new Error("Colissimo à domicile and another method should serve Brussels");
  if (withMethod) await dataOf(api.PUT("/shopping-cart/shipment-methods", { params: { header, query }, body: { shipmentMethodIds: [other.id] } }));
  return { cartId: cart.uuid, colissimo: colissimo.name };
}

// ---------------------------------------------------------------------------------------------
// The page's requests of the flow, held.

const call = (method: string, path: RegExp) => (request: Request) => request.method() === method && path.test(new URL(request.url()).pathname);
const SHIPPING_ADDRESS = call("PUT", /^\/api\/v1\/shopping-cart\/shipping-address$/);
const BILLING_ADDRESS = call("PUT", /^\/api\/v1\/shopping-cart\/billing-address$/);
const SHIPMENT_METHODS = call("PUT", /^\/api\/v1\/shopping-cart\/shipment-methods$/);
const CUSTOM_CARD = call("POST", /^\/api\/v1\/empowerment\/order\/setCustomCard$/);
const VALIDATE = call("GET", /^\/api\/v1\/empowerment\/order\/[0-9a-f-]{36}\/validate$/);
const CART_BY_ID = call("GET", /^\/api\/v1\/shopping-cart\/[0-9a-f-]{36}$/);

interface Held {
  /** Holds every request that `matches` from now on (those held before are let be). */
  hold: (matches: ((request: Request) => boolean) | null) => void;
  /** How many requests are held since the last `hold`. */
  count: () => number;
  /** The last request held (waits for one). */
  latest: () => Promise<Route>;
}

/** The context's requests of the flow (armed before the page opens: the arrival sends its own at once). */
async function holdFlowRequests(context: BrowserContext): Promise<Held> {
  let matcher: ((request: Request) => boolean) | null = null;
  let held: Route[] = [];
  let waiting: ((route: Route) => void)[] = [];
  await context.route(/\/api\/v1\//, async (route) => {
    if (matcher === null || !matcher(route.request())) return route.fallback();
    held.push(route);
    for (const take of waiting) take(route);
    waiting = [];
  });
  return {
    hold: (matches) => {
      matcher = matches;
      held = [];
      waiting = [];
    },
    count: () => held.length,
    latest: () => {
      const last = held.at(-1);
      return last ? Promise.resolve(last) : new Promise((resolve) => waiting.push(resolve));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The path's data and what the page shows.

interface PathData {
  lang: Lang;
  session: SignedInCustomer;
  product: ProductSummary;
  prepared: Prepared;
  held: Held;
}

function path(world: { memory: Map<string, unknown> }): PathData {
  const found = world.memory.get("empowerment-order") as PathData | undefined;
  if (found === undefined) throw new Error("the empowerment order path was not started");
  return found;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A text as shown, whatever kind of space the formatter used. */
const shown = (text: string) => new RegExp(escapeRegExp(normaliseSpaces(text)).replace(/ /g, "\\s+"));
const filled = (lang: Lang, id: string, values: Record<string, string>) => Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{${name}}`, value), message(lang, id));

const SECTIONS = {
  delivery: "empowerment.order.delivery",
  method: "checkout.methods.title",
  billing: "checkout.billing.title",
  card: "empowerment.order.card.title",
} as const;
type Section = keyof typeof SECTIONS;

const section = (page: Page, lang: Lang, part: Section) => page.getByRole("region", { name: message(lang, SECTIONS[part]), exact: true });
const summary = (page: Page, lang: Lang) => page.getByRole("complementary", { name: message(lang, "checkout.summary.title"), exact: true });
const placeButton = (page: Page, lang: Lang, id: "empowerment.order.place" | "empowerment.order.placing" = "empowerment.order.place") =>
  summary(page, lang).getByRole("button", { name: message(lang, id), exact: true });
const cardField = (page: Page, lang: Lang) => section(page, lang, "card").getByRole("textbox", { name: messagePattern(lang, "empowerment.order.card.label") });
const outOfStockDialog = (page: Page, lang: Lang) => page.getByRole("dialog", { name: message(lang, "checkout.outOfStock.title"), exact: true });

function notification(page: Page, lang: Lang, id: string): Locator {
  return page.getByRole("region", { name: message(lang, "notifications.label") }).getByRole("alert").getByText(message(lang, id), { exact: true }).first();
}

/** Only `saving` (or no section) waits for the server. */
async function expectSectionsWaiting(page: Page, lang: Lang, saving: Section | null): Promise<void> {
  for (const part of Object.keys(SECTIONS) as Section[]) {
    if (part === saving) await expect(section(page, lang, part)).toHaveAttribute("aria-busy", "true");
    else await expect(section(page, lang, part)).not.toHaveAttribute("aria-busy");
  }
}

/** The page waits for the choices: nothing in flight, 'Place the order' can be pressed, no modal. */
async function expectEditing(page: Page, lang: Lang): Promise<void> {
  await expect(page.getByRole("heading", { level: 1, name: message(lang, "empowerment.order.title"), exact: true })).toBeVisible();
  await expectSectionsWaiting(page, lang, null);
  await expect(placeButton(page, lang)).toBeEnabled();
  await expect(outOfStockDialog(page, lang)).toHaveCount(0);
}

/** The summary says why the order was not placed (the only alert there). */
async function expectProblem(page: Page, lang: Lang, text: string | RegExp): Promise<Locator> {
  await expectEditing(page, lang);
  const alert = summary(page, lang).getByRole("alert");
  await expect(alert).toHaveCount(1);
  await expect(alert).toContainText(text);
  return alert;
}

/** A section's choice is on its way: the section waits, nothing can be chosen or placed meanwhile. */
async function expectSaving(page: Page, lang: Lang, part: Section): Promise<void> {
  await expectSectionsWaiting(page, lang, part);
  await expect(placeButton(page, lang)).toBeDisabled();
  for (const radio of await section(page, lang, "delivery").getByRole("radio").all()) await expect(radio).toBeDisabled();
}

async function expectPlacing(page: Page, lang: Lang, savingCard: boolean): Promise<void> {
  const button = placeButton(page, lang, "empowerment.order.placing");
  await expect(button).toBeDisabled();
  await expect(button).toHaveAttribute("aria-busy", "true");
  await expectSectionsWaiting(page, lang, savingCard ? "card" : null);
}

/** Lets the held request go to the server, after `before` changed the world, and waits for its answer. */
async function answer(page: Page, data: PathData, before?: () => Promise<void>): Promise<number> {
  const route = await data.held.latest();
  data.held.hold(null);
  await before?.();
  const response = page.waitForResponse((candidate) => candidate.request() === route.request());
  await route.continue();
  return (await response).status();
}

/** Answers the held request here (what the real server cannot be made to answer). */
async function fulfil(data: PathData, status: number, code: string, text: string, before?: () => void): Promise<void> {
  const route = await data.held.latest();
  data.held.hold(null);
  before?.();
  await route.fulfill({ status, json: { status, code, message: text } });
}

const refusalOf = (event: { error?: unknown }) => (typeof event.error === "object" && event.error !== null && "code" in event.error ? String(event.error.code) : "");

export const empowermentOrderBinding = defineFlowBinding(empowermentOrderModel, {
  inEnglish: true,
  start: async ({ lang, context, openPage, memory, upcoming, snapshot }) => {
    await giveBackLeftovers();
    const session = await crew();
    const product = await productNow(lang, (await smallStockProduct()).reference);
    const arrival = arrivalOf(snapshot);
    await addressBook(lang, session, arrival !== null);
    // A path refused as incomplete: the method was never chosen.
    const incomplete = upcoming.some((event) => event.type === "xstate.error.actor.validateOrder" && refusalOf(event) === "CART_INCOMPLETE");
    const prepared = await freshCart(lang, session, product, !incomplete, arrival);
    const pot = await moneyPot(lang);
    await setMonthBudget(pot.spentAmount + BUDGET_LEFT_CENTS);
    await signInBrowser(context, session.token);
    const held = await holdFlowRequests(context);
    // The arrival's first request, held as the page sends it.
    if (arrival !== null) held.hold(arrival === "delivery" ? SHIPPING_ADDRESS : BILLING_ADDRESS);
    const page = await openPage(CHECKOUT_PATH[lang]);
    memory.set("empowerment-order", { lang, session, product, prepared, held } satisfies PathData);
    await expect(summary(page, lang).getByText(product.name)).toBeVisible();
    return page;
  },
  states: {
    "editing.ready": async (page, world) => {
      const { lang } = path(world);
      await expectEditing(page, lang);
      await expect(summary(page, lang).getByRole("alert")).toHaveCount(0);
    },
    "editing.budgetExceeded": async (page, world) => {
      const { lang } = path(world);
      const pot = await moneyPot(lang);
      const alert = await expectProblem(page, lang, messagePattern(lang, "empowerment.order.budgetExceededLeft"));
      await expect(alert).toContainText(shown(shownPrice(pot.remainingAmount, lang)));
    },
    "editing.incomplete": async (page, world) => {
      const { lang } = path(world);
      const alert = await expectProblem(page, lang, message(lang, "empowerment.order.incomplete"));
      await expect(alert.getByRole("button")).toHaveText([message(lang, "empowerment.order.missing.method")]);
    },
    "editing.cartEmpty": async (page, world) => {
      const { lang } = path(world);
      const alert = await expectProblem(page, lang, message(lang, "empowerment.order.cartEmpty"));
      await expect(alert.getByRole("link", { name: message(lang, "checkout.summary.editCart"), exact: true })).toBeVisible();
    },
    "editing.cartLocked": async (page, world) => {
      const { lang } = path(world);
      await expectProblem(page, lang, message(lang, "empowerment.order.cartLocked"));
    },
    "editing.countryNotAllowed": async (page, world) => {
      const { lang } = path(world);
      await expectProblem(page, lang, message(lang, "empowerment.order.countryNotAllowed"));
    },
    "editing.failed": async (page, world) => {
      const { lang } = path(world);
      await expectProblem(page, lang, message(lang, "errors.server.access"));
    },
    savingAddress: async (page, world) => expectSaving(page, path(world).lang, "delivery"),
    savingBilling: async (page, world) => expectSaving(page, path(world).lang, "billing"),
    savingDefaultBilling: async (page, world) => {
      const { lang } = path(world);
      await expectSaving(page, lang, "billing");
      // Set by the flow itself: no address list opens for it.
      await expect(page.getByRole("dialog")).toHaveCount(0);
    },
    savingMethods: async (page, world) => expectSaving(page, path(world).lang, "method"),
    savingMessage: async (page, world) => {
      const { lang } = path(world);
      await expectSectionsWaiting(page, lang, "card");
      // Leaving the field for 'Place the order' must not lose the click: it stays enabled.
      await expect(placeButton(page, lang)).toBeEnabled();
      for (const radio of await section(page, lang, "billing").getByRole("radio").all()) await expect(radio).toBeDisabled();
    },
    "placing.savingMessage": async (page, world) => expectPlacing(page, path(world).lang, true),
    "placing.validating": async (page, world) => expectPlacing(page, path(world).lang, false),
    checkingStock: async (page, world) => {
      const { lang } = path(world);
      await expect(summary(page, lang).getByRole("list").first()).toHaveAttribute("aria-busy", "true");
      await expect(placeButton(page, lang)).toBeDisabled();
      await expect(outOfStockDialog(page, lang)).toHaveCount(0);
    },
    outOfStock: async (page, world) => {
      const { lang, product } = path(world);
      const dialog = outOfStockDialog(page, lang);
      await expect(dialog).toBeVisible();
      const line = dialog.getByRole("listitem").filter({ hasText: product.name });
      await expect(line).toContainText(shown(filled(lang, "checkout.outOfStock.none", { quantity: "1" })));
      await expect(dialog.getByRole("link", { name: message(lang, "checkout.outOfStock.editCart"), exact: true })).toBeVisible();
    },
    noMoneyPot: async (page, world) => {
      const { lang } = path(world);
      await expect(summary(page, lang).getByRole("alert").filter({ hasText: message(lang, "empowerment.pot.none") })).toBeVisible();
      await expect(placeButton(page, lang)).toHaveCount(0);
      await expect(placeButton(page, lang, "empowerment.order.placing")).toHaveCount(0);
    },
    ordered: async (page, world) => {
      const { lang, product } = path(world);
      await expect(page).toHaveURL((url) => THANK_YOU[lang].test(url.pathname));
      await expect(page.getByRole("heading", { level: 1, name: message(lang, "payment.thankYou.title"), exact: true })).toBeVisible();
      await expect(page.getByRole("main").getByText(message(lang, "payment.thankYou.moneyPot"), { exact: true })).toBeVisible();
      const reference = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1) ?? "");
      const api = await storefrontApi(lang);
      const order = await dataOf(api.GET("/orders/reference/{reference}", { params: { header: headerOf(path(world).session), path: { reference } } }));
      expect(order.payment?.method).toBe("moneyPot");
      expect(order.items.map((item) => [item.name, item.quantity])).toEqual([[product.name, 1]]);
    },
  },
  events: {
    "empowermentOrder.chooseAddress": async (page, event, world) => {
      if (event.type !== "empowermentOrder.chooseAddress") throw new Error(`not an address: ${event.type}`);
      const data = path(world);
      data.held.hold(SHIPPING_ADDRESS);
      await section(page, data.lang, "delivery").getByRole("radio", { name: new RegExp(`^${escapeRegExp(event.address.name ?? "")}\\b`) }).click();
    },
    "(setShippingAddress succeeds)": async (page, _event, world) => {
      const data = path(world);
      // On arrival, the default billing address goes next, at once: held too.
      const billingNext = world.next?.matches("savingDefaultBilling") ?? false;
      expect(await answer(page, data, billingNext ? async () => data.held.hold(BILLING_ADDRESS) : undefined)).toBe(200);
      await expect(section(page, data.lang, "delivery").getByRole("radio", { name: new RegExp(`^${escapeRegExp(LISBON_ADDRESS.name ?? "")}\\b`) })).toBeChecked();
    },
    "(setShippingAddress fails: 400 VALIDATION_FAILED)": async (page, _event, world) => {
      const data = path(world);
      await fulfil(data, 400, "VALIDATION_FAILED", "Invalid phone: not a valid phone number for PT");
      await expect(notification(page, data.lang, "checkout.shipping.addressRefused")).toBeVisible();
    },
    "(setShippingAddress fails: 500)": async (page, _event, world) => {
      const data = path(world);
      await fulfil(data, 500, "INTERNAL_ERROR", "Internal Server Error");
      await expect(notification(page, data.lang, "errors.server.access")).toBeVisible();
    },
    "empowermentOrder.chooseBilling": async (page, event, world) => {
      if (event.type !== "empowermentOrder.chooseBilling") throw new Error(`not a billing address: ${event.type}`);
      const data = path(world);
      data.held.hold(BILLING_ADDRESS);
      await section(page, data.lang, "billing").getByRole("radio", { name: new RegExp(`^${escapeRegExp(event.name)}\\b`) }).click();
    },
    "(setBillingAddress succeeds)": async (page, _event, world) => {
      const data = path(world);
      expect(await answer(page, data)).toBe(200);
      await expect(section(page, data.lang, "billing").getByRole("radio", { name: /^Maison\b/ })).toBeChecked();
    },
    "(setBillingAddress fails: 404)": async (page, _event, world) => {
      const data = path(world);
      // The address was deleted from the book meanwhile (the account page in another tab).
      const status = await answer(page, data, async () => {
        const api = await storefrontApi(data.lang);
        const { response } = await api.DELETE("/customers/address/{name}", { params: { header: headerOf(data.session), path: { name: MAISON.name } } });
        expect(response.ok).toBe(true);
      });
      expect(status).toBe(404);
      await expect(notification(page, data.lang, "errors.cartAdresse.notFound")).toBeVisible();
    },
    "empowermentOrder.chooseMethods": async (page, _event, world) => {
      const data = path(world);
      data.held.hold(SHIPMENT_METHODS);
      await section(page, data.lang, "method").getByRole("radio", { name: new RegExp(`^${escapeRegExp(data.prepared.colissimo)}`) }).click();
    },
    "(setShipmentMethods succeeds)": async (page, _event, world) => {
      const data = path(world);
      expect(await answer(page, data)).toBe(200);
      await expect(section(page, data.lang, "method").getByRole("radio", { name: new RegExp(`^${escapeRegExp(data.prepared.colissimo)}`) })).toBeChecked();
    },
    "(setShipmentMethods fails: 400 VALIDATION_FAILED)": async (page, _event, world) => {
      const data = path(world);
      // The crew member's other tab sent the gift to London meanwhile, where Colissimo à domicile does not go.
      const status = await answer(page, data, async () => {
        const api = await storefrontApi(data.lang);
        await dataOf(api.PUT("/shopping-cart/shipping-address", { params: { header: headerOf(data.session), query: { shoppingCartId: data.prepared.cartId } }, body: LONDON }));
      });
      expect(status).toBe(400);
      await expect(notification(page, data.lang, "checkout.shipping.methodRefused")).toBeVisible();
    },
    "(setShipmentMethods fails: 500)": async (page, _event, world) => {
      const data = path(world);
      await fulfil(data, 500, "INTERNAL_ERROR", "Internal Server Error");
      await expect(notification(page, data.lang, "errors.server.access")).toBeVisible();
    },
    "empowermentOrder.saveMessage": async (page, event, world) => {
      if (event.type !== "empowermentOrder.saveMessage") throw new Error(`not a card message: ${event.type}`);
      const data = path(world);
      const refused = world.upcoming[0]?.type === "xstate.error.actor.setCustomCard";
      data.held.hold(CUSTOM_CARD);
      const field = cardField(page, data.lang);
      // Refused: the message was pasted with a tab in it (no control character but the line break).
      await field.fill(refused ? event.message.replace(" ", "\t") : event.message);
      await field.press("Tab");
    },
    "(setCustomCard succeeds)": async (page, _event, world) => {
      const data = path(world);
      expect(await answer(page, data)).toBe(200);
      await expect(cardField(page, data.lang)).toHaveValue(CARD_MESSAGE);
    },
    "(setCustomCard fails: 400 VALIDATION_FAILED)": async (page, _event, world) => {
      const data = path(world);
      expect(await answer(page, data)).toBe(400);
      await expect(notification(page, data.lang, "empowerment.order.cardRefused")).toBeVisible();
    },
    "empowermentOrder.validate": async (page, event, world) => {
      if (event.type !== "empowermentOrder.validate") throw new Error(`not a validation: ${event.type}`);
      const data = path(world);
      const savesCard = world.next?.matches({ placing: "savingMessage" }) ?? false;
      data.held.hold(savesCard ? CUSTOM_CARD : VALIDATE);
      const field = cardField(page, data.lang);
      // Typed, then 'Place the order': leaving the field saves the message on the way, the placing saves it again.
      const typed = (await field.inputValue()) !== event.message;
      if (typed) {
        await field.fill(event.message);
        // The field left first, its save seen on its way (else the click could cut it short before it is sent).
        await field.press("Tab");
        await expect.poll(() => data.held.count()).toBe(1);
      }
      await placeButton(page, data.lang).click();
      if (savesCard) {
        await expect(placeButton(page, data.lang, "empowerment.order.placing")).toBeVisible();
        await expect.poll(() => data.held.count()).toBe(typed ? 2 : 1);
      }
    },
    "(setCustomCardBeforeOrder succeeds)": async (page, _event, world) => {
      const data = path(world);
      expect(await answer(page, data, async () => data.held.hold(VALIDATE))).toBe(200);
    },
    "(setCustomCardBeforeOrder fails: 500)": async (page, _event, world) => {
      const data = path(world);
      await fulfil(data, 500, "INTERNAL_ERROR", "Internal Server Error");
      await expect(notification(page, data.lang, "empowerment.order.cardRefused")).toBeVisible();
    },
    "(validateOrder succeeds)": async (page, _event, world) => {
      expect(await answer(page, path(world))).toBe(200);
    },
    "(validateOrder refuses: BUDGET_EXCEEDED)": async (page, _event, world) => {
      const data = path(world);
      // The administrator lowered the month's budget meanwhile: a cent is left.
      const status = await answer(page, data, async () => {
        const pot = await moneyPot(data.lang);
        await setMonthBudget(pot.spentAmount + 1);
        leftovers.push(async () => setMonthBudget((await moneyPot(data.lang)).spentAmount + BUDGET_LEFT_CENTS));
      });
      expect(status).toBe(409);
    },
    "(validateOrder refuses: OUT_OF_STOCK)": async (page, _event, world) => {
      const data = path(world);
      const status = await answer(page, data, async () => {
        await stockBoughtElsewhere(data.lang, data.product, () => customerCart(data.lang, headerOf(data.session)));
        data.held.hold(CART_BY_ID);
      });
      expect(status).toBe(409);
    },
    "(validateOrder refuses: CART_INCOMPLETE)": async (page, _event, world) => {
      // The cart was made without a method (start): the server says what is missing.
      expect(await answer(page, path(world))).toBe(409);
    },
    "(validateOrder refuses: CART_EMPTY)": async (page, _event, world) => {
      const data = path(world);
      // The crew member's other tab took the line out meanwhile.
      const status = await answer(page, data, async () => {
        const api = await storefrontApi(data.lang);
        const offerId = data.product.offer?.id ?? 0;
        const cart = await dataOf(api.PUT("/shopping-cart/set-offer-quantity", { params: { header: headerOf(data.session) }, body: { offerId, quantity: 0 } }));
        expect(cart.cartItems).toEqual([]);
      });
      expect(status).toBe(409);
    },
    "(validateOrder refuses: CART_LOCKED)": async (page, _event, world) => {
      const data = path(world);
      // The crew member's other tab started paying the cart by card meanwhile.
      const status = await answer(page, data, async () => void (await startCardPayment(data.lang, headerOf(data.session))));
      expect(status).toBe(409);
    },
    "(validateOrder refuses: COUNTRY_NOT_ALLOWED)": async (_page, _event, world) => {
      await fulfil(path(world), 400, "COUNTRY_NOT_ALLOWED", "Invalid shippingAddress.country: US is not a delivery country of the empowerment programme");
    },
    "(validateOrder refuses: MONEY_POT_NOT_FOUND)": async (_page, _event, world) => {
      await fulfil(path(world), 404, "MONEY_POT_NOT_FOUND", "No empowerment budget for this month");
    },
    "(validateOrder refuses: 500)": async (_page, _event, world) => {
      await fulfil(path(world), 500, "INTERNAL_ERROR", "Internal Server Error");
    },
    "(fetchCart succeeds)": async (page, _event, world) => {
      expect(await answer(page, path(world))).toBe(200);
    },
    "(fetchCart fails: 500)": async (_page, _event, world) => {
      await fulfil(path(world), 500, "INTERNAL_ERROR", "Internal Server Error");
    },
    "empowermentOrder.closeOutOfStock": async (page, _event, world) => {
      const { lang } = path(world);
      await outOfStockDialog(page, lang).getByRole("button", { name: message(lang, "layout.dialog.close"), exact: true }).click();
    },
  },
});
