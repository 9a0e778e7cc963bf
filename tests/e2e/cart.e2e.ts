// The cart through the real shop: adding from a product card and from a product page (confirmation
// modal, notification, header badge), the stepper up to the stock then addToCart.max, a valid then an
// expired coupon in the totals, the cart kept across a reload and a language switch, the phone layout,
// and axe on the sidebar and the cart page. Removing a line, clearing, the refusals and the sidebar
// are the cart flow's browser paths (flows/cart.e2e.ts).
import { data, shownPrice, storefrontApi } from "./support/api.ts";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { allProducts, largestTopCategory, productBySlug, type ProductSummary } from "./support/catalogue.ts";
import { expect, MOBILE, test, type BrowserContext, type Locator, type Page } from "./support/fixtures.ts";
import { message, messagePattern } from "./support/messages.ts";
import { atPath } from "./support/waits.ts";

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

test.beforeAll(async () => {
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
  const button = page.getByRole("banner").getByRole("button", { name: `${message(lang, "cart.open")} ${lineCountText(count, lang)}`, exact: true });
  await expect(button).toBeVisible();
  const badge = button.locator(".cart-button__badge");
  if (count === 0) await expect(badge).toHaveCount(0);
  else await expect(badge).toHaveText(String(count), { useInnerText: true });
}

function notifications(page: Page, lang: "fr" | "en" = "fr") {
  return page.getByRole("region", { name: message(lang, "notifications.label") });
}

async function expectNotification(page: Page, id: string, role: "status" | "alert", lang: "fr" | "en" = "fr"): Promise<void> {
  await expect(notifications(page, lang).getByRole(role).getByText(message(lang, id), { exact: true }).first()).toBeVisible();
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

/** The quantity a cart line's stepper shows. */
function quantityOf(lineLocator: Locator): Locator {
  return lineLocator.locator("output");
}

/** Adds a product from its page (quantity 1) and closes the confirmation. */
async function addFromProductPage(page: Page, product: ProductSummary): Promise<void> {
  await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
  await page.getByRole("button", { name: message("fr", "product.addToCart"), exact: true }).click();
  const modal = productModal(page, "added");
  await expect(modal).toBeVisible();
  await modal.getByRole("button", { name: message("fr", "cart.modal.continue"), exact: true }).click();
  await expect(modal).toBeHidden();
}

/** The cart's uuid kept in the cart cookie, and the cart the server has under it. */
async function serverCart(context: BrowserContext) {
  const cookies = await context.cookies();
  const id = cookies.find((cookie) => cookie.name === "cart_id")?.value ?? "";
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id)) throw new Error(`no cart uuid in the cart cookie: '${id}'`);
  const api = await storefrontApi("fr");
  return data(api.GET("/shopping-cart/{id}", { params: { path: { id } } }));
}

test.describe("cart", () => {
  test("drops a cart cookie of an earlier version (a sequential id) without a word, and keeps the next cart by its uuid", async ({ context, openPage }) => {
    const first = await openPage("/fr");
    await context.addCookies([{ name: "cart_id", value: "2", url: first.url(), sameSite: "Strict" }]);
    const page = await openPage(`/fr/categorie/${cardCategoryPath}`);
    await expectBadge(page, 0);
    const card = page.getByRole("main").getByRole("article").filter({ has: page.getByRole("link", { name: cardProduct.name, exact: true }) });
    await card.getByRole("button", { name: new RegExp(`^${message("fr", "cart.card.add")}`) }).click();
    await expect(productModal(page, "added")).toBeVisible();
    await expectBadge(page, 1);
    // Counted at this moment: a notification that came would leave by itself a few seconds later.
    expect(await page.getByText(message("fr", "errors.server.access")).count()).toBe(0);
    expect((await serverCart(context)).cartItems.map((item) => [item.offerId, item.quantity])).toEqual([[cardProduct.offer?.id, 1]]);
  });

  test("adds a simple product from its card: confirmation modal, notification and badge", async ({ context, openPage }) => {
    const page = await openPage(`/fr/categorie/${cardCategoryPath}`);
    const card = page.getByRole("main").getByRole("article").filter({ has: page.getByRole("link", { name: cardProduct.name, exact: true }) });
    await expectBadge(page, 0);
    await card.getByRole("button", { name: new RegExp(`^${message("fr", "cart.card.add")}`) }).click();

    const modal = productModal(page, "added");
    await expect(modal).toBeVisible();
    await expect(modal.getByText(cardProduct.name, { exact: true })).toBeVisible();
    await expect(modal.getByText(messagePattern("fr", "cart.modal.quantity"))).toBeVisible();
    await expectNotification(page, "addToCart.add", "status");
    await modal.getByRole("button", { name: message("fr", "cart.modal.continue"), exact: true }).click();
    await expect(modal).toBeHidden();
    await expectBadge(page, 1);
    expect((await serverCart(context)).cartItems.map((item) => [item.offerId, item.quantity])).toEqual([[cardProduct.offer?.id, 1]]);
  });

  test("adds from a product page, then the stepper goes up to the stock and shows addToCart.max", async ({ context, openPage }) => {
    const stock = limitedProduct.offer?.stockQuantity ?? 0;
    const page = await openPage(`/fr/produit/${limitedProduct.slug}`);
    await addFromProductPage(page, limitedProduct);
    await expectBadge(page, 1);

    // Show my shopping cart: the cart page.
    await page.getByRole("button", { name: message("fr", "product.addToCart"), exact: true }).click();
    const modal = productModal(page, "added");
    await expect(modal).toBeVisible();
    await modal.getByRole("link", { name: message("fr", "cart.modal.showCart"), exact: true }).click();
    await expect(page).toHaveURL(atPath("/fr/mon-panier"));
    await expect(modal).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: message("fr", "cart.page.title") })).toBeVisible();
    const row = line(page.getByRole("main"), limitedProduct.name);
    await expect(row).toBeVisible();
    await expect(quantityOf(row)).toHaveText("2");

    const increase = row.getByRole("button", { name: message("fr", "cart.line.increase"), exact: true });
    for (let quantity = 3; quantity <= stock; quantity += 1) {
      await increase.click();
      await expect(quantityOf(row)).toHaveText(String(quantity));
      await expectNotification(page, "addToCart.update", "status");
    }
    await expect(row.getByText(messagePattern("fr", "cart.line.max"))).toBeVisible();
    await increase.click();
    await expectNotification(page, "addToCart.max", "alert");
    // Still the stock, at this moment (a retrying check could pass once a wrong step was undone).
    expect(Number(await quantityOf(row).innerText())).toBe(stock);
    const lineTotal = (await serverCart(context)).cartItems[0]?.taxIncludedTotalPrice ?? 0;
    await expect(row.locator(".cart-line__total")).toContainText(shownPrice(lineTotal, "fr"), { useInnerText: true });

    // The product page refuses to add more than the stock too.
    await page.goto(`/fr/produit/${limitedProduct.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: limitedProduct.name })).toBeVisible();
    await page.getByRole("button", { name: message("fr", "product.addToCart"), exact: true }).click();
    await expectNotification(page, "addToCart.max", "alert");
    expect((await serverCart(context)).cartItems[0]?.quantity).toBe(stock);
  });

  test("applies a valid coupon to the totals, then refuses an expired one", async ({ context, openPage }) => {
    const page = await openPage(`/fr/produit/${cardProduct.slug}`);
    await addFromProductPage(page, cardProduct);
    await page.goto("/fr/mon-panier");
    const main = page.getByRole("main");
    await expect(line(main, cardProduct.name)).toBeVisible();

    const field = main.getByLabel(message("fr", "cart.coupon.label"), { exact: true });
    await field.fill(VALID_COUPON);
    await main.getByRole("button", { name: message("fr", "cart.coupon.apply"), exact: true }).click();
    await expectNotification(page, "coupon.add", "status");
    const withCoupon = await serverCart(context);
    expect(withCoupon.coupon?.code).toBe(VALID_COUPON);
    const special = withCoupon.specialPrice?.taxIncluded;
    if (special === undefined) throw new Error("the cart has no special price with the coupon");
    expect(special).toBeLessThan(withCoupon.totalPrice.taxIncluded);
    const totalRow = main.locator(".cart-totals__row").filter({ hasText: VALID_COUPON });
    await expect(totalRow).toBeVisible();
    await expect(totalRow).toContainText(shownPrice(special, "fr"), { useInnerText: true });

    await main.getByRole("button", { name: message("fr", "cart.coupon.remove"), exact: true }).click();
    await expectNotification(page, "coupon.removed", "status");
    await expect(totalRow).toBeHidden();
    await field.fill(EXPIRED_COUPON);
    await main.getByRole("button", { name: message("fr", "cart.coupon.apply"), exact: true }).click();
    await expectNotification(page, "coupon.not", "alert");
    expect((await serverCart(context)).coupon).toBeNull();
  });

  test("shows the total once with a gift coupon, which takes nothing off", async ({ context, openPage }) => {
    const page = await openPage(`/fr/produit/${cardProduct.slug}`);
    await addFromProductPage(page, cardProduct);
    await page.goto("/fr/mon-panier");
    const main = page.getByRole("main");
    await expect(line(main, cardProduct.name)).toBeVisible();
    await main.getByLabel(message("fr", "cart.coupon.label"), { exact: true }).fill(GIFT_COUPON);
    await main.getByRole("button", { name: message("fr", "cart.coupon.apply"), exact: true }).click();
    await expectNotification(page, "coupon.add", "status");
    const withGift = await serverCart(context);
    expect(withGift.coupon?.code).toBe(GIFT_COUPON);
    const totals = main.locator(".cart-totals");
    await expect(totals.getByText(shownPrice(withGift.totalPrice.taxIncluded, "fr"), { exact: true })).toBeVisible();
    await expect(totals.locator("s")).toHaveCount(0);
    await expect(totals.getByText(shownPrice(withGift.totalPrice.taxIncluded, "fr"), { exact: true })).toHaveCount(1);
  });

  test("says so when a change takes the basket below its coupon's minimum and the coupon is taken off", async ({ context, openPage }) => {
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
    const row = line(main, fitting.name);
    await expect(row).toBeVisible();
    await row.getByRole("button", { name: message("fr", "cart.line.increase"), exact: true }).click();
    await expect(quantityOf(row)).toHaveText("2");
    await main.getByLabel(message("fr", "cart.coupon.label"), { exact: true }).fill(AMOUNT_COUPON);
    await main.getByRole("button", { name: message("fr", "cart.coupon.apply"), exact: true }).click();
    await expectNotification(page, "coupon.add", "status");
    expect((await serverCart(context)).coupon?.code).toBe(AMOUNT_COUPON);

    await row.getByRole("button", { name: message("fr", "cart.line.decrease"), exact: true }).click();
    await expectNotification(page, "coupon.dropped", "status");
    await expect(quantityOf(row)).toHaveText("1");
    expect((await serverCart(context)).coupon).toBeNull();
  });

  test("keeps the cart across a reload and a language switch", async ({ openPage }) => {
    const product = await productBySlug("fr", cardProduct.slug);
    const english = await productBySlug("en", product.slugs.en);
    const page = await openPage(`/fr/produit/${cardProduct.slug}`);
    await addFromProductPage(page, cardProduct);

    await page.reload();
    await expect(page.getByRole("main")).toBeVisible();
    await expectBadge(page, 1);
    await page.goto("/fr/mon-panier");
    await expect(line(page.getByRole("main"), product.name)).toBeVisible();

    await page.getByRole("banner").getByRole("link", { name: "English", exact: true }).click();
    await expect(page).toHaveURL(atPath("/en/my-cart"));
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1, name: message("en", "cart.page.title") })).toBeVisible();
    await expect(line(page.getByRole("main"), english.name)).toBeVisible();
    await expectBadge(page, 1, "en");
  });

  test("works on a 375 px phone from the bottom bar, and the sidebar and cart page pass axe", async ({ openPage }) => {
    const page = await openPage(`/fr/produit/${cardProduct.slug}`, { viewport: MOBILE });
    await addFromProductPage(page, cardProduct);
    const bar = page.getByRole("navigation", { name: message("fr", "layout.bottomBar") });
    await bar.getByRole("button", { name: new RegExp(`^${message("fr", "cart.open")}\\b`) }).click();
    const panel = sidebar(page);
    await expect(panel).toBeVisible();
    await expect(line(panel, cardProduct.name)).toBeVisible();
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
    await expect(panel).toBeHidden();
    await expect(page.locator(".bottom-bar .cart-button")).toBeFocused();
    await page.goto("/fr/mon-panier");
    await expect(line(page.getByRole("main"), cardProduct.name)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await expectNoSeriousA11yViolations(page);
  });

  test("passes axe with the sidebar open on a desktop and on the empty cart page", async ({ context, openPage }) => {
    const page = await openPage(`/fr/produit/${cardProduct.slug}`);
    await addFromProductPage(page, cardProduct);
    await cartButton(page).click();
    await expect(line(sidebar(page), cardProduct.name)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const empty = await openPage("/en/my-cart");
    // Let this page finish loading the cart (it stores the id again) before the id is forgotten.
    await expect(empty.getByRole("main").getByRole("article")).toBeVisible();
    await context.clearCookies({ name: "cart_id" });
    await empty.reload();
    await expect(empty.getByText(message("en", "cart.empty"), { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(empty);
  });
});
