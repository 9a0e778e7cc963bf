// The checkout's shipping step in the browser, on a shop of its own (checkout.e2e.ts: a PostgreSQL
// database whose stock the binding lowers behind the shop's back, as another sale would). Each path
// starts on the home page of a shopper prepared through the API for the first answer of the path: a
// guest with a cart (cart cookie), the same holding the employee sign-in flag (session storage, taken
// on the way to the checkout), a registered General public customer with no cart, with a cart
// emptied, not yet ready (the addresses Maison, a home, and Bureau, a company's, neither a default)
// or ready to pay, the same whose home address is their default delivery and billing address (the
// cart without either, or delivered there already), or the seed's Empowerment customer with a cart.
//
// The home page a path starts on has settled before the first visit: its header's cart names the
// cart's lines and no load of it is on its way (a load cut short by the visit used to make the shop
// forget the stored cart: the cart machine now keeps it when a load gets no answer).
//
// The first visit is the step's address typed (the payment page, or the delivery step): until the
// flow has decided, the page is the shop's first paint (its header, no page yet). A later visit is
// the app's own road, the cart page's 'Order' link: the checkout layout says "Loading…" meanwhile.
// The visit's loads of the cart by its uuid are held a moment so that the waiting can be seen, then
// answered by the real server (any the page gives up is let go): a guest's stored cart (the
// cart's own load, the flow's follows); for a customer the flow's load, once the cart, which waits for
// the session's restoring, has the customer's own (a customer without a cart has only theirs asked
// for, held instead); on a later visit the flow's load. Each visit loads the cart once for the flow (a hovered 'Order' link,
// a preload, is no visit). Opening the payment page with
// a cart not ready sends the shopper to the delivery step, whose visit loads the cart once more: for
// the paths that go on to 'Continue to payment', the billing address is chosen through the API
// (another tab) before that second load is answered, so that the step shows a cart ready to pay, as
// the path needs.
//
// Every request of the step (delivery address, relay point, billing address, methods, the last
// stock check, and the defaults the flow sets by itself on arrival) is held the same way and answered
// by the real server, with the world changed first where the answer needs it: the stock lowered in
// the database (the cart above its stock, from before the visit or before the stock check; put back
// once the page shows the out-of-stock modal), the cart emptied through the API (another tab), the
// delivery address moved through the API to the company's address (the method chosen dropped: not
// ready any more), or to the home address while the business method is being saved (the server
// refuses a business method for an address without a company: 400); for the billing address, the
// customer signed out in another tab (401: the checkout's sign-in shows in the step's place, where
// signing in again visits the step anew), the cart's payment started in another tab through the
// payment sandbox (409: the cart waits for it), or the address deleted from the address book (404). The relay point is chosen the simplest way the picker allows: it opens searched
// around the cart's delivery address, and the first point of its list is validated with the phone
// of that address.
//
// Answered here with page.route(), for the one request each: a failing server (500: the contract
// lists none for these calls; it stands for any failing answer, which the flow treats alike), and
// the delivery address refused (400): the server refuses a delivery address only by the rules the
// address book applied when the address was saved, so a saved address cannot be refused by it.
import type { Request } from "@playwright/test";
import pg from "pg";
import { pagePath } from "../../../common/pages.ts";
import { checkoutModel } from "../../../machines/checkout/checkout.model.ts";
import type { CheckoutEvent } from "../../../machines/checkout/checkout.types.ts";
import { eventKey } from "../../../machines/shared/flow-cover.ts";
import type { ModelEvent } from "../../../machines/shared/flow-model.ts";
import { DEMO_CUSTOMER_PASSWORD, DEMO_CUSTOMERS } from "../../../server/seed/data/customers.ts";
import { data as dataOf, storefrontApi, type Lang } from "../support/api.ts";
import { simpleProductWithStock, type Product } from "../support/catalogue.ts";
import { registerCustomer, signInBrowser, signInCustomer, type SignedInCustomer } from "../support/customers.ts";
import { baseUrl } from "../support/environment.ts";
import { expect, type Locator, type Page } from "../support/fixtures.ts";
import { message, messagePattern } from "../support/messages.ts";
import { HOME } from "../support/payment.ts";
import type { PostgresShop } from "../support/postgres-shop.ts";
import { atPath } from "../support/waits.ts";
import { defineFlowBinding } from "./binding.ts";
import { holdApi, type Held } from "./world.ts";

type CheckoutModelEvent = ModelEvent<CheckoutEvent>;

/** The seed's Empowerment customer without two-factor sign-in. */
const EMPOWERMENT_CUSTOMER = demoCustomer((customer) => customer.group === "EMPOWERMENT" && !customer.twoFactor);
/** The session storage flag of an employee sign-in in progress (SPEC §3). */
const EMPLOYEE_SIGN_IN_FLAG = "empowerment";
const CART_ID_COOKIE = "cart_id";
/** How many of the product the cart holds (the stock is lowered under it for "above its stock"). */
const QUANTITY = 2;

/** The customer's addresses: a home (the model's sample address) and a company's, whose methods differ. */
const OFFICE = { ...HOME, name: "Bureau", company: "Escale Conseil", street: "8 avenue de l'Opéra", city: "Paris", postCode: "75001" };
type SavedAddress = typeof HOME | typeof OFFICE;

function demoCustomer(matches: (customer: (typeof DEMO_CUSTOMERS)[number]) => boolean): { email: string; password: string } {
  const found = DEMO_CUSTOMERS.find(matches);
  if (found === undefined) throw new Error("no such customer in the seed");
  return { email: found.email, password: DEMO_CUSTOMER_PASSWORD };
}

/** The shop of the flow's file (checkout.e2e.ts hands it over before the paths run). */
let ownShop: () => PostgresShop | null = () => null;
export function useShop(shop: () => PostgresShop | null): void {
  ownShop = shop;
}

const call = (method: string, path: RegExp) => (request: Request) => request.method() === method && path.test(new URL(request.url()).pathname);
const CART_BY_ID = /^\/api\/v1\/shopping-cart\/[0-9a-f-]{36}$/;
const CUSTOMER_CART = /^\/api\/v1\/shopping-cart$/;
const SHIPPING_ADDRESS = /^\/api\/v1\/shopping-cart\/shipping-address$/;
const BILLING_ADDRESS = /^\/api\/v1\/shopping-cart\/billing-address$/;
const SHIPMENT_METHODS = /^\/api\/v1\/shopping-cart\/shipment-methods$/;

type Start = "guest" | "guestWithEmployeeFlag" | "noCart" | "emptyCart" | "empowerment" | "overStock" | "notReady" | "ready" | "defaults" | "defaultBilling";

interface PathData {
  lang: Lang;
  start: Start;
  product: Product;
  offerId: number;
  stock: number;
  held: Held;
  customer: SignedInCustomer | null;
  cartId: string | null;
  /** The method offered for the company's address alone (the paths where the server refuses it). */
  businessMethod: string | null;
  /** The checkout page asked for last. */
  requested: "signIn" | "shipping" | "payment" | null;
  /** How the last checkout page was visited: its address loaded, a link of the app followed, or signed in again on the step. */
  visit: "load" | "inApp" | "signedInAgain";
  /** The page's loads of the cart by its uuid not yet answered. */
  cartLoads: number;
  /** The loads of the visit held (armLoad()). */
  visitLoads: ((request: Request) => boolean) | null;
  /** The request in flight that the page waits for (held), by what it is. */
  inFlight: InFlight;
  /** The customer's session was ended in another tab: the checkout's sign-in shows in the step's place. */
  sessionEnded: boolean;
  /** The page's requests to the API so far, for the message of a wait that fails. */
  trace: string[];
}

type InFlight = "load" | "address" | "billing" | "methods" | "stock" | null;

/** The request the page sends next by itself, once the one answered reaches it (held at once). */
interface Then {
  matches: (request: Request) => boolean;
  inFlight: InFlight;
}

function path(world: { memory: Map<string, unknown> }): PathData {
  const found = world.memory.get("checkout") as PathData | undefined;
  if (found === undefined) throw new Error("the checkout path was not started");
  return found;
}

const customerHeader = (customer: SignedInCustomer | null) => (customer ? { "X-Customer-Authorization": `Bearer ${customer.token}` } : {});

async function withDatabase<T>(use: (database: pg.Client) => Promise<T>): Promise<T> {
  const shop = ownShop();
  if (shop === null) throw new Error("the checkout flow runs on a shop of its own");
  const database = new pg.Client({ connectionString: shop.cluster.url });
  await database.connect();
  try {
    return await use(database);
  } finally {
    await database.end();
  }
}

/** Someone else bought meanwhile: the stock falls under the cart's quantity (`stockBack()` puts it back). */
async function setStock(data: PathData, stock: number): Promise<void> {
  await withDatabase((database) => database.query("update offers set stock_quantity = $1 where id = $2", [stock, data.offerId]));
}

/** The stock as it was, once the page has the cart above it (every load of the cart meanwhile saw it). */
async function stockBack(page: Page, data: PathData): Promise<void> {
  try {
    await expect(stockDialog(page, data.lang)).toBeVisible();
  } finally {
    await setStock(data, data.stock);
  }
}

/** How long a path waits for the page to make the request it holds (the web-first assertions' 15 s, and some). */
const HOLD_WAIT_MS = 20_000;

/** `held` once the page has made a request the path holds; failing after HOLD_WAIT_MS with the page's requests, to say why. */
async function whenHeld<T>(data: PathData, held: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the page made no ${what} in ${HOLD_WAIT_MS / 1000} s; its requests:\n${data.trace.join("\n")}`)), HOLD_WAIT_MS);
  });
  try {
    return await Promise.race([held, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The answer of the held request, by the real server, after `before`; resolves once the page has it (`then` held next). */
async function answer(data: PathData, before?: () => Promise<void>, then?: Then): Promise<number> {
  const route = await whenHeld(data, data.held.next(), `request of the step (${data.inFlight ?? "none awaited"})`);
  await before?.();
  const request = route.request();
  // Armed before the answer goes: the page sends the next request as soon as it has it.
  if (then) data.held.arm(then.matches);
  await route.continue();
  data.inFlight = then?.inFlight ?? null;
  // Null when the page gave the request up.
  const response = await request.response();
  return response?.status() ?? 0;
}

/** A failing answer of the held request (page.route(): the real server cannot be made to give it). */
async function fail(data: PathData, status: number, body: Record<string, unknown>): Promise<void> {
  const route = await data.held.next();
  await route.fulfill({ status, contentType: "application/json", body: JSON.stringify({ status, ...body }) });
  data.inFlight = null;
}

/** The first answer of the flow's load in the path, which decides how the shopper is prepared. */
function startOf(upcoming: CheckoutModelEvent[]): { start: Start; fails: boolean } {
  const load = upcoming.find((event) => event.type === "xstate.done.actor.loadCheckout" || event.type === "xstate.error.actor.loadCheckout");
  if (load === undefined || load.type === "xstate.error.actor.loadCheckout") return { start: "notReady", fails: true };
  return { start: describeLoad(load), fails: false };
}

function describeLoad(event: CheckoutModelEvent): Start {
  const described = eventKey(checkoutModel, event);
  const found = /^loadCheckout answers: (\w+)$/.exec(described)?.[1];
  if (found === undefined) throw new Error(`not a load of the checkout: ${described}`);
  return found as Start;
}

/** What comes after the flow's first load (to prepare the cart as the path needs it). */
const upcomingTypes = (upcoming: CheckoutModelEvent[]) => upcoming.map((event) => event.type);

const chosen = new Map<Lang, Promise<Product>>();

/** A product without variants with more in stock than the cart takes. */
function checkoutProduct(lang: Lang): Promise<Product> {
  const found = chosen.get(lang) ?? simpleProductWithStock(lang, "in stock", (stock) => stock > QUANTITY + 3);
  chosen.set(lang, found);
  return found;
}

async function cartOf(data: PathData, customer: SignedInCustomer | null): Promise<string> {
  const api = await storefrontApi(data.lang);
  const cart = await dataOf(api.PUT("/shopping-cart/set-offer-quantity", { params: { header: customerHeader(customer) }, body: { offerId: data.offerId, quantity: QUANTITY } }));
  return cart.uuid;
}

/** The customer's two addresses; with `defaults`, the home one is their default delivery and billing address. */
async function addAddresses(data: PathData, customer: SignedInCustomer, defaults: boolean): Promise<void> {
  const api = await storefrontApi(data.lang);
  const header = customerHeader(customer);
  for (const address of [HOME, OFFICE]) {
    const isDefault = defaults && address === HOME;
    await dataOf(api.POST("/customers/address", { params: { header, query: { defaultShipping: isDefault, defaultBilling: isDefault } }, body: address }));
  }
}

async function setDelivery(data: PathData, address: SavedAddress): Promise<void> {
  const api = await storefrontApi(data.lang);
  const { cartId, customer } = data;
  if (cartId === null) throw new Error("no cart");
  await dataOf(api.PUT("/shopping-cart/shipping-address", { params: { header: customerHeader(customer), query: { shoppingCartId: cartId } }, body: address }));
}

async function setBilling(data: PathData): Promise<void> {
  const api = await storefrontApi(data.lang);
  const { cartId, customer } = data;
  if (cartId === null) throw new Error("no cart");
  await dataOf(api.PUT("/shopping-cart/billing-address", { params: { header: customerHeader(customer), query: { shoppingCartId: cartId } }, body: { billingAddressName: HOME.name } }));
}

/** The methods the server offers the cart for its delivery address now. */
async function offeredMethods(data: PathData): Promise<{ id: number; name: string }[]> {
  const api = await storefrontApi(data.lang);
  const { cartId, customer } = data;
  if (cartId === null) throw new Error("no cart");
  return dataOf(api.GET("/shopping-cart/shipment-methods", { params: { header: customerHeader(customer), query: { shoppingCartId: cartId } } }));
}

async function setMethod(data: PathData): Promise<void> {
  const api = await storefrontApi(data.lang);
  const { cartId, customer } = data;
  if (cartId === null) throw new Error("no cart");
  const [method] = await offeredMethods(data);
  if (method === undefined) throw new Error("no method serves the home address");
  await dataOf(api.PUT("/shopping-cart/shipment-methods", { params: { header: customerHeader(customer), query: { shoppingCartId: cartId } }, body: { shipmentMethodIds: [method.id] } }));
}

/** Signed out in another tab: the server ends the session the page still holds. */
async function signOutElsewhere(data: PathData): Promise<void> {
  const api = await storefrontApi(data.lang);
  const { response } = await api.POST("/customers/sign-out", { params: { header: customerHeader(data.customer) } });
  expect(response.status).toBe(204);
}

/** The address deleted from the address book in another tab. */
async function deleteAddress(data: PathData, name: string): Promise<void> {
  const api = await storefrontApi(data.lang);
  const { response } = await api.DELETE("/customers/address/{name}", { params: { header: customerHeader(data.customer), path: { name } } });
  expect(response.ok).toBe(true);
}

/** In another tab, the cart made ready and its payment started (through the payment sandbox's card page): the cart is locked meanwhile. */
async function payingElsewhere(data: PathData): Promise<void> {
  const api = await storefrontApi(data.lang);
  const { cartId, customer } = data;
  if (cartId === null) throw new Error("no cart");
  await setBilling(data);
  await setMethod(data);
  const cart = await dataOf(api.GET("/shopping-cart", { params: { header: customerHeader(customer) } }));
  if (cart === null) throw new Error("the customer has no cart");
  await dataOf(
    api.POST("/adyen/initiate-payment", {
      params: { header: customerHeader(customer) },
      body: {
        amount: { value: (cart.specialPrice ?? cart.totalPrice).taxIncluded, currency: "EUR" },
        reference: cartId,
        // The payment sandbox's own method: the shopper would be sent to its card page.
        paymentMethod: { type: "sandbox_card" },
        returnUrl: `${baseUrl()}${pagePath("paymentReturn", data.lang)}?cartUuid=${cartId}`,
      },
    }),
  );
}

/** The business method: offered for the company's address, not for the home one. */
async function businessMethod(data: PathData): Promise<string> {
  await setDelivery(data, OFFICE);
  const forOffice = await offeredMethods(data);
  await setDelivery(data, HOME);
  const forHome = new Set((await offeredMethods(data)).map((method) => method.id));
  await setDelivery(data, OFFICE);
  const business = forOffice.find((method) => !forHome.has(method.id));
  if (business === undefined) throw new Error("no method is offered for the company's address alone");
  return business.name;
}

function notification(page: Page, lang: Lang, role: "status" | "alert", id: string): Locator {
  return page.getByRole("region", { name: message(lang, "notifications.label") }).getByRole(role).getByText(message(lang, id), { exact: true }).first();
}

const main = (page: Page) => page.getByRole("main");
/** The header's cart button, naming the cart's number of lines as `cart.lineCount` words it. */
function cartButton(page: Page, lang: Lang, lines: 0 | 1): Locator {
  if (!message(lang, "cart.lineCount").includes("=0")) throw new Error("cart.lineCount changed its wording: update the button's words here");
  const said = lang === "fr" ? (lines === 0 ? "vide" : "1 article") : lines === 0 ? "empty" : "1 item";
  return page.getByRole("banner").getByRole("button", { name: `${message(lang, "cart.open")} ${said}`, exact: true });
}
const section = (page: Page, lang: Lang, titleId: string) => main(page).getByRole("region", { name: message(lang, titleId), exact: true });
const relayDialog = (page: Page, lang: Lang) => page.getByRole("dialog", { name: message(lang, "relais.title") });
const billingDialog = (page: Page, lang: Lang) => page.getByRole("dialog", { name: message(lang, "checkout.billing.listTitle"), exact: true });
const stockDialog = (page: Page, lang: Lang) => page.getByRole("dialog", { name: message(lang, "checkout.outOfStock.title"), exact: true });
const relayChoice = (page: Page, lang: Lang) => section(page, lang, "checkout.shipping.delivery").getByRole("radio", { name: messagePattern(lang, "checkout.shipping.relay") });
const continueButton = (page: Page, lang: Lang) => page.getByRole("complementary").getByRole("button", { name: message(lang, "checkout.shipping.continue"), exact: true });
const methodChoices = (page: Page, lang: Lang) => section(page, lang, "checkout.methods.title").getByRole("radio");

/** The delivery step, on its page, with no modal open. */
async function expectStep(page: Page, lang: Lang): Promise<void> {
  await expect(page).toHaveURL(atPath(pagePath("checkoutShipping", lang)));
  await expect(main(page).getByRole("heading", { level: 1, name: message(lang, "checkout.shipping.title"), exact: true })).toBeVisible();
  await expect(relayDialog(page, lang)).toHaveCount(0);
  await expect(billingDialog(page, lang)).toBeHidden();
  await expect(stockDialog(page, lang)).toBeHidden();
}

/** A request of the step in flight: its choices wait. */
async function expectBusy(page: Page, data: PathData, what: PathData["inFlight"]): Promise<void> {
  await expectStep(page, data.lang);
  await expect(relayChoice(page, data.lang)).toBeDisabled();
  await expect(continueButton(page, data.lang)).toBeDisabled();
  expect(data.inFlight).toBe(what);
}

/** The visit of a checkout page: its loads of the cart held (`answerLoad()`). */
function armLoad(data: PathData): void {
  data.inFlight = "load";
  // A customer without a cart has only theirs asked for. Otherwise every load of the cart by its
  // uuid is held: a guest's page loads the stored cart, then the flow loads it (a page may give a
  // load up as it moves on).
  // Only the checkout page's (the page before it may still be loading the stored cart as it is left).
  const checkout = pagePath("checkout", data.lang);
  const fromCheckout = (request: Request) => {
    const referer = request.headers()["referer"];
    return referer === undefined || new URL(referer).pathname.startsWith(checkout);
  };
  const load = data.start === "noCart" ? call("GET", CUSTOMER_CART) : call("GET", CART_BY_ID);
  data.visitLoads = (request) => load(request) && fromCheckout(request);
  data.held.arm(data.visitLoads, { every: data.start !== "noCart" });
}

/**
 * The visit's load the flow decides from, answered by the real server after `before` (the loads the
 * page gave up are let go); `then`, the request the flow sends by itself once it has the cart, held;
 * `nextVisit`, the loads of the visit the page goes on to by itself (held as the visit's next).
 */
async function answerLoad(data: PathData, before?: () => Promise<void>, then?: Then, nextVisit?: (request: Request) => boolean): Promise<number> {
  const loads = data.visitLoads;
  if (loads === null) throw new Error("no visit's load is held");
  // Held from now on too, with the loads: the flow may send it before this process hears the answer.
  if (then) data.held.arm((request) => loads(request) || then.matches(request), { every: true });
  for (;;) {
    const route = await whenHeld(data, data.held.next(), "load of the cart");
    const request = route.request();
    if (request.failure() === null) await before?.();
    await route.continue().catch(() => undefined);
    const response = await request.response();
    if (response !== null) {
      // The next visit's loads stay held for it.
      const others = data.held.rest((other) => loads(other) && !(nextVisit?.(other) ?? false));
      if (nextVisit) {
        // Armed before the loads given up go on (each a round trip): the next visit may load meanwhile.
        data.visitLoads = nextVisit;
        data.held.arm(nextVisit, { every: true });
      } else {
        data.held.arm(then && !data.held.holding(then.matches) ? then.matches : null);
        data.visitLoads = null;
      }
      for (const other of others) await other.continue().catch(() => undefined);
      data.inFlight = nextVisit ? "load" : (then?.inFlight ?? null);
      return response.status();
    }
  }
}

/** The visit's load answered; a visit of the payment page with a cart not ready goes on to the delivery step, whose visit loads the cart again. */
async function answerVisit(data: PathData, before?: () => Promise<void>, then?: Then): Promise<void> {
  if (data.requested !== "payment") {
    await answerLoad(data, before, then);
    return;
  }
  // The delivery step's loads, told from the payment page's by the page they are sent from: the first
  // may be sent before this process hears the payment page's answer, held with the visit's loads.
  const shipping = pagePath("checkoutShipping", data.lang);
  const fromShipping = (request: Request) => {
    const referer = request.headers()["referer"];
    return referer !== undefined && new URL(referer).pathname === shipping;
  };
  const load = call("GET", CART_BY_ID);
  await answerLoad(data, undefined, undefined, (request) => load(request) && fromShipping(request));
  await answerLoad(data, before, then);
}

/** A checkout page visited by its address (typed, or from a bookmark). */
async function openStep(page: Page, data: PathData, step: "signIn" | "shipping" | "payment"): Promise<void> {
  data.visit = "load";
  armLoad(data);
  const page_ = step === "signIn" ? "checkoutSignIn" : step === "shipping" ? "checkoutShipping" : "checkoutPayment";
  await page.goto(pagePath(page_, data.lang));
}

/** The session ended on the step: the customer signs in again in the sign-in shown in its place, and the step is visited again. */
async function signInAgain(page: Page, data: PathData): Promise<void> {
  const { lang, customer } = data;
  if (customer === null) throw new Error("only a customer's session ends");
  const form = main(page);
  await form.getByLabel(message(lang, "auth.field.email"), { exact: true }).fill(customer.email);
  await form.getByLabel(message(lang, "auth.field.password"), { exact: true }).fill(customer.password);
  data.sessionEnded = false;
  data.visit = "signedInAgain";
  armLoad(data);
  await form.getByRole("button", { name: message(lang, "auth.login.submit"), exact: true }).click();
}

/** Back to the cart page from the checkout (the out-of-stock modal's link, or the header's), then its 'Order' link. */
async function orderAgain(page: Page, data: PathData, fromStockModal: boolean): Promise<void> {
  const { lang } = data;
  const back = fromStockModal
    ? stockDialog(page, lang).getByRole("link", { name: message(lang, "checkout.outOfStock.editCart"), exact: true })
    : page.getByRole("banner").getByRole("link", { name: messagePattern(lang, "layout.checkout.backToCart") });
  await back.click();
  await expect(page).toHaveURL(atPath(pagePath("cart", lang)));
  const order = main(page).getByRole("link", { name: message(lang, "cart.passOrder"), exact: true });
  await expect(order).toBeVisible();
  data.visit = "inApp";
  armLoad(data);
  await order.click();
}

export const checkoutBinding = defineFlowBinding(checkoutModel, {
  inEnglish: true,
  start: async ({ lang, context, openPage, memory, upcoming }) => {
    const { start, fails } = startOf(upcoming);
    const product = await checkoutProduct(lang);
    const offerId = product.offer?.id;
    const stock = product.offer?.stockQuantity;
    if (offerId === undefined || stock === undefined) throw new Error(`${product.slug} has no offer`);
    const data: PathData = {
      lang,
      start,
      product,
      offerId,
      stock,
      held: await holdApi(context),
      customer: null,
      cartId: null,
      businessMethod: null,
      requested: null,
      visit: "load",
      cartLoads: 0,
      visitLoads: null,
      inFlight: null,
      sessionEnded: false,
      trace: [],
    };
    memory.set("checkout", data);
    const isCartLoad = (request: Request) => call("GET", CART_BY_ID)(request);
    context.on("request", (request) => void (isCartLoad(request) && (data.cartLoads += 1)));
    // What the page asked of the API, for the message of a wait that fails.
    const t0 = Date.now();
    const trace = (what: string) => (request: Request) => {
      if (!request.url().includes("/api/v1/")) return;
      data.trace.push(`${Date.now() - t0} ms ${what} ${request.method()} ${new URL(request.url()).pathname} from ${request.headers()["referer"] ?? "-"}`);
    };
    context.on("request", trace("sent"));
    context.on("requestfinished", trace("answered"));
    context.on("requestfailed", trace("failed"));
    context.on("requestfinished", (request) => void (isCartLoad(request) && (data.cartLoads -= 1)));
    context.on("requestfailed", (request) => void (isCartLoad(request) && (data.cartLoads -= 1)));
    const types = upcomingTypes(upcoming);
    if (start === "guest" || start === "guestWithEmployeeFlag") {
      data.cartId = await cartOf(data, null);
      await context.addCookies([{ name: CART_ID_COOKIE, value: data.cartId, url: baseUrl(), sameSite: "Lax" }]);
      // The flag is taken on the way to the checkout (the shop's pages would send a flag holder to the single sign-on at once).
      if (start === "guestWithEmployeeFlag") {
        await context.addInitScript(
          ({ flag, checkout }) => {
            if (window.location.pathname.startsWith(checkout)) window.sessionStorage.setItem(flag, "1");
          },
          { flag: EMPLOYEE_SIGN_IN_FLAG, checkout: pagePath("checkout", lang) },
        );
      }
    } else if (start === "empowerment") {
      data.customer = await signInCustomer(EMPOWERMENT_CUSTOMER.email, EMPOWERMENT_CUSTOMER.password, lang);
      data.cartId = await cartOf(data, data.customer);
    } else {
      data.customer = await registerCustomer(lang, { firstName: HOME.firstName, lastName: HOME.lastName });
      if (start !== "noCart") {
        // The home address the customer's default for both: the flow sets it on arrival.
        await addAddresses(data, data.customer, start === "defaults" || start === "defaultBilling");
        data.cartId = await cartOf(data, data.customer);
        // The default delivery address is the flow's to set, as the shopper's own choice would be.
        const choosesAddress = types.includes("checkout.chooseAddress") || start === "defaults";
        // The methods and the relay picker start from the cart's delivery address.
        if (!choosesAddress) await setDelivery(data, HOME);
        // The company's address, whose methods the page lists (the business one among them).
        if (upcoming.some(isMethodRefusal)) data.businessMethod = await businessMethod(data);
        if (start === "ready" || types.includes("checkout.continue")) await setMethod(data);
        if (start === "ready") await setBilling(data);
      }
    }
    if (data.customer !== null) await signInBrowser(context, data.customer.token);
    if (fails) data.inFlight = null;
    return openPage(`/${lang}`);
  },
  states: {
    idle: async (page, world) => {
      const data = path(world);
      const { lang } = data;
      await expect(page).toHaveURL(atPath(pagePath("home", lang)));
      await expect(page.getByText(message(lang, "layout.checkout.securePayment"))).toHaveCount(0);
      // The home page settled: its header's cart says how many lines the shopper's cart has, and no
      // load of it is on its way (one the next visit would cut short).
      await expect(cartButton(page, lang, data.cartId === null ? 0 : 1)).toBeVisible();
      await expect.poll(() => data.cartLoads).toBe(0);
    },
    loading: async (page, world) => {
      const { lang, visit, held } = path(world);
      // The page waits for the cart (held): what it shows meanwhile.
      await whenHeld(path(world), held.waiting(), "load of the cart");
      if (visit === "load") {
        // The page's address loaded: the shop's first paint (its header) until the app has decided.
        await expect(page.getByRole("banner")).toBeVisible();
        await expect(page.getByRole("main")).toHaveCount(0);
        return;
      }
      if (visit === "signedInAgain") {
        // Signed in again on the step: the step is back, its choices waiting for the checkout's load.
        await expectStep(page, lang);
        await expect(relayChoice(page, lang)).toBeDisabled();
        await expect(continueButton(page, lang)).toBeDisabled();
        return;
      }
      await expect(main(page).getByRole("status").filter({ hasText: message(lang, "common.loading") })).toBeVisible();
      await expect(page.getByText(message(lang, "layout.checkout.securePayment"))).toBeVisible();
      await expect(main(page).getByRole("heading", { level: 1 })).toHaveCount(0);
    },
    failed: async (page, world) => {
      const { lang } = path(world);
      await expect(main(page).getByRole("heading", { level: 1, name: message(lang, "checkout.unavailable.title"), exact: true })).toBeVisible();
      await expect(main(page).getByRole("alert")).toHaveText(message(lang, "errors.server.access"));
      await expect(main(page).getByRole("button", { name: message(lang, "checkout.unavailable.retry"), exact: true })).toBeVisible();
    },
    emptyCart: async (page, world) => {
      const { lang } = path(world);
      await expect(page).toHaveURL(atPath(pagePath("cart", lang)));
      await expect(main(page).getByText(message(lang, "cart.empty"), { exact: true })).toBeVisible();
    },
    signIn: async (page, world) => {
      const { lang, sessionEnded } = path(world);
      // A guest is sent to its page; a customer whose session ended has it in the step's place.
      await expect(page).toHaveURL(atPath(pagePath(sessionEnded ? "checkoutShipping" : "checkoutSignIn", lang)));
      await expect(main(page).getByRole("heading", { level: 1, name: message(lang, "checkout.signIn.title"), exact: true })).toBeVisible();
      await expect(main(page).getByLabel(message(lang, "auth.field.email"), { exact: true })).toBeVisible();
    },
    singleSignOn: async (page) => {
      // The demo identity provider's sign-in page (the shop's server's page, not the SPA's).
      await page.waitForURL((url) => url.pathname.startsWith("/oidc/interaction/"));
      await expect(page.getByRole("textbox").first()).toBeVisible();
    },
    empowerment: async (page, world) => {
      const { lang } = path(world);
      await expect(page).toHaveURL(atPath(pagePath("empowermentCheckout", lang)));
      await expect(main(page).getByRole("heading", { level: 1, name: message(lang, "empowerment.order.title"), exact: true })).toBeVisible();
    },
    payment: async (page, world) => {
      const { lang } = path(world);
      await expect(page).toHaveURL(atPath(pagePath("checkoutPayment", lang)));
      await expect(main(page).getByRole("heading", { level: 1, name: message(lang, "payment.title"), exact: true })).toBeVisible();
    },
    "shipping.editing": async (page, world) => {
      const { lang } = path(world);
      await expectStep(page, lang);
      await expect(relayChoice(page, lang)).toBeEnabled();
    },
    "shipping.relay": async (page, world) => {
      const { lang } = path(world);
      const dialog = relayDialog(page, lang);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("button", { name: message(lang, "relais.validate"), exact: true })).toBeVisible();
    },
    "shipping.addressList": async (page, world) => {
      const { lang } = path(world);
      const dialog = billingDialog(page, lang);
      await expect(dialog).toBeVisible();
      const home = dialog.getByRole("radio", { name: new RegExp(`^${HOME.name}`) });
      await expect(home).toBeEnabled();
      // Confirm waits for a choice (none until the shopper makes one, or the one just refused).
      const confirm = dialog.getByRole("button", { name: message(lang, "checkout.billing.confirm"), exact: true });
      if (await dialog.getByRole("radio", { checked: true }).count()) await expect(confirm).toBeEnabled();
      else await expect(confirm).toBeDisabled();
      expect(path(world).inFlight).toBeNull();
    },
    "shipping.savingAddress": async (page, world) => {
      const data = path(world);
      await expectBusy(page, data, "address");
    },
    "shipping.savingDefaultBilling": async (page, world) => {
      // The default billing address on its way: the step waits, no modal opens.
      await expectBusy(page, path(world), "billing");
    },
    "shipping.savingBilling": async (page, world) => {
      const data = path(world);
      const dialog = billingDialog(page, data.lang);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("button", { name: message(data.lang, "checkout.billing.confirm"), exact: true })).toBeDisabled();
      expect(data.inFlight).toBe("billing");
    },
    "shipping.savingMethods": async (page, world) => {
      const data = path(world);
      await expectBusy(page, data, "methods");
      await expect(methodChoices(page, data.lang).first()).toBeDisabled();
    },
    "shipping.verifyingStock": async (page, world) => {
      const data = path(world);
      await expectBusy(page, data, "stock");
    },
    "shipping.outOfStock": async (page, world) => {
      const data = path(world);
      const dialog = stockDialog(page, data.lang);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(data.product.name)).toBeVisible();
      const left = message(data.lang, "checkout.outOfStock.left")
        .replace("{quantity}", String(QUANTITY))
        .replace("{stock}", String(QUANTITY - 1));
      await expect(dialog.getByText(left)).toBeVisible();
    },
  },
  events: {
    "checkout.enter": async (page, event, world) => {
      if (event.type !== "checkout.enter") throw new Error(`not a visit: ${event.type}`);
      const data = path(world);
      data.requested = event.step;
      // Someone else bought before this visit: the flow's load finds the cart above the stock.
      if (world.upcoming[0] !== undefined && eventKey(checkoutModel, world.upcoming[0]) === "loadCheckout answers: overStock") await setStock(data, QUANTITY - 1);
      if (world.snapshot.matches("idle")) await openStep(page, data, event.step);
      else if (data.sessionEnded && event.step === "shipping") await signInAgain(page, data);
      else if (event.step === "shipping") await orderAgain(page, data, world.snapshot.matches({ shipping: "outOfStock" }));
      else throw new Error(`a visit of the ${event.step} step after the first is not a path of the model`);
    },
    ...Object.fromEntries(
      (["guest", "guestWithEmployeeFlag", "noCart", "empowerment", "ready"] as const).map((start) => [
        `loadCheckout answers: ${start}`,
        async (page: Page, _event: CheckoutModelEvent, world: { memory: Map<string, unknown> }) => {
          await answerLoad(path(world));
        },
      ]),
    ),
    "loadCheckout answers: overStock": async (page, _event, world) => {
      const data = path(world);
      // The stock fell before the visit (checkout.enter): every load of the cart sees it.
      await answerLoad(data);
      await stockBack(page, data);
    },
    "loadCheckout answers: emptyCart": async (page, _event, world) => {
      const data = path(world);
      // The cart emptied in another tab before this visit.
      await answerLoad(data, async () => {
        const api = await storefrontApi(data.lang);
        await dataOf(api.PUT("/shopping-cart/set-offer-quantity", { params: { header: customerHeader(data.customer) }, body: { offerId: data.offerId, quantity: 0 } }));
      });
    },
    "loadCheckout answers: notReady": async (page, _event, world) => {
      const data = path(world);
      // For 'Continue to payment' after the payment page sent the shopper to the delivery step: the
      // billing address chosen meanwhile in another tab (before the delivery step's load is answered).
      const goesOn = data.requested === "payment" && world.upcoming[0]?.type === "checkout.continue";
      await answerVisit(data, goesOn ? () => setBilling(data) : undefined);
    },
    "loadCheckout answers: defaults": async (page, _event, world) => {
      // The flow sets the default delivery address at once.
      await answerVisit(path(world), undefined, { matches: call("PUT", SHIPPING_ADDRESS), inFlight: "address" });
    },
    "loadCheckout answers: defaultBilling": async (page, _event, world) => {
      // The flow sets the default billing address at once.
      await answerVisit(path(world), undefined, { matches: call("PUT", BILLING_ADDRESS), inFlight: "billing" });
    },
    "(loadCheckout fails: 500)": async (page, _event, world) => {
      const data = path(world);
      // Each load of the cart fails (the query asks once more).
      await page.route(CART_BY_ID_URL, (route) => route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ status: 500, message: "Internal Server Error" }) }));
      // The loads held fail too (any the page gave up among them).
      data.held.arm(null);
      await data.held.waiting();
      for (const route of data.held.rest()) await route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ status: 500, message: "Internal Server Error" }) }).catch(() => undefined);
      data.inFlight = null;
    },
    "checkout.chooseAddress": async (page, event, world) => {
      if (event.type !== "checkout.chooseAddress") throw new Error(`not a delivery address: ${event.type}`);
      const data = path(world);
      data.inFlight = "address";
      data.held.arm(call("PUT", SHIPPING_ADDRESS));
      await section(page, data.lang, "checkout.shipping.delivery").getByRole("radio", { name: new RegExp(`^${escapeRegExp(event.address.name ?? HOME.name)}`) }).click();
    },
    "(setShippingAddress succeeds)": async (page, _event, world) => {
      const data = path(world);
      // The default delivery address saved: the flow sets the default billing address next.
      const billingNext = world.snapshot.context.defaults.billing !== null;
      expect(await answer(data, undefined, billingNext ? { matches: call("PUT", BILLING_ADDRESS), inFlight: "billing" } : undefined)).toBe(200);
      await expect(section(page, data.lang, "checkout.shipping.delivery").getByRole("radio", { name: new RegExp(`^${HOME.name}`) })).toBeChecked();
    },
    "(setShippingAddress fails: 400 VALIDATION)": async (page, _event, world) => {
      const data = path(world);
      await fail(data, 400, { message: "Invalid postCode: not a valid postcode", code: "VALIDATION_FAILED", fields: [{ field: "postCode", message: "not a valid postcode" }] });
      await expect(notification(page, data.lang, "alert", "checkout.shipping.addressRefused")).toBeVisible();
    },
    "(setShippingAddress fails: 500)": async (page, _event, world) => {
      const data = path(world);
      await fail(data, 500, { message: "Internal Server Error" });
      await expect(notification(page, data.lang, "alert", "errors.server.access")).toBeVisible();
    },
    "checkout.openRelay": async (page, _event, world) => {
      const { lang } = path(world);
      await section(page, lang, "checkout.shipping.delivery").getByRole("button", { name: message(lang, "relais.open"), exact: true }).click();
    },
    "checkout.closeRelay": async (page, _event, world) => {
      const { lang } = path(world);
      await relayDialog(page, lang).getByRole("button", { name: message(lang, "relais.back"), exact: true }).click();
    },
    "checkout.chooseRelay": async (page, _event, world) => {
      const data = path(world);
      const dialog = relayDialog(page, data.lang);
      // Searched at once around the cart's delivery address: the first point of the list.
      const first = dialog.getByRole("radio").first();
      await first.click();
      await expect(first).toBeChecked();
      const validate = dialog.getByRole("button", { name: message(data.lang, "relais.validate"), exact: true });
      await expect(validate).toBeEnabled();
      data.inFlight = "address";
      data.held.arm(call("PUT", SHIPPING_ADDRESS));
      await validate.click();
    },
    "checkout.openAddressList": async (page, _event, world) => {
      const { lang } = path(world);
      await section(page, lang, "checkout.billing.title").getByRole("button", { name: message(lang, "checkout.billing.choose"), exact: true }).click();
    },
    "checkout.closeAddressList": async (page, _event, world) => {
      const { lang } = path(world);
      await billingDialog(page, lang).getByRole("button", { name: message(lang, "checkout.billing.cancel"), exact: true }).click();
    },
    "checkout.chooseBilling": async (page, event, world) => {
      if (event.type !== "checkout.chooseBilling") throw new Error(`not a billing address: ${event.type}`);
      const data = path(world);
      // From the address list (the step's own choice is the app's: not-caused.ts).
      const dialog = billingDialog(page, data.lang);
      await dialog.getByRole("radio", { name: new RegExp(`^${escapeRegExp(event.name)}`) }).check();
      data.inFlight = "billing";
      data.held.arm(call("PUT", BILLING_ADDRESS));
      await dialog.getByRole("button", { name: message(data.lang, "checkout.billing.confirm"), exact: true }).click();
    },
    "(setBillingAddress succeeds)": async (page, _event, world) => {
      const data = path(world);
      expect(await answer(data)).toBe(200);
      await expect(section(page, data.lang, "checkout.billing.title").getByText(HOME.name, { exact: true })).toBeVisible();
    },
    "(setBillingAddress fails: 401)": async (page, _event, world) => {
      const data = path(world);
      expect(await answer(data, () => signOutElsewhere(data))).toBe(401);
      data.sessionEnded = true;
      await expect(notification(page, data.lang, "alert", "errors.cartAdresse.unauthorized")).toBeVisible();
    },
    "(setBillingAddress fails: 409)": async (page, _event, world) => {
      const data = path(world);
      // Meanwhile, in another tab, the cart's payment started: the cart waits for it.
      expect(await answer(data, () => payingElsewhere(data))).toBe(409);
      await expect(notification(page, data.lang, "alert", "errors.cartAdresse.allReadyExist")).toBeVisible();
    },
    "(setBillingAddress fails: 404)": async (page, _event, world) => {
      const data = path(world);
      // Meanwhile, in another tab, the address left the address book.
      expect(await answer(data, () => deleteAddress(data, HOME.name))).toBe(404);
      await expect(notification(page, data.lang, "alert", "errors.cartAdresse.notFound")).toBeVisible();
    },
    "(setBillingAddress fails: 500)": async (page, _event, world) => {
      const data = path(world);
      await fail(data, 500, { message: "Internal Server Error" });
      await expect(notification(page, data.lang, "alert", "errors.server.access")).toBeVisible();
    },
    "checkout.chooseMethods": async (page, _event, world) => {
      const data = path(world);
      const refused = world.upcoming[0] !== undefined && isMethodRefusal(world.upcoming[0]);
      const radio = refused && data.businessMethod !== null ? methodChoices(page, data.lang).and(page.getByRole("radio", { name: new RegExp(escapeRegExp(data.businessMethod)) })) : methodChoices(page, data.lang).first();
      await expect(radio).toBeEnabled();
      data.inFlight = "methods";
      data.held.arm(call("PUT", SHIPMENT_METHODS));
      await radio.click();
    },
    "(setShipmentMethods succeeds)": async (page, _event, world) => {
      const data = path(world);
      expect(await answer(data)).toBe(200);
      await expect(methodChoices(page, data.lang).first()).toBeChecked();
    },
    "(setShipmentMethods fails: 400 VALIDATION)": async (page, _event, world) => {
      const data = path(world);
      // Meanwhile, in another tab, the parcel goes to the home address: no business method there.
      expect(await answer(data, () => setDelivery(data, HOME))).toBe(400);
      await expect(notification(page, data.lang, "alert", "checkout.shipping.methodRefused")).toBeVisible();
    },
    "(setShipmentMethods fails: 500)": async (page, _event, world) => {
      const data = path(world);
      await fail(data, 500, { message: "Internal Server Error" });
      await expect(notification(page, data.lang, "alert", "errors.server.access")).toBeVisible();
    },
    "checkout.continue": async (page, _event, world) => {
      const data = path(world);
      const button = continueButton(page, data.lang);
      await expect(button).toBeEnabled();
      // The step's own loads of the cart answered first: the next one is the stock check's.
      await expect.poll(() => data.cartLoads).toBe(0);
      data.inFlight = "stock";
      data.held.arm(call("GET", CART_BY_ID));
      await button.click();
    },
    "fetchCart answers a cart ready to pay": async (page, _event, world) => {
      expect(await answer(path(world))).toBe(200);
    },
    "fetchCart answers a cart above its stock": async (page, _event, world) => {
      const data = path(world);
      await answer(data, () => setStock(data, QUANTITY - 1));
      await stockBack(page, data);
    },
    "fetchCart answers a cart not ready to pay": async (page, _event, world) => {
      const data = path(world);
      // Meanwhile, in another tab, the parcel goes to the company's address: its method is dropped.
      expect(await answer(data, () => setDelivery(data, OFFICE))).toBe(200);
      await expect(continueButton(page, data.lang)).toBeDisabled();
    },
    "(fetchCart fails: 500)": async (page, _event, world) => {
      const data = path(world);
      await fail(data, 500, { message: "Internal Server Error" });
      await expect(notification(page, data.lang, "alert", "errors.server.access")).toBeVisible();
    },
    "checkout.closeOutOfStock": async (page, _event, world) => {
      const { lang } = path(world);
      await stockDialog(page, lang).getByRole("button", { name: message(lang, "layout.dialog.close"), exact: true }).click();
    },
  },
});

const CART_BY_ID_URL = /\/api\/v1\/shopping-cart\/[0-9a-f-]{36}(\?|$)/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The server refusing the method chosen (400), as opposed to failing. */
function isMethodRefusal(event: CheckoutModelEvent): boolean {
  return event.type === "xstate.error.actor.setShipmentMethods" && (event.error as { status?: number }).status === 400;
}
