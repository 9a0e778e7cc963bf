// The cart through the real shop: adding from a product card and from a product page (confirmation
// modal, notification, header badge), the stepper up to the stock then addToCart.max, removing, a valid
// then an invalid coupon, clearing, the cart kept across a reload and a language switch, the phone
// layout, and axe on the sidebar and the cart page.
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { data, normaliseSpaces, shownPrice, storefrontApi } from "./support/api.ts";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { MOBILE, currentContext, openPage } from "./support/browser.ts";
import { allProducts, largestTopCategory, productBySlug, type ProductSummary } from "./support/catalogue.ts";
import { message, messagePattern } from "./support/messages.ts";
import { hidden, visible, waitForHtmlLang, waitForPath } from "./support/waits.ts";

/** Seeded demo coupons (server/seed/coupons.ts): 10 % off, and one that expired. */
const VALID_COUPON = "BIENVENUE10";
const EXPIRED_COUPON = "ETE2025";
/** Adds a free luggage tag: the amount to pay does not change. */
const GIFT_COUPON = "CADEAU";
/** 15 € off a basket from 100 €. */
const AMOUNT_COUPON = "VOYAGE15";

let cardProduct: ProductSummary;
let cardCategoryPath: string;
let limitedProduct: ProductSummary;

const isSimple = (product: ProductSummary) => !product.isConfigurable && product.variantCount <= 1 && product.offer !== null;
/** Ordered one at a time, and the stock (not the maximal order quantity) is what limits the cart. */
const stockLimited = (product: ProductSummary) =>
  product.offer !== null &&
  product.offer.minimalOrderQuantity <= 1 &&
  (product.offer.maximalOrderQuantity === null || product.offer.maximalOrderQuantity >= product.offer.stockQuantity);

beforeAll(async () => {
  const { node, listing } = await largestTopCategory("fr");
  const onCard = listing.products.content.find((product) => isSimple(product) && (product.offer?.stockQuantity ?? 0) > 1 && stockLimited(product));
  if (!onCard) throw new Error(`no simple product in stock on the first page of ${node.path}`);
  cardProduct = onCard;
  cardCategoryPath = node.path;
  const limited = (await allProducts("fr")).find(
    (product) => isSimple(product) && stockLimited(product) && (product.offer?.stockQuantity ?? 0) >= 2 && (product.offer?.stockQuantity ?? 0) <= 4,
  );
  if (!limited) throw new Error("the demo catalogue has no simple product with 2 to 4 items in stock");
  limitedProduct = limited;
});

function cartButton(page: Page, lang: "fr" | "en" = "fr"): Locator {
  return page.getByRole("banner").getByRole("button", { name: new RegExp(`^${message(lang, "cart.open")}\\b`) });
}

/** What the cart button says of its lines, as `cart.lineCount` words it. */
function lineCountText(count: number, lang: "fr" | "en"): string {
  if (lang === "fr") return count === 0 ? "vide" : count === 1 ? "1 article" : `${count} articles`;
  return count === 0 ? "empty" : count === 1 ? "1 item" : `${count} items`;
}

/** The header's cart button names the number of lines, and its badge shows it (none for an empty cart). */
async function expectBadge(page: Page, count: number, lang: "fr" | "en" = "fr"): Promise<void> {
  const button = await visible(
    page.getByRole("banner").getByRole("button", { name: `${message(lang, "cart.open")} ${lineCountText(count, lang)}`, exact: true }),
  );
  const badge = button.locator(".cart-button__badge");
  if (count === 0) expect(await badge.count()).toBe(0);
  else expect(await badge.innerText()).toBe(String(count));
}

function notifications(page: Page, lang: "fr" | "en" = "fr") {
  return page.getByRole("region", { name: message(lang, "notifications.label") });
}

async function expectNotification(page: Page, id: string, role: "status" | "alert", lang: "fr" | "en" = "fr"): Promise<void> {
  await visible(notifications(page, lang).getByRole(role).getByText(message(lang, id), { exact: true }));
}

function sidebar(page: Page, lang: "fr" | "en" = "fr") {
  return page.getByRole("dialog", { name: message(lang, "cart.title") });
}

function productModal(page: Page, kind: "added" | "removed") {
  return page.getByRole("dialog", { name: message("fr", kind === "added" ? "cart.modal.added" : "cart.modal.removed") });
}

function line(scope: Locator | Page, name: string) {
  return scope.getByRole("article", { name, exact: true });
}

async function quantityOf(lineLocator: Locator): Promise<number> {
  return Number(await lineLocator.locator("output").innerText());
}

async function waitForQuantity(page: Page, lineLocator: Locator, quantity: number): Promise<void> {
  await page.waitForFunction(
    ([element, expected]) => element?.textContent === expected,
    [await lineLocator.locator("output").elementHandle(), String(quantity)] as const,
    { timeout: 15_000 },
  );
}

/** Adds a product from its page (quantity 1) and closes the confirmation. */
async function addFromProductPage(page: Page, product: ProductSummary): Promise<void> {
  await visible(page.getByRole("heading", { level: 1, name: product.name }));
  await page.getByRole("button", { name: message("fr", "product.addToCart"), exact: true }).click();
  const modal = await visible(productModal(page, "added"));
  await modal.getByRole("button", { name: message("fr", "cart.modal.continue"), exact: true }).click();
  await hidden(modal);
}

/** The cart's uuid kept in the cart cookie, and the cart the server has under it. */
async function serverCart() {
  const cookies = await (await currentContext()).cookies();
  const id = cookies.find((cookie) => cookie.name === "cart_id")?.value ?? "";
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id)) throw new Error(`no cart uuid in the cart cookie: '${id}'`);
  const api = await storefrontApi("fr");
  return data(api.GET("/shopping-cart/{id}", { params: { path: { id } } }));
}

describe("cart", () => {
  it("drops a cart cookie of an earlier version (a sequential id) without a word, and keeps the next cart by its uuid", async () => {
    const first = await openPage("/fr");
    await (await currentContext()).addCookies([{ name: "cart_id", value: "2", url: first.url(), sameSite: "Strict" }]);
    const page = await openPage(`/fr/categorie/${cardCategoryPath}`);
    await expectBadge(page, 0);
    const card = page.getByRole("main").getByRole("article").filter({ has: page.getByRole("link", { name: cardProduct.name, exact: true }) });
    await (await visible(card.getByRole("button", { name: new RegExp(`^${message("fr", "cart.card.add")}`) }))).click();
    await visible(productModal(page, "added"));
    await expectBadge(page, 1);
    expect(await page.getByText(message("fr", "errors.server.access")).count()).toBe(0);
    expect((await serverCart()).cartItems.map((item) => [item.offerId, item.quantity])).toEqual([[cardProduct.offer?.id, 1]]);
  });

  it("adds a simple product from its card: confirmation modal, notification and badge", async () => {
    const page = await openPage(`/fr/categorie/${cardCategoryPath}`);
    const card = page.getByRole("main").getByRole("article").filter({ has: page.getByRole("link", { name: cardProduct.name, exact: true }) });
    await expectBadge(page, 0);
    await (await visible(card.getByRole("button", { name: new RegExp(`^${message("fr", "cart.card.add")}`) }))).click();

    const modal = await visible(productModal(page, "added"));
    await visible(modal.getByText(cardProduct.name, { exact: true }));
    await visible(modal.getByText(messagePattern("fr", "cart.modal.quantity")));
    await expectNotification(page, "addToCart.add", "status");
    await modal.getByRole("button", { name: message("fr", "cart.modal.continue"), exact: true }).click();
    await hidden(modal);
    await expectBadge(page, 1);
    expect((await serverCart()).cartItems.map((item) => [item.offerId, item.quantity])).toEqual([[cardProduct.offer?.id, 1]]);
  });

  it("adds from a product page, then the stepper goes up to the stock and shows addToCart.max", async () => {
    const stock = limitedProduct.offer?.stockQuantity ?? 0;
    const page = await openPage(`/fr/produit/${limitedProduct.slug}`);
    await addFromProductPage(page, limitedProduct);
    await expectBadge(page, 1);

    // Show my shopping cart: the cart page.
    await page.getByRole("button", { name: message("fr", "product.addToCart"), exact: true }).click();
    const modal = await visible(productModal(page, "added"));
    await modal.getByRole("link", { name: message("fr", "cart.modal.showCart"), exact: true }).click();
    await waitForPath(page, "/fr/mon-panier");
    await hidden(modal);
    await visible(page.getByRole("heading", { level: 1, name: message("fr", "cart.page.title") }));
    const row = await visible(line(page.getByRole("main"), limitedProduct.name));
    expect(await quantityOf(row)).toBe(2);

    const increase = row.getByRole("button", { name: message("fr", "cart.line.increase"), exact: true });
    for (let quantity = 3; quantity <= stock; quantity += 1) {
      await increase.click();
      await waitForQuantity(page, row, quantity);
      await expectNotification(page, "addToCart.update", "status");
    }
    await visible(row.getByText(messagePattern("fr", "cart.line.max")));
    await increase.click();
    await expectNotification(page, "addToCart.max", "alert");
    expect(await quantityOf(row)).toBe(stock);
    const lineTotal = (await serverCart()).cartItems[0]?.taxIncludedTotalPrice ?? 0;
    expect(normaliseSpaces(await row.locator(".cart-line__total").innerText())).toContain(shownPrice(lineTotal, "fr"));

    // The product page refuses to add more than the stock too.
    await page.goto(`/fr/produit/${limitedProduct.slug}`);
    await visible(page.getByRole("heading", { level: 1, name: limitedProduct.name }));
    await page.getByRole("button", { name: message("fr", "product.addToCart"), exact: true }).click();
    await expectNotification(page, "addToCart.max", "alert");
    expect((await serverCart()).cartItems[0]?.quantity).toBe(stock);
  });

  it("refuses to add more than the stock typed on a product page, adding nothing", async () => {
    const stock = limitedProduct.offer?.stockQuantity ?? 0;
    const page = await openPage(`/fr/produit/${limitedProduct.slug}`);
    await visible(page.getByRole("heading", { level: 1, name: limitedProduct.name }));
    const field = page.getByRole("main").getByLabel(message("fr", "product.quantity.label"), { exact: true });
    await field.fill(String(stock + 2));
    await field.press("Enter");
    await page.getByRole("button", { name: message("fr", "product.addToCart"), exact: true }).click();
    await expectNotification(page, "addToCart.max", "alert");
    expect(await productModal(page, "added").count()).toBe(0);
    await expectBadge(page, 0);
    const cookies = await (await currentContext()).cookies();
    expect(cookies.find((cookie) => cookie.name === "cart_id")).toBeUndefined();
  });

  it("removes a line from the sidebar, with the removed product modal, down to the empty cart", async () => {
    const page = await openPage(`/fr/produit/${limitedProduct.slug}`);
    await addFromProductPage(page, limitedProduct);
    await cartButton(page).click();
    const panel = await visible(sidebar(page));
    const row = await visible(line(panel, limitedProduct.name));
    await row.getByRole("button", { name: new RegExp(`^${message("fr", "cart.line.remove")}`) }).click();

    const modal = await visible(productModal(page, "removed"));
    await visible(modal.getByText(limitedProduct.name, { exact: true }));
    await expectNotification(page, "addToCart.remove", "status");
    await modal.getByRole("button", { name: message("fr", "cart.modal.continue"), exact: true }).click();
    await hidden(modal);
    await visible(panel.getByText(message("fr", "cart.empty"), { exact: true }));
    await panel.getByRole("link", { name: message("fr", "cart.startShopping"), exact: true }).click();
    await waitForPath(page, "/fr");
    await hidden(panel);
    await expectBadge(page, 0);
  });

  it("applies a valid coupon to the totals, then refuses an expired one", async () => {
    const page = await openPage(`/fr/produit/${cardProduct.slug}`);
    await addFromProductPage(page, cardProduct);
    await page.goto("/fr/mon-panier");
    const main = page.getByRole("main");
    await visible(line(main, cardProduct.name));

    const field = main.getByLabel(message("fr", "cart.coupon.label"), { exact: true });
    await field.fill(VALID_COUPON);
    await main.getByRole("button", { name: message("fr", "cart.coupon.apply"), exact: true }).click();
    await expectNotification(page, "coupon.add", "status");
    const withCoupon = await serverCart();
    expect(withCoupon.coupon?.code).toBe(VALID_COUPON);
    const special = withCoupon.specialPrice?.taxIncluded;
    if (special === undefined) throw new Error("the cart has no special price with the coupon");
    expect(special).toBeLessThan(withCoupon.totalPrice.taxIncluded);
    const totalRow = await visible(main.locator(".cart-totals__row").filter({ hasText: VALID_COUPON }));
    expect(normaliseSpaces(await totalRow.innerText())).toContain(shownPrice(special, "fr"));

    await main.getByRole("button", { name: message("fr", "cart.coupon.remove"), exact: true }).click();
    await expectNotification(page, "coupon.removed", "status");
    await hidden(totalRow);
    await field.fill(EXPIRED_COUPON);
    await main.getByRole("button", { name: message("fr", "cart.coupon.apply"), exact: true }).click();
    await expectNotification(page, "coupon.not", "alert");
    expect((await serverCart()).coupon).toBeNull();
  });

  it("shows the total once with a gift coupon, which takes nothing off", async () => {
    const page = await openPage(`/fr/produit/${cardProduct.slug}`);
    await addFromProductPage(page, cardProduct);
    await page.goto("/fr/mon-panier");
    const main = page.getByRole("main");
    await visible(line(main, cardProduct.name));
    await main.getByLabel(message("fr", "cart.coupon.label"), { exact: true }).fill(GIFT_COUPON);
    await main.getByRole("button", { name: message("fr", "cart.coupon.apply"), exact: true }).click();
    await expectNotification(page, "coupon.add", "status");
    const withGift = await serverCart();
    expect(withGift.coupon?.code).toBe(GIFT_COUPON);
    const totals = main.locator(".cart-totals");
    await visible(totals.getByText(shownPrice(withGift.totalPrice.taxIncluded, "fr"), { exact: true }));
    expect(await totals.locator("s").count()).toBe(0);
    expect(await totals.getByText(shownPrice(withGift.totalPrice.taxIncluded, "fr"), { exact: true }).count()).toBe(1);
  });

  it("says so when a change takes the basket below its coupon's minimum and the coupon is taken off", async () => {
    // VOYAGE15 takes 15 € off a basket from 100 €: two items above 100 €, one below.
    const fitting = (await allProducts("fr")).find((product) => {
      const unit = product.offer ? (product.offer.discountPrice ?? product.offer.regularPrice).taxIncluded : 0;
      return isSimple(product) && stockLimited(product) && (product.offer?.stockQuantity ?? 0) >= 2 && unit >= 5_000 && unit < 10_000;
    });
    if (!fitting) throw new Error("the demo catalogue has no simple product between 50 and 100 €");
    const page = await openPage(`/fr/produit/${fitting.slug}`);
    await addFromProductPage(page, fitting);
    await page.goto("/fr/mon-panier");
    const main = page.getByRole("main");
    const row = await visible(line(main, fitting.name));
    await row.getByRole("button", { name: message("fr", "cart.line.increase"), exact: true }).click();
    await waitForQuantity(page, row, 2);
    await main.getByLabel(message("fr", "cart.coupon.label"), { exact: true }).fill(AMOUNT_COUPON);
    await main.getByRole("button", { name: message("fr", "cart.coupon.apply"), exact: true }).click();
    await expectNotification(page, "coupon.add", "status");
    expect((await serverCart()).coupon?.code).toBe(AMOUNT_COUPON);

    await row.getByRole("button", { name: message("fr", "cart.line.decrease"), exact: true }).click();
    await expectNotification(page, "coupon.dropped", "status");
    await waitForQuantity(page, row, 1);
    expect((await serverCart()).coupon).toBeNull();
  });

  it("clears the cart", async () => {
    const page = await openPage(`/fr/produit/${cardProduct.slug}`);
    await addFromProductPage(page, cardProduct);
    await expectBadge(page, 1);
    await cartButton(page).click();
    const panel = await visible(sidebar(page));
    await panel.getByRole("button", { name: message("fr", "cart.clear"), exact: true }).click();
    await visible(panel.getByText(message("fr", "cart.empty"), { exact: true }));
    await expectBadge(page, 0);
    const cookies = await (await currentContext()).cookies();
    expect(cookies.find((cookie) => cookie.name === "cart_id")).toBeUndefined();
  });

  it("keeps the cart across a reload and a language switch", async () => {
    const product = await productBySlug("fr", cardProduct.slug);
    const english = await productBySlug("en", product.slugs.en);
    const page = await openPage(`/fr/produit/${cardProduct.slug}`);
    await addFromProductPage(page, cardProduct);

    await page.reload();
    await page.getByRole("main").waitFor();
    await expectBadge(page, 1);
    await page.goto("/fr/mon-panier");
    await visible(line(page.getByRole("main"), product.name));

    await page.getByRole("banner").getByRole("link", { name: "English", exact: true }).click();
    await waitForPath(page, "/en/my-cart");
    await waitForHtmlLang(page, "en");
    await visible(page.getByRole("heading", { level: 1, name: message("en", "cart.page.title") }));
    await visible(line(page.getByRole("main"), english.name));
    await expectBadge(page, 1, "en");
  });

  it("works on a 375 px phone from the bottom bar, and the sidebar and cart page pass axe", async () => {
    const page = await openPage(`/fr/produit/${cardProduct.slug}`, { viewport: MOBILE });
    await addFromProductPage(page, cardProduct);
    const bar = page.getByRole("navigation", { name: message("fr", "layout.bottomBar") });
    await (await visible(bar.getByRole("button", { name: new RegExp(`^${message("fr", "cart.open")}\\b`) }))).click();
    const panel = await visible(sidebar(page));
    await visible(line(panel, cardProduct.name));
    // Measured once the panel has slid in.
    await panel.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    const widths = await page.evaluate(() => {
      const dialog = document.querySelector("dialog[open]");
      return { dialog: dialog?.scrollWidth ?? 0, screen: window.innerWidth, page: document.documentElement.scrollWidth };
    });
    expect(widths.dialog).toBeLessThanOrEqual(widths.screen);
    expect(widths.page).toBeLessThanOrEqual(widths.screen);
    await expectNoSeriousA11yViolations(page);

    // Escape closes the sidebar and gives the focus back to the button that opened it.
    await page.keyboard.press("Escape");
    await hidden(panel);
    await page.waitForFunction(() => document.activeElement?.closest(".bottom-bar") !== null && document.activeElement?.classList.contains("cart-button"), null, {
      timeout: 15_000,
    });
    await page.goto("/fr/mon-panier");
    await visible(line(page.getByRole("main"), cardProduct.name));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await expectNoSeriousA11yViolations(page);
  });

  it("passes axe with the sidebar open on a desktop and on the empty cart page", async () => {
    const page = await openPage(`/fr/produit/${cardProduct.slug}`);
    await addFromProductPage(page, cardProduct);
    await cartButton(page).click();
    await visible(line(sidebar(page), cardProduct.name));
    await expectNoSeriousA11yViolations(page);

    const empty = await openPage("/en/my-cart");
    // Let this page finish loading the cart (it stores the id again) before the id is forgotten.
    await visible(empty.getByRole("main").getByRole("article"));
    await (await currentContext()).clearCookies({ name: "cart_id" });
    await empty.reload();
    await visible(empty.getByText(message("en", "cart.empty"), { exact: true }));
    await expectNoSeriousA11yViolations(empty);
  });
});
