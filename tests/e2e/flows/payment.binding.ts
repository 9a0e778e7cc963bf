// The card payment in the browser, against the shop's payment sandbox (server/adapters/payment-sandbox),
// which stands in for Adyen: Drop-in shows its method as a pay button whose payment redirects the
// shopper to the sandbox's issuer pages, which send the browser back to the return page with a
// `redirectResult`. Each path has a customer of its own with a cart made ready to pay through the API,
// signed in in the browser, and starts on the cart page; the flow's visits are the payment pages'
// addresses (the payment step, the return page, the result page, the retry page). Each request of the
// flow is held a moment so that its waiting state can be seen, then answered by the real server, with
// the world changed first where the answer needs it:
// - the card: the sandbox's pay button sends the sandbox's method, whose answer is the redirect to the
//   issuer's page; the other answers of a card (authorised, refused, an error, the 3-D Secure page)
//   are the sandbox's for Adyen's test cards sent as Adyen's unencrypted test fields, which the held
//   payment request carries instead (Drop-in cannot show Adyen's hosted card fields offline);
// - the bank's return: the issuer's page paid with a test card, refused with the DECLINED holder;
//   a made-up redirect result, which the sandbox turns down (400);
//   a reload of the return page after the first visit handed the result over;
// - the server's refusals: the cart's quantity changed through the API (AMOUNT_MISMATCH), its
//   billing address deleted (CART_INCOMPLETE), its last line removed (CART_EMPTY); the cart paid
//   through the API with a test card (a paid order, ORDER_ALREADY_PAID);
// - the timers (the result page's polling, the bank's patience): Playwright's page clock.
// A transient state that no request holds (the payment component being shown) is read from what
// the page showed meanwhile: a recorder (an init script) notes each change of the payment section.
//
// Answered here with page.route() (route.fulfill), for what the real server cannot be made to give:
// - the provider unreachable (502 of the payment methods: the sandbox is always there), a failing
//   server (500 of a payment, of the cart, of an order, of a reopening);
// - the provider's answers the sandbox never gives: Pending, Received, Cancelled (at the payment the
//   sandbox cancels only on its issuer's page, and the return page's details of a payment given up
//   there answer Refused once the sandbox's notification of it is applied, which the held request
//   leaves time for), Cancelled for want of stock (the goods sold while the payment was
//   authorised), a 3-D Secure challenge answered on the return page;
// - CART_LOCKED (only while another start of the same cart waits for the provider, a matter of
//   milliseconds), OUT_OF_STOCK of a payment or of its details;
// - an order waiting for its payment or cancelled (the shop makes an order only once it is paid);
// - an action the component performs in place: the sandbox performs every action as a redirect, so
//   where a path's action is done in place the payment's answer is a 3-D Secure 2 identification
//   (Drop-in's `threeDS2` fingerprint action, without an issuer page to load), whose result Drop-in
//   sends to the provider's `submitThreeDS2Fingerprint` at the sandbox's address: answered here with
//   the identification's details (the component then hands them over: `payment.details`), or left to
//   the sandbox, which has no such address (404: the component fails, `payment.dropinFailed`); the
//   details' answers are then answered here too (the sandbox cannot read made-up details), the
//   authorised one naming the order of the cart paid through the API meanwhile.
// And route.abort(): the payment component's code that could not be downloaded. And one request
// sent on with another header: the retry page's reopening asked in another customer's session,
// which the real server answers 404 (a tab whose session changed; the page keeps one session).
//
// And one answer amended: the payment methods listing a card besides the sandbox's method, as Adyen's
// do. Drop-in shows it, but a card's fields are the provider's own pages, loaded with a client key the
// offline shop has none of: once the shopper opens the card, the component waits for its fields and,
// after 30 seconds (the page's clock), reports that they failed to load (`payment.dropinFailed` in
// `ready`), as it does when the provider cannot be reached.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Request, Route } from "@playwright/test";
import { BANK_PATIENCE_MS, ORDER_POLL_MS } from "../../../machines/payment/payment.machine.ts";
import { ERRORS, ORDER_REFERENCE, REDIRECT_RESULT, RESULTS, paymentModel } from "../../../machines/payment/payment.model.ts";
import type { PaymentSnapshot } from "../../../machines/payment/payment.selectors.ts";
import type { PaymentEvent, PaymentMessageId } from "../../../machines/payment/payment.types.ts";
import type { ModelEvent } from "../../../machines/shared/flow-model.ts";
import { data as dataOf, storefrontApi, type Lang } from "../support/api.ts";
import { registerCustomer, signInBrowser } from "../support/customers.ts";
import { baseUrl } from "../support/environment.ts";
import { expect, type BrowserContext, type Locator, type Page } from "../support/fixtures.ts";
import { message } from "../support/messages.ts";
import { CARDS, DECLINED_HOLDER, HOME, PATHS, paymentRegion, payOnIssuerPage, readyToPay, sendWithCard, shopperWithACart, type Shopper } from "../support/payment.ts";
import { atPath } from "../support/waits.ts";
import { defineFlowBinding } from "./binding.ts";

type PaymentModelEvent = ModelEvent<PaymentEvent>;

const ROOT = path.resolve(import.meta.dirname, "../../..");
/** The holder name that makes the sandbox answer Error (Adyen's test platform: "Acquirer Error"). */
const ERROR_HOLDER = "ERROR";
const RETURN_PATH: Record<Lang, string> = { fr: "/fr/commande/paiement/retour", en: "/en/checkout/paiement/retour" };
const RESULT_PATH: Record<Lang, string> = { fr: "/fr/commande/paiement/resultat", en: "/en/checkout/paiement/resultat" };
const RETRY_PATH: Record<Lang, string> = { fr: "/fr/commande/paiement/attente", en: "/en/checkout/paiement/attente" };

/** The built SPA's chunk with the payment component (dist/web, which the test shop serves). */
function dropinChunk(): string {
  const assets = path.join(ROOT, "dist/web/assets");
  const found = readdirSync(assets).find((file) => file.endsWith(".js") && readFileSync(path.join(assets, file), "utf8").includes("adyen-checkout__dropin"));
  if (found === undefined) throw new Error("no chunk of dist/web holds the payment component: build the SPA");
  return `/assets/${found}`;
}
let chunk: string | undefined;

// ── Requests held until an event lets them go.

const call = (method: string, pathname: RegExp) => (request: Request) => request.method() === method && pathname.test(new URL(request.url()).pathname);
const METHODS = call("POST", /^\/api\/v1\/adyen\/payment-methods$/);
const INITIATE = call("POST", /^\/api\/v1\/adyen\/initiate-payment$/);
const DETAILS = call("POST", /^\/api\/v1\/adyen\/submit-additional-details$/);
const CART = call("GET", /^\/api\/v1\/shopping-cart\/[0-9a-f-]{36}$/);
const ORDER = call("GET", /^\/api\/v1\/orders\/uuid\/[0-9a-f-]{36}$/);
const REOPEN = call("GET", /^\/api\/v1\/shopping-cart\/payment-failed\/[0-9a-f-]{36}$/);
const ISSUER = call("GET", /^\/payment-sandbox\/(pay|challenge|issuer)\b/);
const FINGERPRINT = call("POST", /^\/payment-sandbox\/drop-in\/v1\/submitThreeDS2Fingerprint$/);
const CHUNK = (request: Request) => request.method() === "GET" && new URL(request.url()).pathname === (chunk ??= dropinChunk());

type HoldName = "methods" | "initiate" | "details" | "cart" | "order" | "reopen" | "issuer" | "fingerprint" | "chunk";
const MATCHERS: Record<HoldName, (request: Request) => boolean> = {
  methods: METHODS,
  initiate: INITIATE,
  details: DETAILS,
  cart: CART,
  order: ORDER,
  reopen: REOPEN,
  issuer: ISSUER,
  fingerprint: FINGERPRINT,
  chunk: CHUNK,
};

interface Hold {
  name: HoldName;
  arrived: Route[];
  waiting: ((route: Route) => void)[];
}

/** The context's requests of the flow: the next one of each armed kind is held, the others go on. */
class Holds {
  private readonly armed: Hold[] = [];
  /** By kind, the holds not yet handed over, in the order they were armed. */
  private readonly held = new Map<HoldName, Hold[]>();

  static async on(context: BrowserContext): Promise<Holds> {
    const holds = new Holds();
    await context.route(/\/(api\/v1|payment-sandbox|assets)\//, (route) => holds.take(route));
    return holds;
  }

  /** Kinds of request that fail as if the connection were lost (every one, until unblocked). */
  private readonly blocked = new Set<HoldName>();

  private take(route: Route): Promise<void> {
    if ([...this.blocked].some((name) => MATCHERS[name](route.request()))) return route.abort("internetdisconnected");
    const index = this.armed.findIndex((hold) => MATCHERS[hold.name](route.request()));
    const hold = this.armed[index];
    if (hold === undefined) return route.fallback();
    this.armed.splice(index, 1);
    const waiter = hold.waiting.shift();
    if (waiter) waiter(route);
    else hold.arrived.push(route);
    return Promise.resolve();
  }

  block(name: HoldName): void {
    this.blocked.add(name);
  }

  unblock(name: HoldName): void {
    this.blocked.delete(name);
  }

  /** Holds the next request of this kind. */
  arm(name: HoldName): void {
    const hold: Hold = { name, arrived: [], waiting: [] };
    this.armed.push(hold);
    this.held.set(name, [...(this.held.get(name) ?? []), hold]);
  }

  private first(name: HoldName): Hold {
    const hold = this.held.get(name)?.[0];
    if (hold === undefined) throw new Error(`no ${name} request was held`);
    return hold;
  }

  /** The first held request of this kind, once it is sent. */
  next(name: HoldName): Promise<Route> {
    const hold = this.first(name);
    this.held.get(name)?.shift();
    const route = hold.arrived.shift();
    return route ? Promise.resolve(route) : new Promise((resolve) => hold.waiting.push(resolve));
  }

  /** Resolves once the first held request of this kind is sent (it stays held). */
  async sent(name: HoldName): Promise<void> {
    const hold = this.first(name);
    if (hold.arrived.length > 0) return;
    const route = await new Promise<Route>((resolve) => hold.waiting.push(resolve));
    hold.arrived.unshift(route);
  }
}

/** Lets the held request go to the real server, after `before` changed the world; answers its status and body. */
async function pass(holds: Holds, name: HoldName, before?: () => Promise<void>): Promise<{ status: number; body: unknown }> {
  const route = await holds.next(name);
  await before?.();
  const response = await route.fetch();
  const text = await response.text();
  await route.fulfill({ response, body: text });
  return { status: response.status(), body: text === "" ? null : (JSON.parse(text) as unknown) };
}

/** Lets the held request go to the real server and answers its JSON body as `amend` changes it. */
async function passAmended(holds: Holds, name: HoldName, amend: (body: unknown) => unknown): Promise<number> {
  const route = await holds.next(name);
  const response = await route.fetch();
  await route.fulfill({ response, json: amend(await response.json()) });
  return response.status();
}

/** A card in the provider's methods, as Adyen lists it (its fields are the provider's, out of the offline shop's reach). */
const CARD_METHOD = { type: "scheme", name: "Card", brands: ["visa", "mc", "cartebancaire"] };
/** How long Drop-in's card waits for its provider-hosted fields to load before it reports an error. */
const CARD_FIELDS_PATIENCE_MS = 30_000;

function withCard(body: unknown): unknown {
  if (typeof body !== "object" || body === null || !("paymentMethods" in body) || !Array.isArray(body.paymentMethods)) {
    throw new Error("the payment methods' answer has no list of methods");
  }
  return { ...body, paymentMethods: [...body.paymentMethods, CARD_METHOD] };
}

/** The held payment request sent with Adyen's unencrypted test fields of a card instead of the sandbox's method. */
async function payWithCard(holds: Holds, card: { number: string; cvc: string }, holderName = ""): Promise<{ status: number; body: unknown }> {
  return sendWithCard(await holds.next("initiate"), card, holderName);
}

/** Answers the held request itself (what the real server cannot be made to answer). */
async function answer(holds: Holds, name: HoldName, status: number, json: unknown): Promise<void> {
  const route = await holds.next(name);
  await route.fulfill({ status, json });
}

const problem = (error: { status: number; message: string; code?: string; fields?: string[] }) => ({
  status: error.status,
  message: error.message,
  code: error.code ?? (error.status === 502 ? "UPSTREAM_UNAVAILABLE" : "INTERNAL_ERROR"),
  ...(error.fields ? { fields: error.fields } : {}),
});

/** A 3-D Secure 2 identification the component performs in place (no issuer page to load: it goes straight to the provider). */
const IN_PLACE = {
  resultCode: "IdentifyShopper",
  action: { type: "threeDS2", subtype: "fingerprint", token: RESULTS.challenge.action?.token, paymentData: "sandbox-in-place" },
  orderReference: null,
  refusalReason: null,
};
/** What the provider answers the identification: done, with the details to hand over. */
const IDENTIFIED = { type: "completed", details: { threeDSResult: "eyJ0cmFuc1N0YXR1cyI6IlkifQ==" } };

// ── What the payment section showed, for the states no request holds.

interface Recorder {
  paymentSectionShows: (entry: string) => void;
}

/** Each change of the payment step's section: whether the component is there, the status's business and words (to the test, which keeps them across pages). */
function recordPaymentSection(): void {
  let last = "";
  const record = () => {
    const section = document.querySelector('[aria-labelledby="payment-method-title"]');
    if (section === null) return;
    const status = section.querySelector('p[role="status"]');
    const entry = `${section.querySelector('[role="group"]') ? "component" : "-"}|${status?.getAttribute("aria-busy") ?? "-"}|${status?.textContent ?? ""}`;
    if (entry === last) return;
    last = entry;
    (window as unknown as Recorder).paymentSectionShows(entry);
  };
  new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/** What the payment section showed since the current step began: `component|busy|status`. */
async function expectSeen(data: PathData, entry: string): Promise<void> {
  await expect.poll(() => data.seen.slice(data.seenFrom)).toContain(entry);
}

// ── A path's data.

interface PathData {
  lang: Lang;
  shopper: Shopper;
  cartId: string;
  holds: Holds;
  /** What the payment section showed (the recorder's notes), and where those of the current step start. */
  seen: string[];
  seenFrom: number;
}

function pathOf(world: { memory: Map<string, unknown> }): PathData {
  const found = world.memory.get("payment") as PathData | undefined;
  if (found === undefined) throw new Error("the payment path was not started");
  return found;
}

const header = (data: PathData) => data.shopper.header;

async function currentCart(data: PathData) {
  const api = await storefrontApi(data.lang);
  const cart = await dataOf(api.GET("/shopping-cart", { params: { header: header(data) } }));
  if (!cart) throw new Error("the customer has no cart");
  return cart;
}

/** The amount the shopper is asked for, in cents (SPEC §9: the coupon's price when there is one). */
const amountOf = (cart: Awaited<ReturnType<typeof currentCart>>) => (cart.specialPrice ?? cart.totalPrice).taxIncluded;

/** A payment of the cart started through the API, as the payment step would start it; answers the provider's result. */
async function initiateThroughApi(data: PathData, paymentMethod: Record<string, unknown>) {
  const api = await storefrontApi(data.lang);
  const cart = await currentCart(data);
  return dataOf(
    api.POST("/adyen/initiate-payment", {
      params: { header: header(data) },
      body: {
        amount: { value: amountOf(cart), currency: "EUR" },
        reference: data.cartId,
        paymentMethod,
        returnUrl: `${baseUrl()}${RETURN_PATH[data.lang]}?cartUuid=${data.cartId}`,
      },
    }),
  );
}

/** The cart paid through the API with a test card (another tab): its order is made, the cart gone. */
async function payThroughApi(data: PathData): Promise<string> {
  const [month, year] = ["03", "2030"];
  const result = await initiateThroughApi(data, { type: "scheme", number: CARDS.plain.number.replace(/\s/g, ""), expiryMonth: month, expiryYear: year, cvc: CARDS.plain.cvc });
  expect(result.resultCode).toBe("Authorised");
  if (!result.orderReference) throw new Error("an authorised payment without its order");
  return result.orderReference;
}

async function setQuantity(data: PathData, quantity: number): Promise<void> {
  const api = await storefrontApi(data.lang);
  const offerId = data.shopper.product.offer?.id;
  if (!offerId) throw new Error("the product has no offer");
  const { response } = await api.PUT("/shopping-cart/set-offer-quantity", { params: { header: header(data) }, body: { offerId, quantity } });
  expect(response.ok).toBe(true);
}

// ── What the pages show.

const heading = (page: Page, lang: Lang, id: string) => page.getByRole("heading", { level: 1, name: message(lang, id), exact: true });

function paymentStatus(page: Page, lang: Lang): Locator {
  return paymentRegion(page, lang).locator("p.payment-status");
}

/** A payment page's status line (the result, return and retry pages have one under their title). */
function pageStatus(page: Page): Locator {
  return page.getByRole("main").locator("p.payment-status");
}

async function expectStatus(status: Locator, lang: Lang, id: string | null, busy: boolean): Promise<void> {
  if (id === null) await expect(status).toHaveText("");
  else await expect(status).toHaveText(message(lang, id));
  await expect(status).toHaveAttribute("aria-busy", String(busy));
}

const component = (page: Page, lang: Lang) => paymentRegion(page, lang).getByRole("group", { name: message(lang, "payment.dropin.label"), exact: true });
const payButton = (page: Page, lang: Lang) => component(page, lang).getByRole("button", { name: new RegExp(`^${message(lang, "payment.dropin.continueTo")}`) });

async function expectOnStep(page: Page, lang: Lang): Promise<void> {
  await expect(page).toHaveURL(atPath(PATHS[lang].payment));
  await expect(heading(page, lang, "payment.title")).toBeVisible();
}

/** The notice of a payment that cannot go on: what it says, and its one way on. */
async function expectNotice(scope: Locator, lang: Lang, messageId: string, action: string): Promise<void> {
  const notice = scope.getByRole("alert").filter({ hasText: message(lang, messageId) });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole("button", { name: message(lang, action), exact: true })).toBeVisible();
  await expect(notice).toBeFocused();
}

const messageOf = (snapshot: PaymentSnapshot, fallback: PaymentMessageId): PaymentMessageId => snapshot.context.messageId ?? fallback;

const REASONS: Record<string, string> = { refused: "payment.refused", cancelled: "payment.cancelled", error: "payment.error", abandoned: "payment.abandoned" };

// ── What the path does next, read from its events.

const isEvent = (event: PaymentModelEvent | undefined, type: PaymentModelEvent["type"]) => event?.type === type;
const answersWith = (event: PaymentModelEvent | undefined, output: unknown) => event !== undefined && "output" in event && event.output === output;

export const paymentBinding = defineFlowBinding(paymentModel, {
  inEnglish: true,
  start: async (world) => {
    const { lang, context, next } = world;
    const shopper = await shopperWithACart(lang);
    await readyToPay(lang, shopper, "address");
    const api = await storefrontApi(lang);
    const cart = await dataOf(api.GET("/shopping-cart", { params: { header: shopper.header } }));
    if (!cart) throw new Error("the customer has no cart");
    await signInBrowser(context, shopper.session.token);
    const seen: string[] = [];
    await context.exposeFunction("paymentSectionShows", (entry: string) => void seen.push(entry));
    await context.addInitScript(recordPaymentSection);
    const holds = await Holds.on(context);
    world.memory.set("payment", { lang, shopper, cartId: cart.uuid, holds, seen, seenFrom: 0 } satisfies PathData);
    // The 'payment' consent: given on the banner for a visit of the step that has it.
    const consented = next?.matches("loadingMethods") ?? false;
    return world.openPage(PATHS[lang].cart, { consent: consented ? "accept" : "refuse" });
  },
  states: {
    idle: async (page, world) => {
      const { lang } = pathOf(world);
      await expect(page).toHaveURL(atPath(PATHS[lang].cart));
      await expect(heading(page, lang, "cart.title")).toBeVisible();
      await expect(page.locator("p.payment-status")).toHaveCount(0);
    },
    needsConsent: async (page, world) => {
      const { lang } = pathOf(world);
      await expectOnStep(page, lang);
      const region = paymentRegion(page, lang);
      await expect(region.getByText(message(lang, "payment.consent.text"))).toBeVisible();
      await expect(region.getByRole("button", { name: message(lang, "payment.consent.allow"), exact: true })).toBeVisible();
      await expect(component(page, lang)).toHaveCount(0);
    },
    loadingMethods: async (page, world) => {
      const { lang, holds } = pathOf(world);
      await expectOnStep(page, lang);
      await holds.sent("methods");
      await expectStatus(paymentStatus(page, lang), lang, "payment.status.loading", true);
      await expect(component(page, lang)).toHaveCount(0);
      await expect(paymentRegion(page, lang).getByRole("alert")).toHaveCount(0);
    },
    mounting: async (page, world) => {
      const data = pathOf(world);
      await expectOnStep(page, data.lang);
      // The component's place is there while the step still says it is loading.
      await expectSeen(data, `component|true|${message(data.lang, "payment.status.loading")}`);
    },
    ready: async (page, world) => {
      const { lang } = pathOf(world);
      await expect(payButton(page, lang)).toBeVisible();
      await expect(payButton(page, lang)).toBeEnabled();
      await expectStatus(paymentStatus(page, lang), lang, null, false);
    },
    submitting: async (page, world) => {
      const { lang, holds } = pathOf(world);
      await holds.sent("initiate");
      await expect(component(page, lang)).toBeAttached();
      await expectStatus(paymentStatus(page, lang), lang, "payment.status.paying", true);
    },
    actionInProgress: async (_page, world) => {
      // Before the bank's page opens, or while the component performs the action in place.
      await expectSeen(pathOf(world), `component|false|${message(pathOf(world).lang, "payment.status.action")}`);
    },
    confirming: async (page, world) => {
      const { lang, holds } = pathOf(world);
      await holds.sent("details");
      await expect(component(page, lang)).toBeAttached();
      await expectStatus(paymentStatus(page, lang), lang, "payment.status.paying", true);
    },
    refreshingAmount: async (page, world) => {
      const { lang, holds } = pathOf(world);
      // The cart is read again: the step says it is loading, the component is gone.
      await holds.sent("cart");
      await expectStatus(paymentStatus(page, lang), lang, "payment.status.loading", true);
      await expect(component(page, lang)).toHaveCount(0);
    },
    checkingStock: async (page, world) => {
      const { lang, holds } = pathOf(world);
      await holds.sent("cart");
      await expectStatus(page.getByRole("main").locator("p.payment-status"), lang, "payment.status.stock", true);
    },
    outOfStock: async (page, world) => {
      const { lang } = pathOf(world);
      const dialog = page.getByRole("dialog", { name: message(lang, "checkout.outOfStock.title"), exact: true });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(message(lang, "checkout.outOfStock.text"))).toBeVisible();
      await expect(dialog.getByRole("link", { name: message(lang, "checkout.outOfStock.editCart"), exact: true })).toBeVisible();
    },
    locked: async (page, world) => {
      const { lang } = pathOf(world);
      await expectNotice(paymentRegion(page, lang), lang, "payment.locked", "payment.tryAgain");
      await expect(component(page, lang)).toHaveCount(0);
    },
    failed: async (page, world) => {
      const { lang } = pathOf(world);
      await expectNotice(paymentRegion(page, lang), lang, messageOf(world.snapshot, "payment.error"), "payment.tryAgain");
      await expect(component(page, lang)).toHaveCount(0);
    },
    returning: async (page, world) => {
      const { lang, holds } = pathOf(world);
      await expect(heading(page, lang, "payment.return.title")).toBeVisible();
      await holds.sent("details");
      await expectStatus(pageStatus(page), lang, "payment.status.paying", true);
    },
    "waitingForBank.lookingUpOrder": async (page, world) => {
      const { lang, holds } = pathOf(world);
      await expect(heading(page, lang, "payment.result.title")).toBeVisible();
      await expect(page.getByText(message(lang, "payment.result.text"))).toBeVisible();
      await holds.sent("order");
      await expectStatus(pageStatus(page), lang, "payment.status.bank", true);
    },
    "waitingForBank.awaitingBank": async (page, world) => {
      const { lang } = pathOf(world);
      await expect(heading(page, lang, "payment.result.title")).toBeVisible();
      await expectStatus(pageStatus(page), lang, "payment.status.bank", false);
      await expect(page.getByRole("alert")).toHaveCount(0);
    },
    bankSilent: async (page, world) => {
      const { lang } = pathOf(world);
      await expect(heading(page, lang, "payment.result.title")).toBeVisible();
      await expectNotice(page.getByRole("main"), lang, "payment.result.late", "payment.retry.payAgain");
    },
    reopening: async (page, world) => {
      const { lang, holds } = pathOf(world);
      await expect(heading(page, lang, "payment.retry.title")).toBeVisible();
      await holds.sent("reopen");
      await expectStatus(pageStatus(page), lang, "payment.status.reopening", true);
      await expect(page.getByRole("button", { name: message(lang, "payment.retry.payAgain"), exact: true })).toHaveCount(0);
    },
    retryOffered: async (page, world) => {
      const { lang } = pathOf(world);
      await expect(heading(page, lang, "payment.retry.title")).toBeVisible();
      await expect(page.getByText(message(lang, "payment.retry.text"))).toBeVisible();
      await expect(page.getByRole("button", { name: message(lang, "payment.retry.payAgain"), exact: true })).toBeFocused();
    },
    reopenFailed: async (page, world) => {
      const { lang } = pathOf(world);
      await expect(heading(page, lang, "payment.retry.title")).toBeVisible();
      await expectNotice(page.getByRole("main"), lang, messageOf(world.snapshot, "errors.server.access"), "payment.tryAgain");
      await expect(page.getByRole("button", { name: message(lang, "payment.retry.payAgain"), exact: true })).toHaveCount(0);
    },
    thankYou: async (page, world) => {
      const { lang } = pathOf(world);
      await expect(page).toHaveURL(atPath(PATHS[lang].thankYou));
      await expect(heading(page, lang, "payment.thankYou.title")).toBeVisible();
      const reference = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1) ?? "");
      await expect(page.getByText(message(lang, "payment.thankYou.reference").replace("{reference}", reference), { exact: true })).toBeVisible();
    },
    retryPage: async (page, world) => {
      const { lang } = pathOf(world);
      await expect(page).toHaveURL(atPath(PATHS[lang].retry));
      await expect(heading(page, lang, "payment.retry.title")).toBeVisible();
      const reason = new URL(page.url()).searchParams.get("reason") ?? "error";
      await expect(page.getByText(message(lang, REASONS[reason] ?? "payment.error"), { exact: true })).toBeVisible();
    },
    resultPage: async (page, world) => {
      const { lang } = pathOf(world);
      await expect(page).toHaveURL(atPath(RESULT_PATH[lang]));
      await expect(heading(page, lang, "payment.result.title")).toBeVisible();
    },
    paymentStep: async (page, world) => {
      await expectOnStep(page, pathOf(world).lang);
    },
    shippingStep: async (page, world) => {
      const { lang } = pathOf(world);
      await expect(page).toHaveURL(atPath(PATHS[lang].shipping));
      await expect(heading(page, lang, "checkout.shipping.title")).toBeVisible();
    },
    cartPage: async (page, world) => {
      const { lang } = pathOf(world);
      await expect(page).toHaveURL(atPath(PATHS[lang].cart));
      await expect(heading(page, lang, "cart.title")).toBeVisible();
    },
  },
  events: {
    // ── The visits.
    "payment.open": async (page, _event, world) => {
      const data = pathOf(world);
      data.holds.arm("methods");
      await page.goto(PATHS[data.lang].payment);
    },
    "payment.return": async (page, event, world) => {
      if (event.type !== "payment.return") throw new Error(`not a return: ${event.type}`);
      const data = pathOf(world);
      const returnUrl = `${RETURN_PATH[data.lang]}?cartUuid=${data.cartId}`;
      if (event.redirectResult === null) {
        await page.goto(returnUrl);
        return;
      }
      const outcome = world.upcoming[0];
      if (event.alreadySubmitted) {
        // The bank's answer handed over once (the thank-you page), then the return address again (a reload, Back).
        const { action } = await initiateThroughApi(data, { type: "sandbox_card" });
        await page.goto(String(action?.url));
        const returned = page.waitForURL((url) => url.pathname === RETURN_PATH[data.lang] && url.searchParams.has("redirectResult"));
        await payOnIssuerPage(page, CARDS.plain);
        await returned;
        const handedOver = page.url();
        await expect(page).toHaveURL(atPath(PATHS[data.lang].thankYou));
        data.holds.arm("order");
        await page.goto(handedOver);
        return;
      }
      data.holds.arm("details");
      const real = answersWith(outcome, RESULTS.authorised) || answersWith(outcome, RESULTS.refused);
      if (!real) {
        // An answer the sandbox never gives, or its refusal of a result it did not make.
        await page.goto(`${returnUrl}&redirectResult=${encodeURIComponent(REDIRECT_RESULT)}`);
        return;
      }
      // The bank's page: paid, or refused.
      const { action } = await initiateThroughApi(data, { type: "sandbox_card" });
      await page.goto(String(action?.url));
      await payOnIssuerPage(page, CARDS.plain, answersWith(outcome, RESULTS.refused) ? DECLINED_HOLDER : "");
    },
    "payment.await": async (page, _event, world) => {
      const data = pathOf(world);
      data.holds.arm("order");
      await page.clock.install();
      await page.goto(`${RESULT_PATH[data.lang]}?cartUuid=${data.cartId}`);
      // Once the page asks for the order, its timers wait for the test's clock.
      await data.holds.sent("order");
      // Parts still downloading when the clock passes the bank's two minutes would be given up
      // (after 120 s of the page's time): the notification area, loaded after the first render, is there first.
      await expect(page.getByRole("region", { name: message(data.lang, "notifications.label") })).toBeAttached();
      await page.clock.pauseAt(Date.now() + 1000);
    },
    "payment.reopen": async (page, event, world) => {
      if (event.type !== "payment.reopen") throw new Error(`not a reopening: ${event.type}`);
      const data = pathOf(world);
      data.holds.arm("reopen");
      if (world.snapshot.matches("idle")) {
        await page.goto(`${RETRY_PATH[data.lang]}/${data.cartId}?reason=refused`);
        return;
      }
      await page.getByRole("alert").getByRole("button", { name: message(data.lang, "payment.tryAgain"), exact: true }).click();
    },

    // ── The shopper on the payment step.
    "payment.consented": async (page, _event, world) => {
      const { lang } = pathOf(world);
      await paymentRegion(page, lang).getByRole("button", { name: message(lang, "payment.consent.allow"), exact: true }).click();
    },
    "payment.dropinReady": async () => {
      // The component shows itself: the next state's check waits for it.
    },
    "payment.dropinFailed": async (page, _event, world) => {
      const data = pathOf(world);
      if (world.snapshot.matches("mounting")) {
        // The component's code cannot be downloaded (the connection is lost until the shopper tries again).
        data.holds.block("chunk");
        const route = await data.holds.next("chunk");
        await route.abort("internetdisconnected");
        return;
      }
      if (world.snapshot.matches("ready")) {
        // The shopper opens the card (named with its brands' pictures), whose fields the provider hosts: they never load.
        await component(page, data.lang).getByRole("radio", { name: new RegExp(`^${CARD_METHOD.name}\\b`) }).click();
        await page.clock.runFor(CARD_FIELDS_PATIENCE_MS);
        return;
      }
      // actionInProgress: the identification's result goes to the sandbox, which has no such address.
      expect((await pass(data.holds, "fingerprint")).status).toBe(404);
    },
    "payment.submit": async (page, _event, world) => {
      const data = pathOf(world);
      data.holds.arm("initiate");
      await payButton(page, data.lang).click();
    },
    "payment.details": async (_page, _event, world) => {
      const data = pathOf(world);
      // The provider answers the identification: the component hands its details over.
      data.holds.arm("details");
      await answer(data.holds, "fingerprint", 200, IDENTIFIED);
    },
    "payment.abandon": async (page) => {
      // The bank's page opens; the shopper comes Back to the step, which the browser kept in memory.
      await expect(page).toHaveURL(atPath(/^\/payment-sandbox\/pay\//));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.goBack();
    },
    "payment.retry": async (page, _event, world) => {
      const data = pathOf(world);
      if (world.snapshot.matches("bankSilent")) {
        await page.getByRole("alert").getByRole("button", { name: message(data.lang, "payment.retry.payAgain"), exact: true }).click();
        return;
      }
      data.holds.arm("methods");
      data.holds.unblock("chunk");
      await paymentRegion(page, data.lang).getByRole("alert").getByRole("button", { name: message(data.lang, "payment.tryAgain"), exact: true }).click();
    },
    "payment.closeOutOfStock": async (page, _event, world) => {
      const { lang } = pathOf(world);
      const dialog = page.getByRole("dialog", { name: message(lang, "checkout.outOfStock.title"), exact: true });
      await dialog.getByRole("link", { name: message(lang, "checkout.outOfStock.editCart"), exact: true }).click();
    },
    "payment.payAgain": async (page, _event, world) => {
      const { lang } = pathOf(world);
      await page.getByRole("button", { name: message(lang, "payment.retry.payAgain"), exact: true }).click();
    },

    // ── The payment methods.
    "(loadPaymentMethods succeeds)": async (page, _event, world) => {
      const data = pathOf(world);
      data.seenFrom = data.seen.length;
      if (isEvent(world.upcoming[0], "payment.dropinFailed")) data.holds.arm("chunk");
      if (isEvent(world.upcoming[0], "payment.dropinReady") && isEvent(world.upcoming[1], "payment.dropinFailed")) {
        // The component's timers follow the test's clock (see the header).
        await page.clock.install();
        expect(await passAmended(data.holds, "methods", withCard)).toBe(200);
        return;
      }
      expect((await pass(data.holds, "methods")).status).toBe(200);
    },
    "(loadPaymentMethods fails: 502)": async (_page, _event, world) => {
      const { holds } = pathOf(world);
      // The app's query asks once more (retry: 1) before it gives up.
      holds.arm("methods");
      await answer(holds, "methods", 502, problem(ERRORS.gateway));
      await answer(holds, "methods", 502, problem(ERRORS.gateway));
    },

    // ── The payment's start.
    "initiatePayment answers redirect": async (page, _event, world) => {
      const data = pathOf(world);
      data.seenFrom = data.seen.length;
      if (isEvent(world.upcoming[0], "payment.dropinFailed") || isEvent(world.upcoming[0], "payment.details")) {
        // An action the component performs in place (see the header).
        data.holds.arm("fingerprint");
        await answer(data.holds, "initiate", 200, IN_PLACE);
        return;
      }
      const { status, body } = await pass(data.holds, "initiate");
      expect(status).toBe(200);
      expect(body).toMatchObject({ resultCode: "RedirectShopper", action: { type: "redirect" } });
    },
    "initiatePayment answers challenge": async (page, _event, world) => {
      const data = pathOf(world);
      data.seenFrom = data.seen.length;
      // A card enrolled in 3-D Secure: the bank's challenge page opens.
      const { status, body } = await payWithCard(data.holds, CARDS.threeDSecure);
      expect(status).toBe(200);
      expect(body).toMatchObject({ resultCode: "RedirectShopper" });
    },
    "initiatePayment answers authorised": async (_page, _event, world) => {
      const { status, body } = await payWithCard(pathOf(world).holds, CARDS.plain);
      expect(status).toBe(200);
      expect(body).toMatchObject({ resultCode: "Authorised" });
    },
    "initiatePayment answers refused": async (_page, _event, world) => {
      const { status, body } = await payWithCard(pathOf(world).holds, CARDS.plain, DECLINED_HOLDER);
      expect(status).toBe(200);
      expect(body).toMatchObject({ resultCode: "Refused" });
    },
    "initiatePayment answers error": async (_page, _event, world) => {
      const { status, body } = await payWithCard(pathOf(world).holds, CARDS.plain, ERROR_HOLDER);
      expect(status).toBe(200);
      expect(body).toMatchObject({ resultCode: "Error" });
    },
    "initiatePayment answers cancelled": async (_page, _event, world) => {
      await answer(pathOf(world).holds, "initiate", 200, { ...RESULTS.cancelled, orderReference: null });
    },
    "initiatePayment answers pending": async (_page, _event, world) => {
      await answer(pathOf(world).holds, "initiate", 200, { ...RESULTS.pending, orderReference: null });
    },
    "initiatePayment answers received": async (_page, _event, world) => {
      await answer(pathOf(world).holds, "initiate", 200, { ...RESULTS.received, orderReference: null });
    },
    "initiatePayment answers outOfStock": async (_page, _event, world) => {
      const data = pathOf(world);
      data.holds.arm("cart");
      await answer(data.holds, "initiate", 200, { ...RESULTS.outOfStock, orderReference: null });
    },
    "initiatePayment fails: amountMismatch": async (_page, _event, world) => {
      const data = pathOf(world);
      data.holds.arm("cart");
      // The cart changed in another tab since the step was shown.
      const { status, body } = await pass(data.holds, "initiate", () => setQuantity(data, 2));
      expect(status).toBe(409);
      expect(body).toMatchObject({ code: "AMOUNT_MISMATCH" });
    },
    "initiatePayment fails: outOfStock": async (_page, _event, world) => {
      const data = pathOf(world);
      data.holds.arm("cart");
      await answer(data.holds, "initiate", 409, problem(ERRORS.outOfStock));
    },
    "initiatePayment fails: locked": async (_page, _event, world) => {
      await answer(pathOf(world).holds, "initiate", 409, problem(ERRORS.locked));
    },
    "initiatePayment fails: incomplete": async (_page, _event, world) => {
      const data = pathOf(world);
      // The billing address deleted in the account meanwhile.
      const { status, body } = await pass(data.holds, "initiate", async () => {
        const api = await storefrontApi(data.lang);
        const { response } = await api.DELETE("/customers/address/{name}", { params: { header: header(data), path: { name: HOME.name } } });
        expect(response.ok).toBe(true);
      });
      expect(status).toBe(409);
      expect(body).toMatchObject({ code: "CART_INCOMPLETE" });
    },
    "initiatePayment fails: empty": async (_page, _event, world) => {
      const data = pathOf(world);
      // The last line removed in another tab.
      const { status, body } = await pass(data.holds, "initiate", () => setQuantity(data, 0));
      expect(status).toBe(409);
      expect(body).toMatchObject({ code: "CART_EMPTY" });
    },
    "initiatePayment fails: server": async (_page, _event, world) => {
      await answer(pathOf(world).holds, "initiate", 500, problem(ERRORS.server));
    },

    // ── The action's result (the return page; done in place, see payment.details).
    "submitDetails answers authorised": async (_page, _event, world) => {
      const data = pathOf(world);
      if (world.snapshot.matches("confirming")) {
        const orderReference = await payThroughApi(data);
        await answer(data.holds, "details", 200, { ...RESULTS.authorised, orderReference });
        return;
      }
      const { status, body } = await pass(data.holds, "details");
      expect(status).toBe(200);
      expect(body).toMatchObject({ resultCode: "Authorised" });
    },
    "submitDetails answers refused": async (_page, _event, world) => {
      const { status, body } = await pass(pathOf(world).holds, "details");
      expect(status).toBe(200);
      expect(body).toMatchObject({ resultCode: "Refused" });
    },
    "submitDetails answers cancelled": async (_page, _event, world) => {
      await answer(pathOf(world).holds, "details", 200, { ...RESULTS.cancelled, orderReference: null });
    },
    "submitDetails answers challenge": async (_page, _event, world) => {
      await answer(pathOf(world).holds, "details", 200, { ...RESULTS.challenge, orderReference: null });
    },
    "submitDetails answers received": async (_page, _event, world) => {
      await answer(pathOf(world).holds, "details", 200, { ...RESULTS.received, orderReference: null });
    },
    "submitDetails answers pending": async (_page, _event, world) => {
      await answer(pathOf(world).holds, "details", 200, { ...RESULTS.pending, orderReference: null });
    },
    "submitDetails answers error": async (_page, _event, world) => {
      await answer(pathOf(world).holds, "details", 200, { ...RESULTS.error, orderReference: null });
    },
    "submitDetails answers redirect": async (_page, _event, world) => {
      const data = pathOf(world);
      data.holds.arm("issuer");
      await answer(data.holds, "details", 200, { ...RESULTS.redirect, orderReference: null });
    },
    "submitDetails answers outOfStock": async (_page, _event, world) => {
      const data = pathOf(world);
      data.holds.arm("cart");
      await answer(data.holds, "details", 200, { ...RESULTS.outOfStock, orderReference: null });
    },
    "submitDetails fails: outOfStock": async (_page, _event, world) => {
      const data = pathOf(world);
      if (world.next?.matches("checkingStock")) data.holds.arm("cart");
      await answer(data.holds, "details", 409, problem(ERRORS.outOfStock));
    },
    "submitDetails fails: server": async (_page, _event, world) => {
      // The sandbox turns down a redirect result it did not make.
      const { status } = await pass(pathOf(world).holds, "details");
      expect(status).toBe(400);
    },

    // ── The cart read again.
    "(fetchCart succeeds)": async (page, _event, world) => {
      const data = pathOf(world);
      if (world.next?.matches("loadingMethods")) data.holds.arm("methods");
      expect((await pass(data.holds, "cart")).status).toBe(200);
      if (world.next?.matches("loadingMethods")) {
        await expect(page.getByRole("region", { name: message(data.lang, "notifications.label") }).getByText(message(data.lang, "payment.amountChanged"))).toBeVisible();
      }
    },
    "(fetchCart fails: 500)": async (_page, _event, world) => {
      await answer(pathOf(world).holds, "cart", 500, problem(ERRORS.server));
    },

    // ── The result page.
    "findOrder answers a paid order": async (_page, _event, world) => {
      const data = pathOf(world);
      // The bank's answer came: the payment is authorised and its order made.
      const { status, body } = await pass(data.holds, "order", async () => void (await payThroughApi(data)));
      expect(status).toBe(200);
      expect(body).toMatchObject({ status: "PAID" });
    },
    "findOrder answers no order": async (_page, _event, world) => {
      expect((await pass(pathOf(world).holds, "order")).status).toBe(404);
    },
    "findOrder answers a pending order": async (_page, _event, world) => {
      await answer(pathOf(world).holds, "order", 200, { reference: ORDER_REFERENCE, status: "PENDING_PAYMENT" });
    },
    "findOrder answers a cancelled order": async (_page, _event, world) => {
      await answer(pathOf(world).holds, "order", 200, { reference: ORDER_REFERENCE, status: "CANCELLED" });
    },
    "(findOrder fails: 500)": async (_page, _event, world) => {
      await answer(pathOf(world).holds, "order", 500, problem(ERRORS.server));
    },
    "(after orderPoll)": async (page, _event, world) => {
      pathOf(world).holds.arm("order");
      await page.clock.runFor(ORDER_POLL_MS);
    },
    "(after bankPatience)": async (page) => {
      await page.clock.runFor(BANK_PATIENCE_MS);
    },

    // ── The retry page.
    "(reopenCart succeeds)": async (_page, _event, world) => {
      expect((await pass(pathOf(world).holds, "reopen")).status).toBe(200);
    },
    "reopenCart fails: notFound": async (_page, _event, world) => {
      // Asked in another customer's session: the server knows no such cart for them.
      const route = await pathOf(world).holds.next("reopen");
      const other = await registerCustomer(pathOf(world).lang);
      const response = await route.fetch({ headers: { ...route.request().headers(), "x-customer-authorization": `Bearer ${other.token}` } });
      expect(response.status()).toBe(404);
      // The other session's renewed token stays with that session (the tab keeps the shopper's).
      const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => name.toLowerCase() !== "x-customer-token"));
      await route.fulfill({ response, headers });
    },
    "reopenCart fails: alreadyPaid": async (_page, _event, world) => {
      const data = pathOf(world);
      // The payment went through after all (another tab paid the cart).
      data.holds.arm("order");
      const { status, body } = await pass(data.holds, "reopen", async () => void (await payThroughApi(data)));
      expect(status).toBe(409);
      expect(body).toMatchObject({ code: "ORDER_ALREADY_PAID" });
    },
    "reopenCart fails: server": async (_page, _event, world) => {
      await answer(pathOf(world).holds, "reopen", 500, problem(ERRORS.server));
    },
  },
});
