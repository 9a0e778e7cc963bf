// A whole purchase as a shopper makes it, in French on a desktop and in English on a phone: from
// the home page, search for a product, open it, add it to the cart, go through the shipping step
// and pay with Adyen's test card on the payment sandbox's bank page; then the thank-you page leads
// to the order in the account, whose invoice downloads as a PDF holding the order's reference and
// total. The customer is registered, with a saved address, before the test signs the browser in.
import { readFile } from "node:fs/promises";
import { extractText, getDocumentProxy } from "unpdf";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { data, normaliseSpaces, shownPrice, storefrontApi } from "./support/api.ts";
import { simpleProductWithStock } from "./support/catalogue.ts";
import { registerCustomer, signInBrowser } from "./support/customers.ts";
import { expect, test, type Page } from "./support/fixtures.ts";
import { message } from "./support/messages.ts";
import { CARDS, expectThankYou, HOME, PATHS, payOnIssuerPage, startPaying } from "./support/payment.ts";
import { DESKTOP, MOBILE } from "./support/screens.ts";
import { atPath } from "./support/waits.ts";

const ORDERS_PAGE = { fr: "/fr/mon-compte/commandes", en: "/en/my-account/orders" } as const;

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

for (const [lang, viewport] of [["fr", DESKTOP], ["en", MOBILE]] as const) {
  test(`buys from the home page to the thank-you page, then finds the order and its invoice in the account (${lang}, ${viewport.width} px)`, async ({ context, openPage }) => {
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

    // The shipping step: the saved address is chosen on arrival; the first method, then on to pay.
    await expect(page).toHaveURL(atPath(PATHS[lang].shipping));
    await expect(page.getByRole("main").getByText(HOME.street).first()).toBeVisible();
    const methods = page.getByRole("region", { name: message(lang, "checkout.methods.title"), exact: true });
    await methods.getByRole("radio").first().click();
    await expect(methods.getByRole("radio").first()).toBeChecked();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: message(lang, "checkout.shipping.continue"), exact: true }).click();
    await expect(page).toHaveURL(atPath(PATHS[lang].payment));

    await startPaying(page, lang);
    await payOnIssuerPage(page, CARDS.plain);
    const reference = await expectThankYou(page, lang, { session, header, product });
    const order = await data(api.GET("/orders/reference/{reference}", { params: { header, path: { reference } } }));
    expect(order.items.map((item) => [item.name, item.quantity])).toEqual([[product.name, 1]]);

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
