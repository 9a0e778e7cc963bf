// The cart in the browser, on a shop of its own (cart.e2e.ts: a PostgreSQL database whose stock the
// binding changes as another sale would). The model's offer is a real product without variants
// (its stock stands for the model's 3), its stored cart a real cart made through the API before the
// page opens (with the seed's BIENVENUE10 when the path shows a coupon), or an unknown uuid for the
// "(fetchCart answers 404)" paths. A path that adds starts on the product page, any other on the cart
// page. Each request of the cart is held a moment so that the waiting state can be seen (on a product
// page, which shows nothing of the stored cart's load, the load is seen held), then answered
// by the real server, with the world changed first where the answer needs it: the cart deleted through
// the API (404 of a quantity change, a customer's cart emptied into "no cart"), the stock set to 0 in
// the database (the stock refusal), the coupon applied through the API (already applied), an unknown
// code typed (coupon not found), the customer's cart set to 2 items through the API. Sign-in goes through
// the sign-in dialog (a fresh General public account, or the seed's employee Lucie Bernard).
//
// Answered here with page.route(), for the one request each: a failing server (500: the contract lists
// none for these calls; it stands for any failing answer, which the cart treats alike). The stored
// cart's load that gets no answer is aborted as a dropped network would (route.abort()).
//
// A customer signs out from the header, once signed in through the dialog; or orders: an address and
// their cart made ready to pay through the API (delivery, billing, method), then the checkout in the
// page from the cart page's 'Order' link to the payment, whose request is sent with a test card's
// fields (`sendWithCard()`: the sandbox pays in place), the thank-you page, and back to the cart page
// from its header. The returning customer's start (cart.e2e.ts) opens the page with a customer's session stored, its restoring (GET
// /customers/me) held while the cart waits for it, then let go: to the server (the customer signed in),
// after the session was signed out through the API (refused: 401), or answered 500 here (the server
// could not check it).
import { randomUUID } from "node:crypto";
import type { Request, Route } from "@playwright/test";
import pg from "pg";
import { SAMPLE_COUPON, SAMPLE_STOCK } from "../../../machines/cart/cart.model.ts";
import type { CartEvent } from "../../../machines/cart/cart.types.ts";
import type { ModelEvent } from "../../../machines/shared/flow-model.ts";
import { data as dataOf, storefrontApi, type Lang } from "../support/api.ts";
import { allProducts, type ProductSummary } from "../support/catalogue.ts";
import { registerCustomer, signInBrowser, signInCustomer, type SignedInCustomer } from "../support/customers.ts";
import { baseUrl } from "../support/environment.ts";
import { expect, type BrowserContext, type Locator, type OpenPage, type Page } from "../support/fixtures.ts";
import { message, messagePattern } from "../support/messages.ts";
import { CARDS, HOME, PATHS, expectThankYou, readyToPay, sendWithCard, startPaying } from "../support/payment.ts";
import { atPath } from "../support/waits.ts";
import type { PostgresShop } from "../support/postgres-shop.ts";
import { cartModel } from "../../../machines/cart/cart.model.ts";
import { defineFlowBinding } from "./binding.ts";
import { holdApi, type Held } from "./world.ts";

/** The seed's employee without two-factor sign-in (server/seed/data/customers.ts) and the demo password. */
const EMPLOYEE = { email: "lucie.bernard@demo.escale.example", password: "EscaleDemo2026!" };
/** A minimum basket no cart of the flow reaches (cents). */
const UNREACHABLE_BASKET_CENTS = 100_000_000;
/** A code no coupon of the seed has. */
const UNKNOWN_COUPON = "INCONNU42";
/** The in-browser captcha of the sign-in dialog takes its time (as in auth-journeys.e2e.ts). */
const CAPTCHA_TIMEOUT_MS = 45_000;
const PRODUCT_PATH: Record<Lang, string> = { fr: "produit", en: "product" };
const CART_PATH: Record<Lang, string> = { fr: "mon-panier", en: "my-cart" };
const CART_ID_COOKIE = "cart_id";

type CartModelEvent = ModelEvent<CartEvent>;

/** The shop of the flow's file (cart.e2e.ts hands it over before the paths run). */
let ownShop: () => PostgresShop | null = () => null;
export function useShop(shop: () => PostgresShop | null): void {
  ownShop = shop;
}

const call = (method: string, path: RegExp) => (request: Request) => request.method() === method && path.test(new URL(request.url()).pathname);
const CART_BY_ID = /^\/api\/v1\/shopping-cart\/[0-9a-f-]{36}$/;
const CUSTOMER_CART = /^\/api\/v1\/shopping-cart$/;
const SET_QUANTITY = /^\/api\/v1\/shopping-cart\/set-offer-quantity$/;
const SET_COUPON = /^\/api\/v1\/shopping-cart\/[0-9a-f-]{36}\/set-coupon$/;
const REMOVE_COUPON = /^\/api\/v1\/shopping-cart\/[0-9a-f-]{36}\/remove-coupon$/;
const CUSTOMER_URL = /\/api\/v1\/customers\/me(\?|$)/;
const INITIATE_PAYMENT = /\/api\/v1\/adyen\/initiate-payment(\?|$)/;

interface PathData {
  lang: Lang;
  product: ProductSummary;
  offerId: number;
  stock: number;
  onProductPage: boolean;
  held: Held;
  /** The server's cart the page shows (or will), and the customer whose it is, if any. */
  cartId: string | null;
  customer: SignedInCustomer | null;
  /** What the page shows: the line's quantity (0: no line), and the coupon. */
  quantity: number;
  coupon: boolean;
  /** The session's restoring, held while the cart waits for it (the returning customer's start). */
  session: Route | null;
}

function path(world: { memory: Map<string, unknown> }): PathData {
  const found = world.memory.get("cart") as PathData | undefined;
  if (found === undefined) throw new Error("the cart path was not started");
  return found;
}

/** The model's quantity as this path asks for it: its stock (3) stands for the product's. */
const realQuantity = (data: PathData, quantity: number) => (quantity === SAMPLE_STOCK ? data.stock : quantity > SAMPLE_STOCK ? data.stock + quantity - SAMPLE_STOCK : quantity);

let chosen: Promise<ProductSummary[]> | undefined;

/** A product without variants, ordered one at a time, whose stock (4 to 10) limits the cart. */
async function cartProduct(lang: Lang): Promise<ProductSummary> {
  chosen ??= allProducts("fr");
  const french = (await chosen).find(
    (product) =>
      !product.isConfigurable &&
      product.variantCount <= 1 &&
      product.offer !== null &&
      product.offer.minimalOrderQuantity <= 1 &&
      product.offer.stockQuantity >= 4 &&
      product.offer.stockQuantity <= 10 &&
      (product.offer.maximalOrderQuantity === null || product.offer.maximalOrderQuantity >= product.offer.stockQuantity),
  );
  if (french === undefined) throw new Error("the demo catalogue has no simple product with 4 to 10 items in stock");
  if (lang === "fr") return french;
  const english = (await allProducts("en")).find((product) => product.reference === french.reference);
  if (english === undefined) throw new Error(`${french.reference} is not in the English catalogue`);
  return english;
}

const customerHeader = (customer: SignedInCustomer | null) => (customer ? { "X-Customer-Authorization": `Bearer ${customer.token}` } : {});

async function serverCart(data: PathData, quantity: number, coupon: boolean, customer: SignedInCustomer | null): Promise<string> {
  const api = await storefrontApi(data.lang);
  const header = customerHeader(customer);
  const cart = await dataOf(api.PUT("/shopping-cart/set-offer-quantity", { params: { header }, body: { offerId: data.offerId, quantity } }));
  if (coupon) await dataOf(api.PUT("/shopping-cart/{id}/set-coupon", { params: { path: { id: cart.uuid }, header }, body: { coupon: SAMPLE_COUPON } }));
  return cart.uuid;
}

async function deleteServerCart(data: PathData, cartId: string, customer: SignedInCustomer | null): Promise<void> {
  const api = await storefrontApi(data.lang);
  const { response } = await api.DELETE("/shopping-cart/{id}", { params: { path: { id: cartId }, header: customerHeader(customer) } });
  expect(response.status).toBe(204);
}

async function withDatabase<T>(use: (database: pg.Client) => Promise<T>): Promise<T> {
  const shop = ownShop();
  if (shop === null) throw new Error("the cart flow runs on a shop of its own");
  const database = new pg.Client({ connectionString: shop.cluster.url });
  await database.connect();
  try {
    return await use(database);
  } finally {
    await database.end();
  }
}

/** Sets the offer's stock in the database, as a sale or a restocking would. */
async function setStock(data: PathData, stock: number): Promise<void> {
  await withDatabase(async (database) => {
    await database.query("update offers set stock_quantity = $1 where id = $2", [stock, data.offerId]);
  });
}

function notification(page: Page, lang: Lang, role: "status" | "alert", id: string): Locator {
  return page.getByRole("region", { name: message(lang, "notifications.label") }).getByRole(role).getByText(message(lang, id), { exact: true }).first();
}

const sidebar = (page: Page, lang: Lang) => page.getByRole("dialog", { name: message(lang, "cart.title") });
const productModal = (page: Page, lang: Lang, kind: "added" | "removed") =>
  page.getByRole("dialog", { name: message(lang, kind === "added" ? "cart.modal.added" : "cart.modal.removed") });

/** Where the cart's controls are: the sidebar when it is open, else the cart page's main. */
function cartView(page: Page, data: PathData, sidebarOpen: boolean): Locator {
  return sidebarOpen ? sidebar(page, data.lang) : page.getByRole("main");
}

const lineIn = (scope: Locator, data: PathData) => scope.getByRole("article", { name: data.product.name, exact: true });

/** The header's cart button names the number of lines; its badge shows it (none for an empty cart). */
async function expectBadge(page: Page, data: PathData): Promise<void> {
  const count = data.quantity > 0 ? 1 : 0;
  const words = message(data.lang, "cart.lineCount");
  const said = data.lang === "fr" ? (count === 0 ? "vide" : "1 article") : count === 0 ? "empty" : "1 item";
  if (!words.includes("=0")) throw new Error("cart.lineCount changed its wording: update the badge's words here");
  const button = page.getByRole("banner").getByRole("button", { name: `${message(data.lang, "cart.open")} ${said}`, exact: true });
  await expect(button).toBeVisible();
  const badge = button.locator(".cart-button__badge");
  if (count === 0) await expect(badge).toHaveCount(0);
  else await expect(badge).toHaveText("1", { useInnerText: true });
}

async function expectCartCookie(context: BrowserContext, present: boolean): Promise<void> {
  await expect.poll(async () => (await context.cookies()).some((cookie) => cookie.name === CART_ID_COOKIE)).toBe(present);
}

/** A settled cart as the page shows it: the badge, the cookie, and on the cart page or in the sidebar its lines and coupon. */
async function expectSettled(page: Page, data: PathData, context: BrowserContext, sidebarOpen: boolean, hasCartId: boolean): Promise<void> {
  await expectBadge(page, data);
  await expectCartCookie(context, hasCartId);
  if (data.onProductPage && !sidebarOpen) {
    await expect(page.getByRole("button", { name: message(data.lang, "product.addToCart"), exact: true })).toBeEnabled();
    return;
  }
  const view = cartView(page, data, sidebarOpen);
  if (data.quantity === 0) {
    await expect(view.getByText(message(data.lang, "cart.empty"), { exact: true })).toBeVisible();
    return;
  }
  const line = lineIn(view, data);
  await expect(line.locator("output")).toHaveText(String(data.quantity));
  await expect(view.locator(".cart-contents")).toHaveAttribute("aria-busy", "false");
  const coupon = view.getByText(message(data.lang, "cart.coupon.applied").replace("{code}", SAMPLE_COUPON), { exact: true });
  if (data.coupon) await expect(coupon).toBeVisible();
  else await expect(coupon).toHaveCount(0);
}

/** A request of the cart in flight: the cart's controls wait. */
async function expectBusy(page: Page, data: PathData, sidebarOpen: boolean): Promise<void> {
  if (data.onProductPage && !sidebarOpen) {
    await expect(page.getByRole("button", { name: message(data.lang, "product.addToCart"), exact: true })).toBeDisabled();
    return;
  }
  const view = cartView(page, data, sidebarOpen);
  await expect(view.locator(".cart-contents")).toHaveAttribute("aria-busy", "true");
  await expect(view.getByRole("button", { name: message(data.lang, "cart.clear"), exact: true })).toBeDisabled();
}

/**
 * The cart being loaded: the cart page says so. The product page shows nothing of it (its badge may
 * come from the views' own query of the cart): there, the load is seen waiting, and the page ready to add.
 */
async function expectLoading(page: Page, data: PathData): Promise<void> {
  if (data.onProductPage) {
    await data.held.waiting();
    await expect(page.getByRole("button", { name: message(data.lang, "product.addToCart"), exact: true })).toBeVisible();
    return;
  }
  await expect(page.getByRole("main").getByRole("status").filter({ hasText: message(data.lang, "common.loading") })).toBeVisible();
}

async function expectDialogsClosed(page: Page, data: PathData, sidebarOpen: boolean): Promise<void> {
  await expect(productModal(page, data.lang, "added")).toHaveCount(0);
  await expect(productModal(page, data.lang, "removed")).toHaveCount(0);
  if (sidebarOpen) await expect(sidebar(page, data.lang)).toBeVisible();
  else await expect(sidebar(page, data.lang)).toHaveCount(0);
}

/** Lets the held request go to the server, after `before` changed the world, and waits for its answer. */
async function answer(page: Page, data: PathData, before?: () => Promise<void>): Promise<number> {
  const route = await data.held.next();
  await before?.();
  const url = route.request().url();
  const method = route.request().method();
  const response = page.waitForResponse((candidate) => candidate.url() === url && candidate.request().method() === method);
  await route.continue();
  return (await response).status();
}

async function fail(data: PathData, status: number, message: string): Promise<void> {
  const route = await data.held.next();
  await route.fulfill({ status, json: { status, code: status === 500 ? "INTERNAL_ERROR" : "CANCELLED", message } });
}

/** Signs in through the header's dialog, holding the customer's cart that the sign-in asks for. */
async function signInThroughDialog(page: Page, data: PathData, email: string, password: string): Promise<void> {
  const { lang } = data;
  data.held.arm(call("GET", CUSTOMER_CART));
  await page.getByRole("banner").getByRole("button", { name: message(lang, "layout.account") }).click();
  const dialog = page.getByRole("dialog", { name: message(lang, "layout.login.title") });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(message(lang, "auth.field.email"), { exact: true }).fill(email);
  await dialog.getByLabel(message(lang, "auth.field.password"), { exact: true }).fill(password);
  await dialog.getByRole("button", { name: message(lang, "auth.login.submit"), exact: true }).click();
  const welcome = page.getByRole("dialog", { name: messagePattern(lang, "auth.welcome.title") });
  await expect(welcome).toBeVisible({ timeout: CAPTCHA_TIMEOUT_MS });
  await welcome.getByRole("button", { name: message(lang, "auth.welcome.continue"), exact: true }).click();
  await expect(welcome).toBeHidden();
}

/** Lets the held restoring of the stored session go to the server. */
async function restoreSession(data: PathData): Promise<void> {
  await expect.poll(() => data.session !== null).toBe(true);
  await data.session?.continue();
}

/**
 * The returning customer's start: the page opens with a customer's session stored (a General public
 * customer of their own, or the seed's employee), whose restoring is held, and a stored cart of 1 item
 * (the customer's own; an anonymous one for the employee, which their sign-in leaves behind).
 */
async function openReturning(data: PathData, context: BrowserContext, openPage: OpenPage, first: CartModelEvent | undefined): Promise<Page> {
  const employee = first?.type === "customer.signedIn" && first.customerGroup !== "GENERAL_PUBLIC";
  const customer = employee ? await signInCustomer(EMPLOYEE.email, EMPLOYEE.password, data.lang) : await registerCustomer(data.lang);
  data.customer = customer;
  data.cartId = await serverCart(data, 1, false, employee ? null : customer);
  data.quantity = 1;
  await context.addCookies([{ name: CART_ID_COOKIE, value: data.cartId, url: baseUrl(), sameSite: "Strict" }]);
  await signInBrowser(context, customer.token);
  await context.route(CUSTOMER_URL, async (route) => {
    if (data.session === null && route.request().method() === "GET") data.session = route;
    else await route.fallback();
  });
  // Any load of the stored cart is held: none is made while the cart waits.
  data.held.arm(call("GET", CART_BY_ID));
  return openPage(`${baseUrl()}/${data.lang}/${CART_PATH[data.lang]}`);
}

const hasCoupon = (event: CartModelEvent) => "cart" in event && event.cart !== null && typeof event.cart === "object" && event.cart.coupon !== null;

export const cartBinding = defineFlowBinding(cartModel, {
  inEnglish: true,
  start: async ({ lang, context, openPage, memory, snapshot, next, upcoming }) => {
    if (ownShop() === null) throw new Error("the cart flow runs on a shop of its own (cart.e2e.ts)");
    const product = await cartProduct(lang);
    if (product.offer === null) throw new Error(`${product.slug} has no offer`);
    const held = await holdApi(context);
    const data: PathData = {
      lang,
      product,
      offerId: product.offer.id,
      stock: product.offer.stockQuantity,
      onProductPage: upcoming.some((event) => event.type === "cart.add"),
      held,
      cartId: null,
      customer: null,
      quantity: 0,
      coupon: false,
      session: null,
    };
    memory.set("cart", data);
    // A visitor without a stored cart (the second start, cart.e2e.ts): the page has nothing to load.
    if (snapshot.context.cartId === null) return openPage(`${baseUrl()}/${lang}/${CART_PATH[lang]}`);
    if (snapshot.context.awaitsSession) return openReturning(data, context, openPage, upcoming[0]);
    // The stored cart: a real one (of 1 item, with the coupon where the path shows it), or one the server does not know.
    if (next?.context.cartId !== null) data.cartId = await serverCart(data, 1, upcoming.some(hasCoupon), null);
    // A path that asks for more than the stock from the cart's stepper: another sale left only the item in
    // the cart, before the page loads it (the stock is put back once the page has refused).
    if (upcoming.some((event) => event.type === "cart.update" && event.quantity > SAMPLE_STOCK)) {
      await setStock(data, 1);
      data.stock = 1;
    }
    await context.addCookies([{ name: CART_ID_COOKIE, value: data.cartId ?? randomUUID(), url: baseUrl(), sameSite: "Strict" }]);
    // The first load of the stored cart (the machine's, or the views' query of it, which the header's badge reads) is held.
    held.arm(call("GET", CART_BY_ID));
    return openPage(data.onProductPage ? `${baseUrl()}/${lang}/${PRODUCT_PATH[lang]}/${product.slug}` : `${baseUrl()}/${lang}/${CART_PATH[lang]}`);
  },
  states: {
    "data.awaitingSession + sidebar.closed + productModal.closed": async (page, world) => {
      const data = path(world);
      // The session's restoring is on its way (held), and the cart page says the cart is loading.
      await expect.poll(() => data.session !== null).toBe(true);
      await expectLoading(page, data);
      expect(data.held.holding(() => true)).toBe(false);
    },
    "data.loading + sidebar.closed + productModal.closed": (page, world) => expectLoading(page, path(world)),
    "data.loadingCustomerCart + sidebar.closed + productModal.closed": (page, world) => expectLoading(page, path(world)),
    "data.ready + sidebar.closed + productModal.closed": async (page, world) => {
      const data = path(world);
      await expectDialogsClosed(page, data, false);
      await expectSettled(page, data, world.context, false, world.snapshot.context.cartId !== null);
    },
    "data.ready + sidebar.open + productModal.closed": async (page, world) => {
      const data = path(world);
      await expectDialogsClosed(page, data, true);
      await expectSettled(page, data, world.context, true, world.snapshot.context.cartId !== null);
    },
    "data.updating + sidebar.closed + productModal.closed": (page, world) => expectBusy(page, path(world), false),
    "data.updating + sidebar.open + productModal.closed": (page, world) => expectBusy(page, path(world), true),
    "data.applyingCoupon + sidebar.closed + productModal.closed": (page, world) => expectBusy(page, path(world), false),
    "data.removingCoupon + sidebar.closed + productModal.closed": (page, world) => expectBusy(page, path(world), false),
    "data.clearing + sidebar.closed + productModal.closed": (page, world) => expectBusy(page, path(world), false),
    "data.ready + sidebar.closed + productModal.added": async (page, world) => {
      const data = path(world);
      const modal = productModal(page, data.lang, "added");
      await expect(modal).toBeVisible();
      await expect(modal.getByText(data.product.name, { exact: true })).toBeVisible();
      await expect(modal.getByText(messagePattern(data.lang, "cart.modal.quantity"))).toContainText(String(data.quantity));
      await expectBadge(page, data);
    },
    "data.ready + sidebar.closed + productModal.removed": async (page, world) => {
      const data = path(world);
      const modal = productModal(page, data.lang, "removed");
      await expect(modal).toBeVisible();
      await expect(modal.getByText(data.product.name, { exact: true })).toBeVisible();
      await expectBadge(page, data);
    },
    "data.ready + sidebar.open + productModal.removed": async (page, world) => {
      const data = path(world);
      const modal = productModal(page, data.lang, "removed");
      await expect(modal).toBeVisible();
      await expect(modal.getByText(data.product.name, { exact: true })).toBeVisible();
      await expectBadge(page, data);
    },
  },
  events: {
    "(fetchCart answers a cart of 1 item(s))": async (page, _event, world) => {
      const data = path(world);
      expect(await answer(page, data)).toBe(200);
      data.quantity = 1;
      data.coupon = world.upcoming.some(hasCoupon);
    },
    "(fetchCart answers 404 NOT_FOUND)": async (page, _event, world) => {
      expect(await answer(page, path(world))).toBe(404);
    },
    "(fetchCart gets no answer)": async (_page, _event, world) => {
      const data = path(world);
      // The network drops the load; the id kept, the page's views ask for the cart again once the
      // machine has settled, and the server (reachable again) answers it.
      const route = await data.held.next();
      await route.abort("internetdisconnected");
      data.quantity = 1;
      data.coupon = world.upcoming.some(hasCoupon);
    },
    "cart.add": async (page, event, world) => {
      if (event.type !== "cart.add") throw new Error(`not an add: ${event.type}`);
      const data = path(world);
      const quantity = realQuantity(data, event.quantity);
      data.held.arm(call("PUT", SET_QUANTITY));
      const field = page.getByRole("main").getByLabel(message(data.lang, "product.quantity.label"), { exact: true });
      await expect(page.getByRole("heading", { level: 1, name: data.product.name })).toBeVisible();
      if (quantity !== 1) {
        await field.fill(String(quantity));
        await field.press("Enter");
      }
      await page.getByRole("button", { name: message(data.lang, "product.addToCart"), exact: true }).click();
      // Above the stock: refused before anything is sent.
      if (world.next?.matches({ data: "ready" })) {
        data.held.arm(() => false);
        await expect(notification(page, data.lang, "alert", "addToCart.max")).toBeVisible();
      }
    },
    "cart.update": async (page, event, world) => {
      if (event.type !== "cart.update") throw new Error(`not an update: ${event.type}`);
      const data = path(world);
      const quantity = realQuantity(data, event.quantity);
      if (quantity !== data.quantity + 1) throw new Error(`the stepper changes a line by one: ${data.quantity} to ${quantity} is not a user's step`);
      const line = lineIn(cartView(page, data, world.snapshot.matches({ sidebar: "open" })), data);
      if (event.quantity <= SAMPLE_STOCK) {
        data.held.arm(call("PUT", SET_QUANTITY));
        await line.getByRole("button", { name: message(data.lang, "cart.line.increase"), exact: true }).click();
        return;
      }
      // Above the stock the page shows: refused before anything is sent; then the stock is put back.
      data.held.arm(() => false);
      await expect(line.getByText(message(data.lang, "cart.line.max").replace("{max}", String(data.stock)), { exact: true })).toBeVisible();
      await line.getByRole("button", { name: message(data.lang, "cart.line.increase"), exact: true }).click();
      await expect(notification(page, data.lang, "alert", "addToCart.max")).toBeVisible();
      data.stock = data.product.offer?.stockQuantity ?? data.stock;
      await setStock(data, data.stock);
    },
    "cart.remove": async (page, _event, world) => {
      const data = path(world);
      data.held.arm(call("PUT", SET_QUANTITY));
      const line = lineIn(cartView(page, data, world.snapshot.matches({ sidebar: "open" })), data);
      await line.getByRole("button", { name: messagePattern(data.lang, "cart.line.remove") }).click();
    },
    "cart.clear": async (page, _event, world) => {
      const data = path(world);
      data.held.arm(call("DELETE", CART_BY_ID));
      await cartView(page, data, world.snapshot.matches({ sidebar: "open" })).getByRole("button", { name: message(data.lang, "cart.clear"), exact: true }).click();
    },
    "cart.applyCoupon": async (page, _event, world) => {
      const data = path(world);
      const outcome = world.upcoming[0];
      const unknown = outcome?.type === "xstate.error.actor.setCoupon" && (outcome.error as { code?: string }).code === "COUPON_NOT_FOUND";
      data.held.arm(call("PUT", SET_COUPON));
      const view = cartView(page, data, false);
      await view.getByLabel(message(data.lang, "cart.coupon.label"), { exact: true }).fill(unknown ? UNKNOWN_COUPON : SAMPLE_COUPON);
      await view.getByRole("button", { name: message(data.lang, "cart.coupon.apply"), exact: true }).click();
    },
    "cart.removeCoupon": async (page, _event, world) => {
      const data = path(world);
      data.held.arm(call("DELETE", REMOVE_COUPON));
      await cartView(page, data, false).getByRole("button", { name: message(data.lang, "cart.coupon.remove"), exact: true }).click();
    },
    "cart.openSidebar": async (page, _event, world) => {
      const { lang } = path(world);
      await page.getByRole("banner").getByRole("button", { name: new RegExp(`^${message(lang, "cart.open")}\\b`) }).click();
    },
    "cart.closeSidebar": async (page, _event, world) => {
      const { lang } = path(world);
      await sidebar(page, lang).getByRole("button", { name: message(lang, "layout.dialog.close"), exact: true }).click();
    },
    "cart.closeProductModal": async (page, _event, world) => {
      const { lang } = path(world);
      const modal = page.getByRole("dialog", { name: new RegExp(`^(${message(lang, "cart.modal.added")}|${message(lang, "cart.modal.removed")})$`) });
      await modal.getByRole("button", { name: message(lang, "cart.modal.continue"), exact: true }).click();
    },
    "customer.signedIn": async (page, event, world) => {
      if (event.type !== "customer.signedIn") throw new Error(`not a sign-in: ${event.type}`);
      const data = path(world);
      if (world.snapshot.matches({ data: "awaitingSession" })) {
        // The stored session restored: the customer's cart, which the session's answer brings the cart to ask for, is held.
        data.held.arm(call("GET", CUSTOMER_CART));
        await restoreSession(data);
        return;
      }
      if (event.customerGroup === "GENERAL_PUBLIC") {
        data.customer = await registerCustomer(data.lang);
        await signInThroughDialog(page, data, data.customer.email, data.customer.password);
      } else {
        await signInThroughDialog(page, data, EMPLOYEE.email, EMPLOYEE.password);
      }
    },
    "customer.signedOut": async (page, _event, world) => {
      const data = path(world);
      data.quantity = 0;
      data.coupon = false;
      if (world.snapshot.matches({ data: "awaitingSession" })) {
        // The session was signed out elsewhere meanwhile: the server refuses the stored one. The login
        // dialog opens with the 'disconnected' notice, which the shopper closes.
        const { customer } = data;
        if (customer === null) throw new Error("no customer's session stored");
        const api = await storefrontApi(data.lang);
        const { response } = await api.POST("/customers/sign-out", { params: { header: customerHeader(customer) } });
        expect(response.ok).toBe(true);
        await restoreSession(data);
        const dialog = page.getByRole("dialog", { name: message(data.lang, "layout.login.title") });
        await expect(dialog.getByRole("status").filter({ hasText: message(data.lang, "auth.disconnected") })).toBeVisible();
        await dialog.getByRole("button", { name: message(data.lang, "layout.dialog.close"), exact: true }).click();
        await expect(dialog).toBeHidden();
        return;
      }
      const signOut = page.getByRole("banner").getByRole("button", { name: message(data.lang, "layout.signOut"), exact: true });
      await expect(signOut).toBeVisible();
      await signOut.click();
    },
    "cart.ordered": async (page, _event, world) => {
      const data = path(world);
      const { customer, lang } = data;
      if (customer === null) throw new Error("only a signed-in customer orders");
      const header = { "X-Customer-Authorization": `Bearer ${customer.token}` };
      const api = await storefrontApi(lang);
      await dataOf(api.POST("/customers/address", { params: { header, query: { defaultShipping: true, defaultBilling: true } }, body: HOME }));
      await readyToPay(lang, { header }, "address");
      // The payment sent with a test card's fields (paid in place), the page staying the same app.
      await page.route(INITIATE_PAYMENT, (route) => sendWithCard(route, CARDS.plain));
      await page.getByRole("main").getByRole("link", { name: message(lang, "cart.passOrder"), exact: true }).click();
      await expect(page).toHaveURL(atPath(PATHS[lang].shipping));
      await page.getByRole("complementary").getByRole("button", { name: message(lang, "checkout.shipping.continue"), exact: true }).click();
      await expect(page).toHaveURL(atPath(PATHS[lang].payment));
      try {
        await startPaying(page, lang);
        await expectThankYou(page, lang, { header });
      } finally {
        // The order took its items from the stock: put back for the paths that follow, as a restocking would.
        await setStock(data, data.stock);
      }
      data.quantity = 0;
      data.coupon = false;
      data.cartId = null;
      // Back to the cart page from the checkout's header.
      await page.getByRole("banner").getByRole("link", { name: messagePattern(lang, "layout.checkout.backToCart") }).click();
      await expect(page).toHaveURL(atPath(PATHS[lang].cart));
    },
    "customer.notRestored": async (page, _event, world) => {
      const data = path(world);
      // The server could not check the stored session: the page says so, and the cart loads the stored one (held).
      await expect.poll(() => data.session !== null).toBe(true);
      await data.session?.fulfill({ status: 500, json: { status: 500, code: "INTERNAL_ERROR", message: "Internal Server Error" } });
      await expect(notification(page, data.lang, "alert", "errors.server.access")).toBeVisible();
    },
    "(fetchCustomerCart answers a cart of 2 item(s))": async (page, _event, world) => {
      const data = path(world);
      const { customer } = data;
      if (customer === null) throw new Error("no customer signed in");
      // The customer's cart (the visitor's, attached at sign-in) holds 2 of the offer.
      expect(await answer(page, data, async () => void (data.cartId = await serverCart(data, 2, false, customer)))).toBe(200);
      data.quantity = 2;
      data.coupon = false;
    },
    "(fetchCustomerCart answers no cart)": async (page, _event, world) => {
      const data = path(world);
      const { customer } = data;
      if (customer === null) throw new Error("no customer signed in");
      const status = await answer(page, data, async () => {
        const api = await storefrontApi(data.lang);
        const cart = await dataOf(api.GET("/shopping-cart", { params: { header: customerHeader(customer) } }));
        await deleteServerCart(data, cart.uuid, customer);
      });
      expect(status).toBe(204);
      data.quantity = 0;
      data.coupon = false;
    },
    "(fetchCustomerCart answers 500)": async (page, _event, world) => {
      const data = path(world);
      await fail(data, 500, "Internal Server Error");
      data.quantity = 0;
      data.coupon = false;
    },
    "(setOfferQuantity answers a cart of 0 item(s))": async (page, _event, world) => {
      const data = path(world);
      expect(await answer(page, data)).toBe(200);
      data.quantity = 0;
      await expect(notification(page, data.lang, "status", "addToCart.remove")).toBeVisible();
    },
    "(setOfferQuantity answers a cart of 1 item(s))": async (page, _event, world) => {
      const data = path(world);
      expect(await answer(page, data)).toBe(200);
      data.quantity = 1;
      await expect(notification(page, data.lang, "status", "addToCart.add")).toBeVisible();
    },
    "(setOfferQuantity answers a cart of 2 item(s))": async (page, _event, world) => {
      const data = path(world);
      if (world.snapshot.context.change?.hadCoupon === true) {
        // The coupon taken off: its terms changed meanwhile (a minimum basket above this one), so the
        // server drops it with the change; its terms are put back afterwards.
        await withDatabase(async (database) => {
          const setMinimum = (cents: number) => database.query("update coupons set minimum_basket_cents = $1 where code = $2", [cents, SAMPLE_COUPON]);
          try {
            expect(await answer(page, data, async () => void (await setMinimum(UNREACHABLE_BASKET_CENTS)))).toBe(200);
          } finally {
            await setMinimum(0);
          }
        });
        data.quantity = 2;
        data.coupon = false;
        await expect(notification(page, data.lang, "status", "coupon.dropped")).toBeVisible();
        return;
      }
      expect(await answer(page, data)).toBe(200);
      data.quantity = 2;
      await expect(notification(page, data.lang, "status", world.snapshot.context.change?.kind === "add" ? "addToCart.add" : "addToCart.update")).toBeVisible();
    },
    "(setOfferQuantity answers a cart of 2 item(s) with the coupon)": async (page, _event, world) => {
      const data = path(world);
      expect(await answer(page, data)).toBe(200);
      data.quantity = 2;
      await expect(notification(page, data.lang, "status", "addToCart.update")).toBeVisible();
    },
    "(setOfferQuantity answers a cart of 3 item(s))": async (page, _event, world) => {
      const data = path(world);
      expect(await answer(page, data)).toBe(200);
      data.quantity = data.stock;
      await expect(notification(page, data.lang, "status", "addToCart.add")).toBeVisible();
    },
    "(setOfferQuantity answers 409 QUANTITY_EXCEEDS_STOCK)": async (page, _event, world) => {
      const data = path(world);
      // Another sale took the stock meanwhile: the server refuses; the stock is put back afterwards.
      try {
        expect(await answer(page, data, () => setStock(data, 0))).toBe(409);
      } finally {
        await setStock(data, data.stock);
      }
      await expect(notification(page, data.lang, "alert", "addToCart.max")).toBeVisible();
    },
    "(setOfferQuantity answers 404 NOT_FOUND)": async (page, _event, world) => {
      const data = path(world);
      const { cartId } = data;
      if (cartId === null) throw new Error("no cart to delete");
      expect(await answer(page, data, () => deleteServerCart(data, cartId, data.customer))).toBe(404);
      data.quantity = 0;
      data.coupon = false;
      await expect(notification(page, data.lang, "alert", "errors.server.access")).toBeVisible();
    },
    "(setOfferQuantity answers 500)": async (page, _event, world) => {
      const data = path(world);
      await fail(data, 500, "Internal Server Error");
      await expect(notification(page, data.lang, "alert", "errors.server.access")).toBeVisible();
    },
    "(deleteCart succeeds)": async (page, _event, world) => {
      const data = path(world);
      expect(await answer(page, data)).toBe(204);
      data.quantity = 0;
      data.coupon = false;
    },
    "(deleteCart answers 500)": async (_page, _event, world) => {
      const data = path(world);
      await fail(data, 500, "Internal Server Error");
      data.quantity = 0;
      data.coupon = false;
    },
    "(setCoupon answers a cart of 1 item(s) with the coupon)": async (page, _event, world) => {
      const data = path(world);
      expect(await answer(page, data)).toBe(200);
      data.coupon = true;
      await expect(notification(page, data.lang, "status", "coupon.add")).toBeVisible();
    },
    "(setCoupon answers 409 COUPON_ALREADY_APPLIED)": async (page, _event, world) => {
      const data = path(world);
      const { cartId } = data;
      if (cartId === null) throw new Error("no cart");
      // The coupon was applied meanwhile (another tab): the page does not show it yet.
      const status = await answer(page, data, async () => {
        const api = await storefrontApi(data.lang);
        await dataOf(api.PUT("/shopping-cart/{id}/set-coupon", { params: { path: { id: cartId } }, body: { coupon: SAMPLE_COUPON } }));
      });
      expect(status).toBe(409);
      await expect(notification(page, data.lang, "alert", "coupon.allready")).toBeVisible();
    },
    "(setCoupon answers 404 COUPON_NOT_FOUND)": async (page, _event, world) => {
      const data = path(world);
      expect(await answer(page, data)).toBe(404);
      await expect(notification(page, data.lang, "alert", "coupon.not")).toBeVisible();
    },
    "(setCoupon answers 500)": async (page, _event, world) => {
      const data = path(world);
      await fail(data, 500, "Internal Server Error");
      await expect(notification(page, data.lang, "alert", "errors.server.access")).toBeVisible();
    },
    "(removeCoupon answers a cart of 1 item(s))": async (page, _event, world) => {
      const data = path(world);
      expect(await answer(page, data)).toBe(200);
      data.coupon = false;
      await expect(notification(page, data.lang, "status", "coupon.removed")).toBeVisible();
    },
    "(removeCoupon answers 500)": async (page, _event, world) => {
      const data = path(world);
      await fail(data, 500, "Internal Server Error");
      await expect(notification(page, data.lang, "alert", "errors.server.access")).toBeVisible();
    },
  },
});
