// The employee programme in a browser, against the real server: the administrator's budget page
// (a month set with a file of staff numbers, a bad file refused on its field, who may open it) and
// the crew member's checkout paid from the money pot (the pot above the header, the order placed, the
// thank-you page, the account's order and its invoice, then an order above what is left refused with
// the cart kept). The demo data are the seed's: the administrator lucie.bernard, the crew member
// louis.fournier (staff number PN300003, a Belgian address, a budget of 150 € this month). Both
// languages use the same crew member: each test empties his cart first and reasons from what his pot
// holds when it starts, so neither depends on the other having run.
import { readFile } from "node:fs/promises";
import { extractText, getDocumentProxy } from "unpdf";
import type { components } from "../../common/api/schema.gen.ts";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { data, normaliseSpaces, shownPrice, storefrontApi, type Lang } from "./support/api.ts";
import { allProducts, productBySlug, type Product } from "./support/catalogue.ts";
import { registerCustomer, signInBrowser, signInCustomer } from "./support/customers.ts";
import { expect, test, type Locator, type Page } from "./support/fixtures.ts";
import { message, messagePattern } from "./support/messages.ts";
import { DESKTOP, MOBILE } from "./support/screens.ts";
import { atPath } from "./support/waits.ts";

const DEMO_PASSWORD = "EscaleDemo2026!";
const ADMIN = "lucie.bernard@demo.escale.example";
const CREW = "louis.fournier@demo.escale.example";
/** A demo account of another employee group (Habile), without two-factor. */
const OTHER_EMPLOYEE = "ines.moreau@demo.escale.example";

const PATHS = {
  fr: { setup: "/fr/configure-empowerment", checkout: "/fr/commande", empowerment: "/fr/commande-empowerment", thankYou: /^\/fr\/commande\/merci\/[A-Za-z0-9-]+$/, orders: "/fr/mon-compte/commandes", product: "/fr/produit/" },
  en: { setup: "/en/configure-empowerment", checkout: "/en/checkout", empowerment: "/en/checkout-empowerment", thankYou: /^\/en\/checkout\/merci\/[A-Za-z0-9-]+$/, orders: "/en/my-account/orders", product: "/en/product/" },
} as const;

/** A shipment method's name with a price (not a free one). */
const PRICED = { fr: /\d,\d{2}\s€/, en: /€\d+\.\d{2}/ } as const;

type MoneyPot = components["schemas"]["MoneyPot"];
type Header = { "X-Customer-Authorization": string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A text as shown, whatever kind of space the formatter used. */
const shown = (text: string) => new RegExp(escapeRegExp(normaliseSpaces(text)).replace(/ /g, "\\s+"));
/** A message with its placeholders filled in (plain `{name}` ones). */
const filled = (lang: Lang, id: string, values: Record<string, string>) => Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{${name}}`, value), message(lang, id));

/** The month `ahead` months after the current one in Paris (the server's months are Paris's). */
function monthAhead(ahead: number): { year: number; month: number } {
  const [year = 0, month = 1] = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit" }).format(new Date()).split("-").map(Number);
  const index = month - 1 + ahead;
  return { year: year + Math.floor(index / 12), month: (index % 12) + 1 };
}

/** "juin 2026" / "June 2026", as a reader expects the month named. */
function monthName({ year, month }: { year: number; month: number }, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === "en" ? "en-GB" : "fr-FR", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(year, month - 1, 1)));
}

/** A staff numbers' file as a spreadsheet exports it: a header line and Windows line ends. */
const staffFile = (name: string, numbers: string[]) => ({ name, mimeType: "text/csv", buffer: Buffer.from(["staffNumber", ...numbers, ""].join("\r\n")) });

test.describe("empowerment budget page", () => {
  // Each language sets its own month (the next one, the one after), so neither reads the other's.
  for (const [lang, viewport, ahead, typed, cents] of [
    ["fr", DESKTOP, 1, "120,50", 12050],
    ["en", MOBILE, 2, "99.90", 9990],
  ] as const) {
    test(`an administrator sets a coming month's budget with a file of staff numbers; a bad file is refused on its field (${lang}, ${viewport.width} px)`, async ({ context, openPage }) => {
      const admin = await signInCustomer(ADMIN, DEMO_PASSWORD, lang);
      await signInBrowser(context, admin.token);
      const page = await openPage(PATHS[lang].setup, { viewport });
      await expect(page.getByRole("heading", { level: 1, name: message(lang, "empowerment.setup.title"), exact: true })).toBeVisible();
      const month = monthAhead(ahead);
      const name = monthName(month, lang);
      const form = page.getByRole("region", { name: message(lang, "empowerment.setup.formTitle"), exact: true });
      const monthField = form.getByRole("combobox", { name: messagePattern(lang, "empowerment.setup.month.label") });
      const amountField = form.getByRole("textbox", { name: messagePattern(lang, "empowerment.setup.amount.label") });
      const fileField = form.getByLabel(messagePattern(lang, "empowerment.setup.file.label"));
      const submit = form.getByRole("button", { name: message(lang, "empowerment.setup.submit"), exact: true });

      // A file whose third line is no staff number: the field says which line, nothing is saved.
      await monthField.selectOption({ label: name });
      await amountField.fill(typed);
      await fileField.setInputFiles(staffFile("bad.csv", ["PN300001", "AB12"]));
      await submit.click();
      await expect(fileField).toHaveAttribute("aria-invalid", "true");
      await expect(fileField).toHaveAccessibleDescription(shown(filled(lang, "empowerment.setup.file.notStaffNumber", { line: "3", value: "AB12" })));
      await expect(fileField).toBeFocused();
      await expect(page.getByRole("status").filter({ hasText: messagePattern(lang, "empowerment.setup.saved") })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      const api = await storefrontApi(lang);
      const header = { "X-Customer-Authorization": `Bearer ${admin.token}` };
      const before = await data(api.GET("/empowerment/setup", { params: { header } }));
      expect(before.setups.find((setup) => setup.month === month.month && setup.year === month.year)?.monthlyBudgetAmount).not.toBe(cents);

      // The right file: saved, said so, and listed with who it covers.
      await fileField.setInputFiles(staffFile("crew.csv", ["PN300001", "PN300002", "PN300009"]));
      await expect(fileField).not.toHaveAttribute("aria-invalid", "true");
      await submit.click();
      const amount = shownPrice(cents, lang);
      const saved = page.getByRole("status").filter({ hasText: shown(name) });
      await expect(saved).toContainText(shown(amount));
      await expect(saved).toContainText(/\b3\b/);

      const list = page.getByRole("region", { name: message(lang, "empowerment.setups.title"), exact: true });
      const row = list.getByRole("row", { name: new RegExp(`^${escapeRegExp(name)}`) });
      await expect(row.getByRole("cell").nth(0)).toHaveText(shown(amount));
      await expect(row.getByRole("cell").nth(1)).toHaveText("3");
      const disclosure = row.getByText(messagePattern(lang, "empowerment.setups.show"));
      await disclosure.click();
      await expect(row.getByRole("listitem")).toHaveText(["PN300001", "PN300002", "PN300009"]);
      // The list fits the screen: nothing to scroll sideways to (a phone's too).
      const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
      expect(widths.content, `the page is ${widths.content} px wide on a ${widths.screen} px screen`).toBeLessThanOrEqual(widths.screen);
      await expectNoSeriousA11yViolations(page);
    });
  }

  test("refuses the page to a customer of the General public, a guest and another employee group (401)", async ({ context, openPage }) => {
    const guest = await openPage(PATHS.fr.setup);
    await expect(guest).toHaveURL(atPath("/fr/401"));
    await expect(guest.getByRole("heading", { level: 1, name: message("fr", "errorPage.unauthorized.title"), exact: true })).toBeVisible();

    const customer = await registerCustomer("fr");
    await signInBrowser(context, customer.token);
    await guest.goto(PATHS.en.setup);
    await expect(guest).toHaveURL(atPath("/en/401"));
    await expect(guest.getByRole("heading", { level: 1, name: message("en", "errorPage.unauthorized.title"), exact: true })).toBeVisible();

    // No demo account is a {product} employee without being the programme's administrator: an
    // employee of another group stands for one.
    const employee = await signInCustomer(OTHER_EMPLOYEE, DEMO_PASSWORD);
    await context.clearCookies();
    await signInBrowser(context, employee.token);
    await guest.goto(PATHS.fr.setup);
    await expect(guest).toHaveURL(atPath("/fr/401"));
    await expect(guest.getByRole("heading", { level: 1, name: message("fr", "errorPage.unauthorized.title"), exact: true })).toBeVisible();
  });
});

/** The crew member signed in, with no cart left from an earlier test, and his pot as it is now. */
async function crewMember(lang: Lang) {
  const session = await signInCustomer(CREW, DEMO_PASSWORD, lang);
  const header: Header = { "X-Customer-Authorization": `Bearer ${session.token}` };
  const api = await storefrontApi(lang);
  const { data: cart } = await api.GET("/shopping-cart", { params: { header } });
  if (cart) await api.DELETE("/shopping-cart/{id}", { params: { header, path: { id: cart.uuid } } });
  const pot: MoneyPot = await data(api.GET("/empowerment/money-pot/current", { params: { header } }));
  return { session, header, api, pot };
}

/** The pot above the header: what is left of the budget. */
function potBar(page: Page, lang: Lang): Locator {
  return page.getByRole("complementary", { name: message(lang, "empowerment.pot.label"), exact: true });
}
const potText = (lang: Lang, remaining: number, budget: number) =>
  shown(filled(lang, "empowerment.pot.header", { remaining: shownPrice(remaining, lang), budget: shownPrice(budget, lang) }));

/** The cheapest product without variants well in stock (two orders fit in the demo budget). */
async function cheapProduct(lang: Lang): Promise<Product> {
  const price = (item: { offer: { regularPrice: { taxIncluded: number }; discountPrice: { taxIncluded: number } | null } | null }) =>
    (item.offer?.discountPrice ?? item.offer?.regularPrice)?.taxIncluded ?? Infinity;
  const candidates = (await allProducts(lang)).filter((item) => !item.isConfigurable && (item.offer?.stockQuantity ?? 0) > 5).sort((a, b) => price(a) - price(b));
  const cheapest = candidates[0];
  if (!cheapest) throw new Error("the demo catalogue has no simple product in stock");
  return productBySlug(lang, cheapest.slug);
}

/** A product and a quantity whose price is above `cents` (the offer's stock and maximum allow it). */
async function aboveBudget(lang: Lang, cents: number): Promise<{ offerId: number; quantity: number }> {
  for (const item of await allProducts(lang)) {
    const offer = item.offer;
    if (item.isConfigurable || !offer || offer.stockQuantity <= 0) continue;
    const unit = (offer.discountPrice ?? offer.regularPrice).taxIncluded;
    const quantity = Math.max(offer.minimalOrderQuantity, Math.floor(cents / unit) + 1);
    if (quantity <= offer.stockQuantity && (offer.maximalOrderQuantity === null || quantity <= offer.maximalOrderQuantity)) return { offerId: offer.id, quantity };
  }
  throw new Error(`no product of the demo catalogue adds up to more than ${cents} cents`);
}

for (const [lang, viewport] of [
  ["fr", DESKTOP],
  ["en", MOBILE],
] as const) {
  test(`a crew member orders a gift paid from the money pot, finds it in the account, and cannot spend more than is left (${lang}, ${viewport.width} px)`, async ({ context, openPage }) => {
    test.setTimeout(180_000);
    const { session, header, api, pot } = await crewMember(lang);
    const product = await cheapProduct(lang);
    await signInBrowser(context, session.token);
    const cardMessage = lang === "fr" ? "Merci d'avoir voyagé avec nous !\nBon retour à Bruxelles." : "Thank you for flying with us!\nSafe travels home.";

    // The product page: the pot shows above the header; the product goes into the cart.
    const page = await openPage(`${PATHS[lang].product}${product.slug}`, { viewport });
    await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
    await expect(potBar(page, lang)).toHaveText(potText(lang, pot.remainingAmount, pot.budgetAmount));
    await page.getByRole("button", { name: message(lang, "product.addToCart"), exact: true }).click();
    await expect(page.getByRole("dialog", { name: message(lang, "cart.modal.added") })).toBeVisible();

    // The checkout sends an Empowerment customer to the empowerment checkout.
    await page.goto(PATHS[lang].checkout);
    await expect(page).toHaveURL(atPath(PATHS[lang].empowerment));
    await expect(page.getByRole("heading", { level: 1, name: message(lang, "empowerment.order.title"), exact: true })).toBeVisible();
    await expect(potBar(page, lang)).toHaveText(potText(lang, pot.remainingAmount, pot.budgetAmount));
    const delivery = page.getByRole("region", { name: message(lang, "empowerment.order.delivery"), exact: true });
    if (lang === "fr") {
      // The saved Belgian address, chosen as the default on arrival.
      await expect(delivery.getByRole("radio", { name: /^Domicile/ })).toBeChecked();
    } else {
      // A new Belgian address, added in the address modal, is chosen once saved.
      const addressName = `Hotel ${Date.now().toString(36)}`;
      await delivery.getByRole("button", { name: message(lang, "checkout.shipping.addAddress"), exact: true }).click();
      const dialog = page.getByRole("dialog", { name: message(lang, "addressModal.addTitle"), exact: true });
      await dialog.getByRole("textbox", { name: message(lang, "addressForm.firstName.label"), exact: true }).fill("Ada");
      await dialog.getByRole("textbox", { name: message(lang, "addressForm.lastName.label"), exact: true }).fill("Passenger");
      await dialog.getByRole("textbox", { name: message(lang, "addressForm.street.label"), exact: true }).fill("12 rue Neuve");
      await dialog.getByRole("textbox", { name: message(lang, "addressForm.postCode.label"), exact: true }).fill("1000");
      await dialog.getByRole("textbox", { name: message(lang, "addressForm.city.label"), exact: true }).fill("Bruxelles");
      await dialog.getByRole("combobox", { name: messagePattern(lang, "addressForm.country.label") }).selectOption("BE");
      await dialog.getByRole("textbox", { name: message(lang, "addressForm.phone.label"), exact: true }).fill("+32470000000");
      await dialog.getByLabel(message(lang, "addressForm.name.label"), { exact: false }).fill(addressName);
      await dialog.getByRole("button", { name: message(lang, "addressForm.submit"), exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(delivery.getByRole("radio", { name: new RegExp(`^${addressName}`) })).toBeChecked();
    }
    // A carrier that delivers to the passenger at a price (the pot pays the shipping too).
    const methods = page.getByRole("region", { name: message(lang, "checkout.methods.title"), exact: true });
    const method = methods.getByRole("radio", { name: PRICED[lang] }).first();
    await method.click();
    await expect(method).toBeChecked();
    const billing = page.getByRole("region", { name: message(lang, "checkout.billing.title"), exact: true });
    await expect(billing.getByRole("radio", { name: /^Domicile/ })).toBeChecked();
    await page.getByRole("textbox", { name: messagePattern(lang, "empowerment.order.card.label") }).fill(cardMessage);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: message(lang, "empowerment.order.place"), exact: true }).click();

    // The thank-you page says the order was paid from the budget; the pot went down by its total.
    await expect(page).toHaveURL(atPath(PATHS[lang].thankYou));
    await expect(page.getByRole("heading", { level: 1, name: message(lang, "payment.thankYou.title"), exact: true })).toBeVisible();
    const reference = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1) ?? "");
    const order = await data(api.GET("/orders/reference/{reference}", { params: { header, path: { reference } } }));
    expect(order.payment?.method).toBe("moneyPot");
    expect(order.items.map((item) => [item.name, item.quantity])).toEqual([[product.name, 1]]);
    const main = page.getByRole("main");
    await expect(main.getByText(message(lang, "payment.thankYou.moneyPot"), { exact: true })).toBeVisible();
    await expect(main.getByText(message(lang, "payment.thankYou.text"), { exact: true })).toHaveCount(0);
    await expect(main).toContainText(shown(shownPrice(order.totalPrice.taxIncluded, lang)));
    const left = pot.remainingAmount - order.totalPrice.taxIncluded;
    await expect(potBar(page, lang)).toHaveText(potText(lang, left, pot.budgetAmount));
    await expectNoSeriousA11yViolations(page);

    // The order in the account: paid from the budget, with the card's message; its invoice.
    await page.getByRole("link", { name: message(lang, "payment.thankYou.seeOrder"), exact: true }).click();
    await expect(page).toHaveURL(atPath(PATHS[lang].orders, { search: (params) => params.get("reference") === reference }));
    const detail = page.getByRole("region", { name: filled(lang, "account.orders.detailTitle", { reference }) });
    await expect(detail.getByRole("table")).toContainText(product.name);
    await expect(detail.getByText(message(lang, "account.orders.paidFromPot"), { exact: true })).toBeVisible();
    await expect(detail.getByRole("blockquote")).toHaveText(cardMessage);
    await expectNoSeriousA11yViolations(page);
    const downloading = page.waitForEvent("download");
    await detail.getByRole("button", { name: message(lang, "account.orders.downloadInvoice"), exact: true }).click();
    const download = await downloading;
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    expect(normaliseSpaces(text)).toContain(reference);
    await detail.getByRole("link", { name: message(lang, "account.orders.back") }).click();
    const history = page.getByRole("table", { name: messagePattern(lang, "account.orders.caption") });
    await expect(history.getByRole("row", { name: new RegExp(escapeRegExp(reference)) })).toContainText(message(lang, "account.orders.paidFromPot"));

    // More than is left: refused, with what is left; the cart stays as it was.
    const tooMuch = await aboveBudget(lang, left);
    await data(api.PUT("/shopping-cart/set-offer-quantity", { params: { header }, body: tooMuch }));
    await page.goto(PATHS[lang].checkout);
    await expect(page).toHaveURL(atPath(PATHS[lang].empowerment));
    const methodAgain = page.getByRole("region", { name: message(lang, "checkout.methods.title"), exact: true }).getByRole("radio").first();
    await methodAgain.click();
    await expect(methodAgain).toBeChecked();
    await page.getByRole("button", { name: message(lang, "empowerment.order.place"), exact: true }).click();
    const alert = page.getByRole("alert").filter({ hasText: messagePattern(lang, "empowerment.order.budgetExceededLeft") });
    await expect(alert).toContainText(shown(shownPrice(left, lang)));
    await expect(page).toHaveURL(atPath(PATHS[lang].empowerment));
    await expect(potBar(page, lang)).toHaveText(potText(lang, left, pot.budgetAmount));
    const cart = await data(api.GET("/shopping-cart", { params: { header } }));
    expect(cart?.cartItems.map((line) => [line.offerId, line.quantity])).toEqual([[tooMuch.offerId, tooMuch.quantity]]);
    await expectNoSeriousA11yViolations(page);
  });
}

test("a session ended on the empowerment checkout (a 401) shows the checkout's sign-in in its place, and signing in again comes back to it", async ({ context, openPage }) => {
  test.setTimeout(120_000);
  const lang = "fr";
  const { session, header, api } = await crewMember(lang);
  const product = await cheapProduct(lang);
  const offerId = product.offer?.id;
  if (offerId === undefined) throw new Error(`${product.slug} has no offer`);
  await data(api.PUT("/shopping-cart/set-offer-quantity", { params: { header }, body: { offerId, quantity: 1 } }));
  await signInBrowser(context, session.token);
  const page = await openPage(PATHS[lang].empowerment);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: message(lang, "empowerment.order.title"), exact: true })).toBeVisible();
  const method = page.getByRole("region", { name: message(lang, "checkout.methods.title"), exact: true }).getByRole("radio").first();
  await expect(method).toBeEnabled();

  // Signed out in another tab: the server ends the session the page still holds; the next choice is refused.
  const { response } = await api.POST("/customers/sign-out", { params: { header } });
  expect(response.status).toBe(204);
  await method.click();

  // A guest now: the checkout's sign-in where the order was (not a page left loading), at the same address.
  await expect(main.getByRole("heading", { level: 1, name: message(lang, "checkout.signIn.title"), exact: true })).toBeVisible();
  await expect(page).toHaveURL(atPath(PATHS[lang].empowerment));
  await expect(main.getByText(message(lang, "checkout.loading"), { exact: true })).toHaveCount(0);
  // SPEC §4 Session expiry: the unauthorized notification says why.
  await expect(page.getByRole("region", { name: message(lang, "notifications.label") }).getByRole("alert").getByText(message(lang, "errors.unauthorized"), { exact: true }).first()).toBeVisible();

  await main.getByLabel(message(lang, "auth.field.email"), { exact: true }).fill(CREW);
  await main.getByLabel(message(lang, "auth.field.password"), { exact: true }).fill(DEMO_PASSWORD);
  await main.getByRole("button", { name: message(lang, "auth.login.submit"), exact: true }).click();
  // Signed in again: the checkout sends the crew member back to the empowerment checkout, with the cart the server kept.
  await expect(main.getByRole("heading", { level: 1, name: message(lang, "empowerment.order.title"), exact: true })).toBeVisible({ timeout: 45_000 });
  await expect(page).toHaveURL(atPath(PATHS[lang].empowerment));
  await expect(main.getByText(product.name).first()).toBeVisible();
});
