// A whole purchase as a shopper makes it, in French on a desktop (delivered to the saved address)
// and in English on a phone (delivered to a relay point chosen in the relay picker): from the home
// page, search for a product, open it, add it to the cart, go through the shipping step and pay
// with Adyen's test card on the payment sandbox's bank page; then the thank-you page leads
// to the order in the account, whose invoice downloads as a PDF holding the order's reference and
// total. The customer is registered, with a saved address, before the test signs the browser in.
import { readFile } from "node:fs/promises";
import { extractText, getDocumentProxy } from "unpdf";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { data, normaliseSpaces, shownPrice, storefrontApi } from "./support/api.ts";
import { simpleProductWithStock } from "./support/catalogue.ts";
import { registerCustomer, signInBrowser } from "./support/customers.ts";
import { expect, test, type Page } from "./support/fixtures.ts";
import { message, messagePattern } from "./support/messages.ts";
import { CARDS, expectThankYou, HOME, PATHS, payOnIssuerPage, startPaying } from "./support/payment.ts";
import { DESKTOP, MOBILE } from "./support/screens.ts";
import { atPath } from "./support/waits.ts";

const ORDERS_PAGE = { fr: "/fr/mon-compte/commandes", en: "/en/my-account/orders" } as const;
/** Colissimo's relay delivery, the method that takes a parcel to a relay point. */
const RELAY_CARRIER = "A2P";
const TOWN = { street: "1 place Bellecour", postCode: "69002", city: "Lyon" };
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, (character) => `\\${character}`);

/** On the shipping step: a relay point near a town chosen in the relay picker, with the phone Colissimo texts. */
async function chooseRelayPoint(page: Page, lang: "fr" | "en"): Promise<string> {
  await page.getByRole("button", { name: message(lang, "relais.open"), exact: true }).click();
  const dialog = page.getByRole("dialog", { name: message(lang, "relais.title") });
  await dialog.getByRole("textbox", { name: messagePattern(lang, "addressForm.street.label") }).fill(TOWN.street);
  await dialog.getByRole("textbox", { name: messagePattern(lang, "addressForm.postCode.label") }).fill(TOWN.postCode);
  await dialog.getByRole("textbox", { name: messagePattern(lang, "addressForm.city.label") }).fill(TOWN.city);
  await dialog.getByRole("combobox", { name: messagePattern(lang, "addressForm.country.label") }).selectOption("FR");
  await dialog.getByRole("button", { name: message(lang, "relais.search"), exact: true }).click();
  const first = dialog.getByRole("radio").first();
  await first.check();
  const name = await first.evaluate((input) => (input instanceof HTMLInputElement ? (input.labels?.[0]?.querySelector(".relay-list__name")?.textContent ?? "") : ""));
  await dialog.getByRole("textbox", { name: messagePattern(lang, "addressForm.phone.label") }).fill("0612345678");
  const validate = dialog.getByRole("button", { name: message(lang, "relais.validate"), exact: true });
  await expect(validate).toBeEnabled();
  await validate.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("main").getByText(name).first()).toBeVisible();
  return name;
}

/** Sends a search from the header (wide screens) or from the phone's search dialog. */
async function search(page: Page, lang: "fr" | "en", phone: boolean, term: string): Promise<void> {
  let scope = page.getByRole("banner").getByRole("search");
  if (phone) {
    await page.getByRole("navigation", { name: message(lang, "layout.bottomBar") }).getByRole("button", { name: message(lang, "searchBar.open"), exact: true }).click();
    scope = page.getByRole("dialog", { name: message(lang, "searchBar.open") });
  }
  const box = scope.getByRole("combobox", { name: message(lang, "searchBar.label") });
  await box.fill(term);
  await box.press("Enter");
}

for (const [lang, viewport, delivery] of [["fr", DESKTOP, "address"], ["en", MOBILE, "relay"]] as const) {
  test(`buys from the home page to the thank-you page, delivered to ${delivery === "relay" ? "a relay point" : "an address"}, then finds the order and its invoice in the account (${lang}, ${viewport.width} px)`, async ({ context, openPage }) => {
    test.setTimeout(180_000);
    const session = await registerCustomer(lang, { firstName: "Camille", lastName: "Martin" });
    const header = { "X-Customer-Authorization": `Bearer ${session.token}` };
    const api = await storefrontApi(lang);
    await data(api.POST("/customers/address", { params: { header, query: { defaultShipping: true, defaultBilling: true } }, body: HOME }));
    const product = await simpleProductWithStock(lang, "in stock", (stock) => stock > 5);
    await signInBrowser(context, session.token);

    const page = await openPage(`/${lang}`, { viewport });
    await search(page, lang, viewport === MOBILE, product.name);
    await page.getByRole("main").getByRole("link", { name: product.name, exact: true }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
    await page.getByRole("button", { name: message(lang, "product.addToCart"), exact: true }).click();
    await page.getByRole("dialog", { name: message(lang, "cart.modal.added") }).getByRole("link", { name: message(lang, "cart.modal.showCart"), exact: true }).click();
    await expect(page).toHaveURL(atPath(PATHS[lang].cart));
    await page.getByRole("main").getByRole("link", { name: message(lang, "cart.passOrder"), exact: true }).click();

    // The shipping step: the saved address is chosen on arrival, or a relay point is; a method
    // that delivers there, then on to pay.
    await expect(page).toHaveURL(atPath(PATHS[lang].shipping));
    await expect(page.getByRole("main").getByText(HOME.street).first()).toBeVisible();
    const relayName = delivery === "relay" ? await chooseRelayPoint(page, lang) : null;
    const methods = page.getByRole("region", { name: message(lang, "checkout.methods.title"), exact: true });
    await expect(methods.getByRole("radio").first()).toBeVisible();
    // The methods the server offers for where the cart now goes (the step shows them by name).
    const offeredMethods = () => data(api.GET("/shopping-cart/shipment-methods", { params: { header } }));
    const fits = (item: { carrier: string }) => delivery === "address" || item.carrier === RELAY_CARRIER;
    await expect.poll(async () => (await offeredMethods()).some(fits)).toBe(true);
    const method = (await offeredMethods()).find(fits);
    if (!method) throw new Error(`no ${delivery} delivery offered for the cart`);
    const radio = methods.getByRole("radio", { name: new RegExp(`^${escapeRegExp(method.name)}`) });
    await radio.click();
    await expect(radio).toBeChecked();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: message(lang, "checkout.shipping.continue"), exact: true }).click();
    await expect(page).toHaveURL(atPath(PATHS[lang].payment));

    await startPaying(page, lang);
    await payOnIssuerPage(page, CARDS.plain);
    const reference = await expectThankYou(page, lang, { header });
    const order = await data(api.GET("/orders/reference/{reference}", { params: { header, path: { reference } } }));
    expect(order.items.map((item) => [item.name, item.quantity])).toEqual([[product.name, 1]]);
    expect(order.shipments.map((shipment) => [shipment.shipmentMethod?.id, shipment.relayPointId !== null])).toEqual([[method.id, delivery === "relay"]]);
    if (relayName) await expect(page.getByRole("main")).toContainText(relayName);

    // The order in the account, and its invoice.
    await page.getByRole("link", { name: message(lang, "payment.thankYou.seeOrder"), exact: true }).click();
    await expect(page).toHaveURL(atPath(ORDERS_PAGE[lang], { search: (params) => params.get("reference") === reference }));
    const title = message(lang, "account.orders.detailTitle").replace("{reference}", reference);
    const detail = page.getByRole("region", { name: title });
    await expect(detail.getByRole("table")).toContainText(product.name);
    await expectNoSeriousA11yViolations(page);
    const downloading = page.waitForEvent("download");
    await detail.getByRole("button", { name: message(lang, "account.orders.downloadInvoice"), exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(lang === "fr" ? /^facture-F-\d{6}\.pdf$/ : /^invoice-F-\d{6}\.pdf$/);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    const flat = normaliseSpaces(text.replace(/\s+/g, " "));
    expect(flat).toContain(reference);
    expect(flat).toContain(String(order.invoiceNumber));
    expect(flat).toContain(normaliseSpaces(shownPrice(order.totalPrice.taxIncluded, lang)));
  });
}
