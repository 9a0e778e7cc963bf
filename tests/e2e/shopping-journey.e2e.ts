// A shopper's way through the shop on a desktop: home → mega menu → category → filters, sort and
// page size → product → gallery lightbox → search with autocomplete → search page → language
// switch → information page → unknown address. Each test opens its own page at its step, so any of
// them can run alone.
import { HEADER_DEBOUNCE_MS, PANEL_DEBOUNCE_MS } from "../../machines/search/search.types.ts";
import { data, normaliseSpaces, storefrontApi } from "./support/api.ts";
import { largestTopCategory, listing, productBySlug, productWithGallery, searchWordOf, type CategoryNode, type Listing, type Product } from "./support/catalogue.ts";
import { expect, test, type Page } from "./support/fixtures.ts";
import { message, messagePattern } from "./support/messages.ts";
import { atPath } from "./support/waits.ts";

let top: { node: CategoryNode; listing: Listing };

test.beforeAll(async () => {
  top = await largestTopCategory("fr");
});

/** The product cards of a listing's results, in order. */
function resultCards(page: Page) {
  return page.getByRole("region", { name: message("fr", "catalog.listing.results") }).getByRole("article");
}

async function shownProductNames(page: Page): Promise<string[]> {
  return (await resultCards(page).getByRole("heading").allInnerTexts()).map(normaliseSpaces);
}

/** Expects the listing to show `names` (it keeps the previous page on screen while loading). */
async function expectProductNames(page: Page, names: string[]): Promise<void> {
  await expect.poll(() => shownProductNames(page)).toEqual(names);
}

test.describe("a shopper's journey on a desktop", () => {
  test("goes from the home page through the mega menu to a category", async ({ openPage }) => {
    const page = await openPage("/fr");
    const menu = page.getByRole("navigation", { name: message("fr", "navigation.categories") });
    const topButton = menu.getByRole("button", { name: top.node.label, exact: true });
    await expect(topButton).toBeVisible();
    await expect(topButton).toHaveAttribute("aria-expanded", "false");

    await topButton.click();
    await expect(topButton).toHaveAttribute("aria-expanded", "true");
    // The panel shows the category's featured products (its landing content names them).
    const api = await storefrontApi("fr");
    const landing = await data(
      api.POST("/afs_marketing_landing/findOne", { body: { attrId: "marketing_landing_category", attrValue: top.node.path, categoryUp: false } }),
    );
    const [firstReference] = landing.featuredProducts;
    if (!firstReference) throw new Error(`${top.node.label} has no featured product`);
    const [featured] = await data(api.GET("/products/references", { params: { query: { referenceList: firstReference } } }));
    if (!featured) throw new Error(`the featured reference ${firstReference} is no product`);
    await expect(menu.getByRole("region", { name: message("fr", "navigation.featured") }).getByRole("link", { name: featured.name }).first()).toBeVisible();
    const child = top.node.children[0];
    if (!child) throw new Error(`${top.node.label} has no sub-category`);
    await menu.getByRole("link", { name: child.label, exact: true }).click();

    await expect(page).toHaveURL(atPath(`/fr/categorie/${child.path}`));
    await expect(page.getByRole("heading", { level: 1, name: child.label })).toBeVisible();
    // The menu closes once the page changed.
    await expect(menu.getByRole("link", { name: child.label, exact: true })).toBeHidden();
  });

  test("filters, sorts and resizes the listing, and pages through it, with the address following", async ({ openPage }) => {
    const path = `/fr/categorie/${top.node.path}`;
    const page = await openPage(path);
    await expect(page.getByRole("heading", { level: 1, name: top.node.label })).toBeVisible();
    await expectProductNames(page, top.listing.products.content.map((product) => product.name));
    await expect(page.getByText(messagePattern("fr", "catalog.listing.count")).filter({ hasText: String(top.listing.products.totalElements) }).first()).toBeVisible();

    // Sort by increasing price.
    await page.getByLabel(message("fr", "catalog.sort.label")).selectOption({ label: message("fr", "catalog.sort.priceAsc") });
    await expect(page).toHaveURL(atPath(path, { search: (params) => params.get("sort") === "price.asc" }));
    const byPrice = await listing("fr", top.node.path, { sort: "price,asc" });
    await expectProductNames(page, byPrice.products.content.map((product) => product.name));

    // Next page, then a smaller page size: the page number goes away.
    const pagination = page.getByRole("navigation", { name: message("fr", "ui.pagination.label") });
    await pagination.getByRole("link", { name: message("fr", "ui.pagination.next") }).click();
    await expect(page).toHaveURL(atPath(path, { search: (params) => params.get("page") === "2" && params.get("sort") === "price.asc" }));
    const secondPage = await listing("fr", top.node.path, { sort: "price,asc", page: 1 });
    await expectProductNames(page, secondPage.products.content.map((product) => product.name));

    await page.getByLabel(message("fr", "catalog.pageSize.label")).selectOption("12");
    await expect(page).toHaveURL(atPath(path, { search: (params) => params.get("itemsPerPage") === "12" && !params.has("page") }));
    const twelve = await listing("fr", top.node.path, { sort: "price,asc", size: 12 });
    await expectProductNames(page, twelve.products.content.map((product) => product.name));

    // A facet value that narrows the listing.
    const facet = top.listing.facets.find((item) => item.values.some((value) => value.count > 0 && value.count < top.listing.products.totalElements));
    const value = facet?.values.find((item) => item.count > 0 && item.count < top.listing.products.totalElements);
    if (!facet || !value) throw new Error(`no narrowing facet value in ${top.node.label}`);
    const filters = page.getByRole("region", { name: message("fr", "catalog.filters.title") });
    const checkbox = filters.getByRole("group", { name: facet.label }).getByRole("checkbox", { name: new RegExp(`^${escapeRegExp(value.label)}\\b`) });
    await checkbox.check();
    const filter = `${facet.name}:${value.value}`;
    // However the address writes it, the filter is in it (so a shared or reloaded link keeps it).
    await expect(page).toHaveURL(atPath(path, { search: (params) => params.get("itemsPerPage") === "12" && [...params.values()].some((item) => item.includes(filter)) }));
    const filtered = await listing("fr", top.node.path, { sort: "price,asc", size: 12, filters: [filter] });
    expect(filtered.products.totalElements).toBe(value.count);
    await expectProductNames(page, filtered.products.content.map((product) => product.name));
    await page.reload();
    await expectProductNames(page, filtered.products.content.map((product) => product.name));
    await expect(checkbox).toBeChecked();

    // The chip of the active filter removes it.
    await page.getByRole("button", { name: messagePattern("fr", "catalog.filters.remove") }).click();
    await expect(page).toHaveURL(atPath(path, { search: (params) => ![...params.values()].some((item) => item.includes(filter)) }));
    await expectProductNames(page, twelve.products.content.map((product) => product.name));
  });

  test("shows the default listing when the address holds a page, sort or size that does not exist", async ({ openPage }) => {
    const path = `/fr/categorie/${top.node.path}`;
    const page = await openPage(`${path}?page=abc&sort=cheapest-first&itemsPerPage=13`);
    await expect(page.getByRole("heading", { level: 1, name: top.node.label })).toBeVisible();
    await expectProductNames(page, top.listing.products.content.map((product) => product.name));
    await expect(page.getByLabel(message("fr", "catalog.sort.label"))).toHaveValue("name.asc");
    await expect(page.getByLabel(message("fr", "catalog.pageSize.label"))).toHaveValue("24");

    // The same on the search page, whose term is kept.
    const word = searchWordOf(top.listing.products.content[0]?.name ?? "").toLowerCase();
    const api = await storefrontApi("fr");
    const results = await data(api.GET("/products/search", { params: { query: { searchTerm: word, size: 24 } } }));
    await page.goto(`/fr/recherche?searchTerm=${encodeURIComponent(word)}&page=-4&sort=%5B1%5D`);
    await expect(page.getByRole("heading", { level: 1, name: message("fr", "search.page.titleWithTerm").replace("{term}", word) })).toBeVisible();
    await expectProductNames(page, results.products.content.map((item) => item.name));
  });

  test("reads filters written the earlier JSON way and writes them as plain words", async ({ openPage }) => {
    const path = `/fr/categorie/${top.node.path}`;
    const facet = top.listing.facets.find((item) => item.values.some((value) => value.count > 0 && value.count < top.listing.products.totalElements));
    const value = facet?.values.find((item) => item.count > 0 && item.count < top.listing.products.totalElements);
    if (!facet || !value) throw new Error(`no narrowing facet value in ${top.node.label}`);
    const filter = `${facet.name}:${value.value}`;
    const page = await openPage(`${path}?filters=${encodeURIComponent(JSON.stringify([filter]))}`);
    const filtered = await listing("fr", top.node.path, { filters: [filter] });
    await expectProductNames(page, filtered.products.content.map((product) => product.name));

    await page.getByLabel(message("fr", "catalog.sort.label")).selectOption({ label: message("fr", "catalog.sort.priceAsc") });
    await expect(page).toHaveURL(atPath(path, { search: (params) => params.get("sort") === "price.asc" }));
    const url = new URL(page.url());
    expect(url.searchParams.getAll("filters")).toEqual([filter]);
    expect(url.search).toContain(`filters=${facet.name}:`);
  });

  test("marks only the page shown as the current one in the page links", async ({ openPage }) => {
    const path = `/fr/categorie/${top.node.path}`;
    const page = await openPage(`${path}?page=2`);
    const pagination = page.getByRole("navigation", { name: message("fr", "ui.pagination.label") });
    await expect(pagination).toBeVisible();
    await expect(pagination.getByRole("link", { name: message("fr", "ui.pagination.page").replace("{page}", "2"), exact: true })).toBeVisible();
    // aria-current tells assistive technologies which link is the page being read.
    await expect(pagination.locator('[aria-current="page"]')).toHaveText(["2"], { useInnerText: true });
  });

  test("opens a product from the listing and enlarges its pictures in the lightbox", async ({ openPage }) => {
    const product = await productWithGallery("fr");
    const category = product.category.path;
    const page = await openPage(`/fr/categorie/${category}?itemsPerPage=36&sort=name.asc`);
    await resultCards(page).getByRole("link", { name: product.name, exact: true }).click();
    await expect(page).toHaveURL(atPath(`/fr/produit/${product.slug}`));
    await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
    // More than 5 in stock: a plain in-stock message.
    await expect(page.getByText(message("fr", "product.stock.inStock"), { exact: true })).toBeVisible();

    await openLightboxAndBrowse(page, product);
  });

  test("searches with autocomplete, then shows all the results on the search page", async ({ context, openPage }) => {
    const product = await productWithGallery("fr");
    const word = searchWordOf(product.name).toLowerCase();
    const api = await storefrontApi("fr");
    const preview = await data(api.GET("/products/search", { params: { query: { searchTerm: word, size: 4 } } }));
    const terms = await data(api.GET("/products/search-autocomplete", { params: { query: { searchTerm: word, size: 10 } } }));

    // The page clock is paused while typing, so that a request for 2 characters would have had its time.
    await context.clock.install();
    const page = await openPage("/fr");
    const search = page.getByRole("search");
    const box = search.getByRole("combobox", { name: message("fr", "searchBar.label") });
    const submit = search.getByRole("button", { name: message("fr", "searchBar.submit") });
    const suggestions = search.getByRole("listbox", { name: message("fr", "searchBar.suggestions") });
    // The box's machine loads on first use (its code is fetched then): a first search, then the box
    // emptied, so that the keystrokes below reach a started machine whose timers the paused clock holds.
    await box.fill(word);
    await expect(suggestions).toBeVisible();
    await box.fill("");
    await expect(box).toHaveAttribute("aria-expanded", "false");
    const requests: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (/\/products\/search(-autocomplete)?$/.test(url.pathname)) requests.push(`${url.pathname.split("/").pop()}=${url.searchParams.get("searchTerm")}`);
    });
    await page.clock.pauseAt(Date.now() + 1_000);

    // Under 3 characters nothing is suggested and the search cannot be sent.
    await box.pressSequentially(word.slice(0, 2));
    await expect(submit).toBeDisabled();
    await page.clock.runFor(2 * PANEL_DEBOUNCE_MS);
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await box.press(word.charAt(2));
    await page.clock.runFor(HEADER_DEBOUNCE_MS);
    const three = word.slice(0, 3);
    await expect.poll(() => requests.slice(0, 2).sort()).toEqual([`search-autocomplete=${three}`, `search=${three}`]);
    await expect(submit).toBeEnabled();
    await page.clock.resume();

    await box.fill(word);
    await expect(suggestions).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    for (const item of preview.products.content) await expect(suggestions.getByRole("option", { name: item.name }).first()).toBeVisible();
    const firstTerm = terms.terms[0];
    if (!firstTerm) throw new Error(`no suggested term for "${word}"`);
    await expect(suggestions.getByRole("option", { name: firstTerm, exact: true }).first()).toBeVisible();
    const showAll = suggestions.getByRole("option", { name: messagePattern("fr", "searchBar.showAll") });
    await expect(showAll).toContainText(String(preview.products.totalElements), { useInnerText: true });

    await showAll.click();
    await expect(page).toHaveURL(atPath("/fr/recherche", { search: (params) => params.get("searchTerm")?.trim() === word }));

    const results = await data(api.GET("/products/search", { params: { query: { searchTerm: word, size: 24 } } }));
    await expect(page.getByRole("heading", { level: 1, name: message("fr", "search.page.titleWithTerm").replace("{term}", word) })).toBeVisible();
    await expect(page.getByText(messagePattern("fr", "catalog.listing.count")).filter({ hasText: String(results.products.totalElements) }).first()).toBeVisible();
    await expectProductNames(page, results.products.content.map((item) => item.name));
  });

  test("closes the suggestions with Escape and opens the results page with Enter", async ({ openPage }) => {
    const product = await productWithGallery("fr");
    const word = searchWordOf(product.name).toLowerCase();
    const page = await openPage("/fr");
    const search = page.getByRole("search");
    const box = search.getByRole("combobox", { name: message("fr", "searchBar.label") });
    await box.fill(word);
    const suggestions = search.getByRole("listbox", { name: message("fr", "searchBar.suggestions") });
    await expect(suggestions.getByRole("option", { name: product.name }).first()).toBeVisible();
    await box.press("Escape");
    await expect(suggestions).toBeHidden();
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await box.press("Enter");
    await expect(page).toHaveURL(atPath("/fr/recherche", { search: (params) => params.get("searchTerm")?.trim() === word }));
    await expect(page.getByRole("main").getByRole("link", { name: product.name, exact: true }).first()).toBeVisible();
  });

  test("switches language on a product page and stays on the same product", async ({ openPage }) => {
    const product = await productWithGallery("fr");
    const english: Product = await productBySlug("en", product.slugs.en);
    const page = await openPage(`/fr/produit/${product.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();

    await page.getByRole("banner").getByRole("link", { name: "English", exact: true }).click();
    await expect(page).toHaveURL(atPath(`/en/product/${product.slugs.en}`));
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1, name: english.name })).toBeVisible();

    await page.getByRole("banner").getByRole("link", { name: "Français", exact: true }).click();
    await expect(page).toHaveURL(atPath(`/fr/produit/${product.slug}`));
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
  });

  test("switches language on a listing and on the search page, keeping the query", async ({ openPage }) => {
    const english = (await largestTopCategory("en")).node;
    const page = await openPage(`/fr/categorie/${top.node.path}?sort=name.desc&itemsPerPage=12`);
    await expect(page.getByRole("heading", { level: 1, name: top.node.label })).toBeVisible();
    await page.getByRole("banner").getByRole("link", { name: "English", exact: true }).click();
    await expect(page).toHaveURL(atPath(`/en/category/${english.path}`));
    const url = new URL(page.url());
    expect(url.searchParams.get("sort")).toBe("name.desc");
    expect(url.searchParams.get("itemsPerPage")).toBe("12");
    await expect(page.getByRole("heading", { level: 1, name: english.label })).toBeVisible();

    const term = searchWordOf((await productWithGallery("en")).name).toLowerCase();
    await page.goto(`/en/search?searchTerm=${encodeURIComponent(term)}`);
    await expect(page.getByRole("heading", { level: 1, name: message("en", "search.page.titleWithTerm").replace("{term}", term) })).toBeVisible();
    await page.getByRole("banner").getByRole("link", { name: "Français", exact: true }).click();
    await expect(page).toHaveURL(atPath("/fr/recherche", { search: (params) => params.get("searchTerm") === term }));
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  });

  test("reads an information page from the footer, then meets the 404 page on an unknown address", async ({ openPage }) => {
    const api = await storefrontApi("fr");
    const terms = await data(api.GET("/platform/terms-of-use"));
    const page = await openPage("/fr");
    await page.getByRole("contentinfo").getByRole("link", { name: message("fr", "footer.link.termsOfSale"), exact: true }).click();
    await expect(page).toHaveURL(atPath("/fr/conditions-generales-de-vente"));
    await expect(page.getByRole("heading", { level: 1, name: terms.title })).toBeVisible();
    for (const section of terms.sections) await expect(page.getByRole("heading", { name: section.title, exact: true })).toBeVisible();

    await page.goto("/fr/conditions-generales-de-vente/suite-inconnue");
    await expect(page).toHaveURL(atPath("/fr/404"));
    await expect(page.getByText(messagePattern("fr", "errors.notfound")).first()).toBeVisible();
  });
});

/** Opens the lightbox on the first picture, moves to the next one, and closes it with Escape. */
async function openLightboxAndBrowse(page: Page, product: Product): Promise<void> {
  const [first, second] = product.pictures;
  if (!first || !second) throw new Error(`${product.name} has fewer than two pictures`);
  const gallery = page.getByRole("region", { name: message("fr", "product.gallery.label").replace("{name}", product.name) });
  const opener = gallery.getByRole("button", { name: message("fr", "product.gallery.enlarge").replace("{title}", first.title), exact: true });
  await opener.click();

  const lightbox = page.getByRole("dialog");
  await expect(lightbox).toBeVisible();
  await expect(lightbox.getByRole("img", { name: first.title, exact: true })).toBeVisible();
  const count = product.pictures.length;
  await expect(lightbox.getByText(message("fr", "product.carousel.position").replace("{index}", "1").replace("{count}", String(count))).first()).toBeVisible();

  await lightbox.getByRole("button", { name: message("fr", "product.gallery.next") }).click();
  await expect(lightbox.getByText(message("fr", "product.carousel.position").replace("{index}", "2").replace("{count}", String(count))).first()).toBeVisible();
  await expect(lightbox.getByText(second.title, { exact: false }).first()).toContainText(second.title, { useInnerText: true });

  await page.keyboard.press("Escape");
  await expect(lightbox).toBeHidden();
  // The focus goes back to the picture that opened it.
  await expect(opener).toBeFocused();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
