// The essentials on a 375 px phone: the bottom bar, the drill-down menu, the search dialog, a
// listing and its sort and page size, a product with its lightbox, an information page, the
// language switch, the 404 page; nothing wider than the screen.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { data, normaliseSpaces, storefrontApi } from "./support/api.ts";
import { MOBILE, openPage } from "./support/browser.ts";
import { largestTopCategory, listing, productBySlug, productWithGallery, searchWordOf, type CategoryNode, type Listing } from "./support/catalogue.ts";
import { message, messagePattern } from "./support/messages.ts";
import { hidden, visible, waitForHtmlLang, waitForPath } from "./support/waits.ts";

let top: { node: CategoryNode; listing: Listing };

beforeAll(async () => {
  top = await largestTopCategory("fr");
});

/** The page can be read without scrolling sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(widths.content, `the page is ${widths.content} px wide on a ${widths.screen} px screen`).toBeLessThanOrEqual(widths.screen);
}

function bottomBar(page: Page) {
  return page.getByRole("navigation", { name: message("fr", "layout.bottomBar") });
}

describe("on a 375 px phone", () => {
  it("shows the bottom bar instead of the desktop menu and search box", async () => {
    const page = await openPage("/fr", { viewport: MOBILE });
    const bar = await visible(bottomBar(page));
    for (const name of [message("fr", "navigation.menu"), message("fr", "searchBar.open"), message("fr", "layout.account")]) {
      await visible(bar.getByRole("button", { name, exact: true }));
    }
    await visible(bar.getByRole("link", { name: message("fr", "layout.home"), exact: true }));
    await hidden(page.getByRole("navigation", { name: message("fr", "navigation.categories") }));
    await hidden(page.getByRole("banner").getByRole("search"));
    await expectNoSidewaysScroll(page);

    // The cart button opens the cart sidebar.
    await bar.getByRole("button", { name: new RegExp(`^${message("fr", "cart.open")}\\b`) }).click();
    const cart = await visible(page.getByRole("dialog", { name: message("fr", "cart.title") }));
    await visible(cart.getByText(message("fr", "cart.empty")));
    await expectNoSidewaysScroll(page);
  });

  it("goes down the category menu to a listing, whose filters open on demand", async () => {
    const page = await openPage("/fr", { viewport: MOBILE });
    await bottomBar(page).getByRole("button", { name: message("fr", "navigation.menu"), exact: true }).click();
    const menu = await visible(page.getByRole("dialog", { name: message("fr", "navigation.menu") }));
    await menu.getByRole("button", { name: top.node.label, exact: true }).click();
    await menu.getByRole("link", { name: message("fr", "navigation.seeAll").replace("{category}", top.node.label), exact: true }).click();

    await waitForPath(page, `/fr/categorie/${top.node.path}`);
    await hidden(menu);
    await visible(page.getByRole("heading", { level: 1, name: top.node.label }));
    const first = top.listing.products.content[0];
    if (!first) throw new Error(`${top.node.label} lists no product`);
    await visible(page.getByRole("main").getByRole("link", { name: first.name, exact: true }));
    await expectNoSidewaysScroll(page);

    const toggle = page.getByRole("button", { name: messagePattern("fr", "catalog.filters.toggle") });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    const facet = top.listing.facets[0];
    if (!facet) throw new Error(`${top.node.label} has no filter`);
    await visible(page.getByRole("group", { name: facet.label }));
  });

  it("sorts a listing and changes its page size", async () => {
    const path = `/fr/categorie/${top.node.path}`;
    const page = await openPage(path, { viewport: MOBILE });
    await visible(page.getByRole("heading", { level: 1, name: top.node.label }));
    await page.getByLabel(message("fr", "catalog.sort.label")).selectOption({ label: message("fr", "catalog.sort.priceDesc") });
    await waitForPath(page, path, { search: (params) => params.get("sort") === "price.desc" });
    await page.getByLabel(message("fr", "catalog.pageSize.label")).selectOption("12");
    await waitForPath(page, path, { search: (params) => params.get("sort") === "price.desc" && params.get("itemsPerPage") === "12" });
    const expected = (await listing("fr", top.node.path, { sort: "price,desc", size: 12 })).products.content.map((product) => product.name);
    const cards = page.getByRole("region", { name: message("fr", "catalog.listing.results") }).getByRole("article").getByRole("heading");
    await expect.poll(async () => (await cards.allInnerTexts()).map(normaliseSpaces), { timeout: 15_000 }).toEqual(expected);
    await expectNoSidewaysScroll(page);
  });

  it("reads an information page from the footer", async () => {
    const terms = await data((await storefrontApi("fr")).GET("/platform/terms-of-use"));
    const page = await openPage("/fr", { viewport: MOBILE });
    await page.getByRole("contentinfo").getByRole("link", { name: message("fr", "footer.link.termsOfSale"), exact: true }).click();
    await waitForPath(page, "/fr/conditions-generales-de-vente");
    await visible(page.getByRole("heading", { level: 1, name: terms.title }));
    for (const section of terms.sections) await visible(page.getByRole("heading", { name: section.title, exact: true }));
    await expectNoSidewaysScroll(page);
  });

  it("searches from the search dialog", async () => {
    const product = await productWithGallery("fr");
    const word = searchWordOf(product.name).toLowerCase();
    const api = await storefrontApi("fr");
    const preview = await data(api.GET("/products/search", { params: { query: { searchTerm: word, size: 4 } } }));
    const { terms } = await data(api.GET("/products/search-autocomplete", { params: { query: { searchTerm: word, size: 10 } } }));
    if (terms.length === 0) throw new Error(`no suggested term for "${word}"`);

    const page = await openPage("/fr", { viewport: MOBILE });
    await bottomBar(page).getByRole("button", { name: message("fr", "searchBar.open"), exact: true }).click();
    const dialog = await visible(page.getByRole("dialog", { name: message("fr", "searchBar.open") }));
    const box = dialog.getByRole("combobox", { name: message("fr", "searchBar.label") });
    expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);
    await box.fill(word);
    const suggestions = dialog.getByRole("listbox", { name: message("fr", "searchBar.suggestions") });
    for (const item of preview.products.content) await visible(suggestions.getByRole("option", { name: item.name }));
    for (const term of terms) await visible(suggestions.getByRole("option", { name: term, exact: true }));
    await visible(suggestions.getByRole("option", { name: messagePattern("fr", "searchBar.showAll") }));
    await expectNoSidewaysScroll(page);
    await box.press("Enter");

    await waitForPath(page, "/fr/recherche", { search: (params) => params.get("searchTerm")?.trim() === word });
    await hidden(dialog);
    await visible(page.getByRole("main").getByRole("link", { name: product.name, exact: true }));
    await expectNoSidewaysScroll(page);
  });

  it("shows a product, enlarges a picture and closes it", async () => {
    const product = await productWithGallery("fr");
    const page = await openPage(`/fr/produit/${product.slug}`, { viewport: MOBILE });
    await visible(page.getByRole("heading", { level: 1, name: product.name }));
    await expectNoSidewaysScroll(page);

    const first = product.pictures[0];
    if (!first) throw new Error(`${product.name} has no picture`);
    await page.getByRole("button", { name: message("fr", "product.gallery.enlarge").replace("{title}", first.title), exact: true }).click();
    const lightbox = await visible(page.getByRole("dialog"));
    await visible(lightbox.getByRole("img", { name: first.title, exact: true }));
    await lightbox.getByRole("button", { name: message("fr", "product.lightbox.close") }).click();
    await hidden(lightbox);
  });

  it("switches language from the menu and stays on the same product", async () => {
    const product = await productWithGallery("fr");
    const english = await productBySlug("en", product.slugs.en);
    const page = await openPage(`/fr/produit/${product.slug}`, { viewport: MOBILE });
    await visible(page.getByRole("heading", { level: 1, name: product.name }));
    await bottomBar(page).getByRole("button", { name: message("fr", "navigation.menu"), exact: true }).click();
    const menu = await visible(page.getByRole("dialog", { name: message("fr", "navigation.menu") }));
    await menu.getByRole("link", { name: "English", exact: true }).click();

    await waitForPath(page, `/en/product/${english.slug}`);
    await waitForHtmlLang(page, "en");
    await hidden(menu);
    await visible(page.getByRole("heading", { level: 1, name: english.name }));
  });

  it("shows the 404 page for an unknown address", async () => {
    const page = await openPage("/en/nothing-here", { viewport: MOBILE });
    await waitForPath(page, "/en/404");
    await visible(page.getByText(messagePattern("en", "errors.notfound")));
    await expectNoSidewaysScroll(page);
  });
});
