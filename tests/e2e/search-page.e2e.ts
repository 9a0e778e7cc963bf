// The search results page sorts, resizes, pages and filters its listing like a category does, each
// change written in the address and the products shown following what the API answers for it.
import { data, normaliseSpaces, storefrontApi } from "./support/api.ts";
import { largestTopCategory, searchWordOf } from "./support/catalogue.ts";
import { expect, test, type Page } from "./support/fixtures.ts";
import { message, messagePattern } from "./support/messages.ts";
import { atPath } from "./support/waits.ts";

type SearchQuery = { size?: number; page?: number; sort?: string; filters?: string[] };

async function searchResults(term: string, query: SearchQuery = {}) {
  const api = await storefrontApi("fr");
  return data(api.GET("/products/search", { params: { query: { searchTerm: term, ...query } } }));
}

/** The term (a word of a product's name) that finds the most products: its results have pages. */
let term = "";

test.beforeAll(async () => {
  const { listing } = await largestTopCategory("fr");
  const words = [...new Set(listing.products.content.map((product) => searchWordOf(product.name).toLowerCase()))];
  let best = 0;
  for (const word of words) {
    const total = (await searchResults(word, { size: 1 })).products.totalElements;
    if (total > best) [term, best] = [word, total];
  }
  if (best <= 12) throw new Error(`no word of the catalogue finds more than 12 products (at best "${term}": ${best})`);
});

async function shownProductNames(page: Page): Promise<string[]> {
  const cards = page.getByRole("region", { name: message("fr", "catalog.listing.results") }).getByRole("article");
  return (await cards.getByRole("heading").allInnerTexts()).map(normaliseSpaces);
}

/** Expects the listing to show these products (it keeps the previous ones on screen while loading). */
async function expectProducts(page: Page, products: { name: string }[]): Promise<void> {
  await expect.poll(() => shownProductNames(page)).toEqual(products.map((product) => product.name));
}

test.describe("the search results page", () => {
  test("sorts, changes the page size, goes to page 2 and filters, the address following", async ({ openPage }) => {
    const path = "/fr/recherche";
    const page = await openPage(`${path}?searchTerm=${encodeURIComponent(term)}`);
    const byRelevance = await searchResults(term, { size: 24 });
    await expectProducts(page, byRelevance.products.content);
    await expect(page.getByText(messagePattern("fr", "catalog.listing.count")).filter({ hasText: String(byRelevance.products.totalElements) }).first()).toBeVisible();

    await page.getByLabel(message("fr", "catalog.sort.label")).selectOption({ label: message("fr", "catalog.sort.priceDesc") });
    await expect(page).toHaveURL(atPath(path, { search: (params) => params.get("searchTerm") === term && params.get("sort") === "price.desc" }));
    const byPrice = await searchResults(term, { size: 24, sort: "price,desc" });
    expect(byPrice.products.content.map((product) => product.name)).not.toEqual(byRelevance.products.content.map((product) => product.name));
    await expectProducts(page, byPrice.products.content);

    await page.getByLabel(message("fr", "catalog.pageSize.label")).selectOption("12");
    await expect(page).toHaveURL(atPath(path, { search: (params) => params.get("itemsPerPage") === "12" && params.get("sort") === "price.desc" }));
    await expectProducts(page, (await searchResults(term, { size: 12, sort: "price,desc" })).products.content);

    const pagination = page.getByRole("navigation", { name: message("fr", "ui.pagination.label") });
    await pagination.getByRole("link", { name: message("fr", "ui.pagination.next") }).click();
    await expect(page).toHaveURL(
      atPath(path, { search: (params) => params.get("page") === "2" && params.get("itemsPerPage") === "12" && params.get("searchTerm") === term }),
    );
    const secondPage = await searchResults(term, { size: 12, page: 1, sort: "price,desc" });
    expect(secondPage.products.content.length).toBeGreaterThan(0);
    await expectProducts(page, secondPage.products.content);

    // A facet value that narrows the results; a new filter goes back to the first page.
    const total = byRelevance.products.totalElements;
    const facet = byRelevance.facets.find((item) => item.values.some((value) => value.count > 0 && value.count < total));
    const value = facet?.values.find((item) => item.count > 0 && item.count < total);
    if (!facet || !value) throw new Error(`no facet value narrows the results for "${term}"`);
    const filters = page.getByRole("region", { name: message("fr", "catalog.filters.title") });
    await filters
      .getByRole("group", { name: facet.label })
      .getByRole("checkbox", { name: new RegExp(`^${value.label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`) })
      .check();
    const filter = `${facet.name}:${value.value}`;
    await expect(page).toHaveURL(
      atPath(path, { search: (params) => !params.has("page") && params.get("sort") === "price.desc" && params.getAll("filters").includes(filter) }),
    );
    const filtered = await searchResults(term, { size: 12, sort: "price,desc", filters: [filter] });
    expect(filtered.products.totalElements).toBe(value.count);
    await expectProducts(page, filtered.products.content);
  });
});
