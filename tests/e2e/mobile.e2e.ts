// The essentials on a 375 px phone: the bottom bar, the drill-down menu, the search dialog, a
// listing and its sort and page size, a product with its lightbox, an information page, the
// language switch, the 404 page; nothing wider than the screen.
import { data, normaliseSpaces, storefrontApi } from "./support/api.ts";
import { largestTopCategory, listing, productBySlug, productWithGallery, searchWordOf, type CategoryNode, type Listing } from "./support/catalogue.ts";
import { expect, MOBILE, test, type Page } from "./support/fixtures.ts";
import { message, messagePattern } from "./support/messages.ts";
import { atPath } from "./support/waits.ts";

let top: { node: CategoryNode; listing: Listing };

test.beforeAll(async () => {
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

test.describe("on a 375 px phone", () => {
  test("shows the bottom bar instead of the desktop menu and search box", async ({ openPage }) => {
    const page = await openPage("/fr", { viewport: MOBILE });
    const bar = bottomBar(page);
    await expect(bar).toBeVisible();
    for (const name of [message("fr", "navigation.menu"), message("fr", "searchBar.open"), message("fr", "layout.account")]) {
      await expect(bar.getByRole("button", { name, exact: true })).toBeVisible();
    }
    await expect(bar.getByRole("link", { name: message("fr", "layout.home"), exact: true })).toBeVisible();
    await expect(page.getByRole("navigation", { name: message("fr", "navigation.categories") })).toBeHidden();
    await expect(page.getByRole("banner").getByRole("search")).toBeHidden();
    await expectNoSidewaysScroll(page);

    // The cart button opens the cart sidebar.
    await bar.getByRole("button", { name: new RegExp(`^${message("fr", "cart.open")}\\b`) }).click();
    const cart = page.getByRole("dialog", { name: message("fr", "cart.title") });
    await expect(cart).toBeVisible();
    await expect(cart.getByText(message("fr", "cart.empty"))).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test("goes down the category menu to a listing, whose filters open on demand", async ({ openPage }) => {
    const page = await openPage("/fr", { viewport: MOBILE });
    await bottomBar(page).getByRole("button", { name: message("fr", "navigation.menu"), exact: true }).click();
    const menu = page.getByRole("dialog", { name: message("fr", "navigation.menu") });
    await expect(menu).toBeVisible();
    await menu.getByRole("button", { name: top.node.label, exact: true }).click();
    await menu.getByRole("link", { name: message("fr", "navigation.seeAll").replace("{category}", top.node.label), exact: true }).click();

    await expect(page).toHaveURL(atPath(`/fr/categorie/${top.node.path}`));
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: top.node.label })).toBeVisible();
    const first = top.listing.products.content[0];
    if (!first) throw new Error(`${top.node.label} lists no product`);
    await expect(page.getByRole("main").getByRole("link", { name: first.name, exact: true }).first()).toBeVisible();
    await expectNoSidewaysScroll(page);

    const toggle = page.getByRole("button", { name: messagePattern("fr", "catalog.filters.toggle") });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const facet = top.listing.facets[0];
    if (!facet) throw new Error(`${top.node.label} has no filter`);
    await expect(page.getByRole("group", { name: facet.label })).toBeVisible();
  });

  test("sorts a listing and changes its page size", async ({ openPage }) => {
    const path = `/fr/categorie/${top.node.path}`;
    const page = await openPage(path, { viewport: MOBILE });
    await expect(page.getByRole("heading", { level: 1, name: top.node.label })).toBeVisible();
    await page.getByLabel(message("fr", "catalog.sort.label")).selectOption({ label: message("fr", "catalog.sort.priceDesc") });
    await expect(page).toHaveURL(atPath(path, { search: (params) => params.get("sort") === "price.desc" }));
    await page.getByLabel(message("fr", "catalog.pageSize.label")).selectOption("12");
    await expect(page).toHaveURL(atPath(path, { search: (params) => params.get("sort") === "price.desc" && params.get("itemsPerPage") === "12" }));
    const expected = (await listing("fr", top.node.path, { sort: "price,desc", size: 12 })).products.content.map((product) => product.name);
    const cards = page.getByRole("region", { name: message("fr", "catalog.listing.results") }).getByRole("article").getByRole("heading");
    await expect.poll(async () => (await cards.allInnerTexts()).map(normaliseSpaces)).toEqual(expected);
    await expectNoSidewaysScroll(page);
  });

  test("reads an information page from the footer", async ({ openPage }) => {
    const terms = await data((await storefrontApi("fr")).GET("/platform/terms-of-use"));
    const page = await openPage("/fr", { viewport: MOBILE });
    await page.getByRole("contentinfo").getByRole("link", { name: message("fr", "footer.link.termsOfSale"), exact: true }).click();
    await expect(page).toHaveURL(atPath("/fr/conditions-generales-de-vente"));
    await expect(page.getByRole("heading", { level: 1, name: terms.title })).toBeVisible();
    for (const section of terms.sections) await expect(page.getByRole("heading", { name: section.title, exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test("searches from the search dialog", async ({ openPage }) => {
    const product = await productWithGallery("fr");
    const word = searchWordOf(product.name).toLowerCase();
    const api = await storefrontApi("fr");
    const preview = await data(api.GET("/products/search", { params: { query: { searchTerm: word, size: 4 } } }));
    const { terms } = await data(api.GET("/products/search-autocomplete", { params: { query: { searchTerm: word, size: 10 } } }));
    if (terms.length === 0) throw new Error(`no suggested term for "${word}"`);

    const page = await openPage("/fr", { viewport: MOBILE });
    await bottomBar(page).getByRole("button", { name: message("fr", "searchBar.open"), exact: true }).click();
    const dialog = page.getByRole("dialog", { name: message("fr", "searchBar.open") });
    await expect(dialog).toBeVisible();
    const box = dialog.getByRole("combobox", { name: message("fr", "searchBar.label") });
    await expect(box).toBeFocused();
    await box.fill(word);
    const suggestions = dialog.getByRole("listbox", { name: message("fr", "searchBar.suggestions") });
    for (const item of preview.products.content) await expect(suggestions.getByRole("option", { name: item.name }).first()).toBeVisible();
    for (const term of terms) await expect(suggestions.getByRole("option", { name: term, exact: true }).first()).toBeVisible();
    await expect(suggestions.getByRole("option", { name: messagePattern("fr", "searchBar.showAll") })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await box.press("Enter");

    await expect(page).toHaveURL(atPath("/fr/recherche", { search: (params) => params.get("searchTerm")?.trim() === word }));
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("main").getByRole("link", { name: product.name, exact: true }).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test("shows a product, enlarges a picture and closes it", async ({ openPage }) => {
    const product = await productWithGallery("fr");
    const page = await openPage(`/fr/produit/${product.slug}`, { viewport: MOBILE });
    await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
    await expectNoSidewaysScroll(page);

    const first = product.pictures[0];
    if (!first) throw new Error(`${product.name} has no picture`);
    await page.getByRole("button", { name: message("fr", "product.gallery.enlarge").replace("{title}", first.title), exact: true }).click();
    const lightbox = page.getByRole("dialog");
    await expect(lightbox).toBeVisible();
    await expect(lightbox.getByRole("img", { name: first.title, exact: true })).toBeVisible();
    await lightbox.getByRole("button", { name: message("fr", "product.lightbox.close") }).click();
    await expect(lightbox).toBeHidden();
  });

  test("switches language from the menu and stays on the same product", async ({ openPage }) => {
    const product = await productWithGallery("fr");
    const english = await productBySlug("en", product.slugs.en);
    const page = await openPage(`/fr/produit/${product.slug}`, { viewport: MOBILE });
    await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
    await bottomBar(page).getByRole("button", { name: message("fr", "navigation.menu"), exact: true }).click();
    const menu = page.getByRole("dialog", { name: message("fr", "navigation.menu") });
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "English", exact: true }).click();

    await expect(page).toHaveURL(atPath(`/en/product/${english.slug}`));
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: english.name })).toBeVisible();
  });

  test("shows the 404 page for an unknown address", async ({ openPage }) => {
    const page = await openPage("/en/nothing-here", { viewport: MOBILE });
    await expect(page).toHaveURL(atPath("/en/404"));
    await expect(page.getByText(messagePattern("en", "errors.notfound")).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
