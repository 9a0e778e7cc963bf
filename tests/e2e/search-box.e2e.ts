// The search box with autocomplete, in the header and in the phone's search dialog: its delays
// (on a paused page clock, so no delay passes unseen), the terms it suggests, the term of the results
// page, the search button, and a search sent when the box's code cannot be loaded. Its empty and
// error states are walked by the flow's browser paths (flows/search.e2e.ts).
import { HEADER_DEBOUNCE_MS, PANEL_DEBOUNCE_MS } from "../../machines/search/search.types.ts";
import { data, normaliseSpaces, storefrontApi } from "./support/api.ts";
import { productWithGallery, searchWordOf } from "./support/catalogue.ts";
import { expect, MOBILE, test, type BrowserContext, type Locator, type OpenPage, type Page } from "./support/fixtures.ts";
import { message } from "./support/messages.ts";
import { atPath } from "./support/waits.ts";

/** A word of a product's name: the shop has suggestions and products for it. */
let word = "";

test.beforeAll(async () => {
  word = searchWordOf((await productWithGallery("fr")).name).toLowerCase();
});

interface SearchRequest {
  call: "autocomplete" | "preview";
  term: string | null;
}

/** The suggestion requests the page sends from now on, in order. */
function recordSearchRequests(page: Page): SearchRequest[] {
  const requests: SearchRequest[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    const term = url.searchParams.get("searchTerm");
    if (url.pathname.endsWith("/products/search-autocomplete")) requests.push({ call: "autocomplete", term });
    else if (url.pathname.endsWith("/products/search")) requests.push({ call: "preview", term });
  });
  return requests;
}

function headerSearch(page: Page) {
  const search = page.getByRole("banner").getByRole("search");
  return { search, box: search.getByRole("combobox", { name: message("fr", "searchBar.label") }) };
}

/** The names of the products the results page lists, in order. */
async function shownProductNames(page: Page): Promise<string[]> {
  const cards = page.getByRole("region", { name: message("fr", "catalog.listing.results") }).getByRole("article");
  return (await cards.getByRole("heading").allInnerTexts()).map(normaliseSpaces);
}

function suggestionsOf(search: Locator) {
  return search.getByRole("listbox", { name: message("fr", "searchBar.suggestions") });
}

/**
 * Types the word's first 3 letters, lets `delay - 1` ms pass, types the 4th: when the box waited
 * less than `delay`, the first request is for 3 letters; then lets `delay` pass.
 */
async function expectDelay(page: Page, box: Locator, delay: number): Promise<void> {
  const requests = recordSearchRequests(page);
  await box.pressSequentially(word.slice(0, 3));
  await page.clock.runFor(delay - 1);
  await box.press(word.charAt(3));
  await page.clock.runFor(delay);
  const expected = word.slice(0, 4);
  await expect
    .poll(() => requests.slice(0, 2))
    .toEqual(
      expect.arrayContaining([
        { call: "autocomplete", term: expected },
        { call: "preview", term: expected },
      ]),
    );
}

/** Opens `path` on a page clock that the test moves on by hand once the search box is ready. */
async function openOnPausedClock(context: BrowserContext, openPage: OpenPage, path: string, mobile = false): Promise<Page> {
  await context.clock.install();
  return openPage(path, mobile ? { viewport: MOBILE } : {});
}

/** Loads the box's machine (it loads on first use) by a first search, then empties the box. */
async function warmUp(search: Locator, box: Locator): Promise<void> {
  await box.fill(word);
  await expect(suggestionsOf(search)).toBeVisible();
  await box.fill("");
}

test.describe("the search box", () => {
  test("waits 300 ms after the last keystroke in the header", async ({ context, openPage }) => {
    const page = await openOnPausedClock(context, openPage, "/fr");
    const { search, box } = headerSearch(page);
    await warmUp(search, box);
    await page.clock.pauseAt(Date.now() + 1_000);
    await expectDelay(page, box, HEADER_DEBOUNCE_MS);
  });

  test("waits 500 ms after the last keystroke in the phone's search dialog", async ({ context, openPage }) => {
    const page = await openOnPausedClock(context, openPage, "/fr", true);
    await page.getByRole("navigation", { name: message("fr", "layout.bottomBar") }).getByRole("button", { name: message("fr", "searchBar.open"), exact: true }).click();
    const dialog = page.getByRole("dialog", { name: message("fr", "searchBar.open") });
    await expect(dialog).toBeVisible();
    const box = dialog.getByRole("combobox", { name: message("fr", "searchBar.label") });
    await warmUp(dialog, box);
    await page.clock.pauseAt(Date.now() + 1_000);
    await expectDelay(page, box, PANEL_DEBOUNCE_MS);
  });

  test("lists every suggested term the shop answers, up to 10", async ({ openPage }) => {
    const terms = Array.from({ length: 10 }, (_, index) => `${word} ${index + 1}`);
    const page = await openPage("/fr");
    await page.route(/\/api\/v1\/products\/search-autocomplete\?/, (route) => route.fulfill({ json: { terms } }));
    const { search, box } = headerSearch(page);
    await box.fill(word);
    const suggestions = suggestionsOf(search);
    await expect(suggestions).toBeVisible();
    await expect(suggestions.getByRole("option", { name: terms.at(-1), exact: true })).toBeVisible();
    await expect.poll(async () => (await suggestions.getByRole("option").allInnerTexts()).slice(0, terms.length).map((text) => text.trim())).toEqual(terms);
  });

  for (const lang of ["fr", "en"] as const) {
    test(`shows the results page's term in the header box (${lang})`, async ({ openPage }) => {
      const path = lang === "fr" ? "/fr/recherche" : "/en/search";
      const page = await openPage(`${path}?searchTerm=${encodeURIComponent(word)}`);
      const box = page.getByRole("banner").getByRole("combobox", { name: message(lang, "searchBar.label") });
      await expect(box).toHaveValue(word);
      await expect(box).toHaveAttribute("aria-expanded", "false");

      // Another search from the box replaces it, and going back brings the first one again.
      const other = word.slice(0, 3);
      await box.fill(other);
      await box.press("Enter");
      await expect(page).toHaveURL(atPath(path, { search: (params) => params.get("searchTerm") === other }));
      await page.goBack();
      await expect(page).toHaveURL(atPath(path, { search: (params) => params.get("searchTerm") === word }));
      await expect(box).toHaveValue(word);
    });
  }

  test("shows the results page's term again after a visit elsewhere, in place of what was typed and not sent", async ({ openPage }) => {
    const page = await openPage(`/fr/recherche?searchTerm=${encodeURIComponent(word)}`);
    const { search, box } = headerSearch(page);
    await expect(box).toHaveValue(word);
    // Typed (the box's machine running), not sent; then a product of the results is followed.
    // (Fails when the page's term is only read when the box first shows.)
    await box.fill("");
    await warmUp(search, box);
    await box.fill(`${word} bleu`);
    await expect(box).toHaveValue(`${word} bleu`);
    await box.press("Escape");
    await page.getByRole("main").getByRole("region", { name: message("fr", "catalog.listing.results") }).getByRole("article").first().getByRole("link").first().click();
    await expect(page).toHaveURL(atPath(/^\/fr\/produit\//));
    await page.goBack();
    await expect(page).toHaveURL(atPath("/fr/recherche", { search: (params) => params.get("searchTerm") === word }));
    await expect(box).toHaveValue(word);
  });

  test("opens the results page even when the box's code cannot be loaded", async ({ context, openPage }) => {
    const api = await storefrontApi("fr");
    const results = await data(api.GET("/products/search", { params: { query: { searchTerm: word, size: 24 } } }));
    const first = results.products.content[0];
    if (!first) throw new Error(`no product found for "${word}"`);
    await context.route(/\/assets\/search-actors-[^/]*\.js$/, (route) => route.abort("internetdisconnected"));
    const page = await openPage("/fr");
    const { box } = headerSearch(page);
    await box.fill(word);
    await box.press("Enter");
    await expect(page).toHaveURL(atPath("/fr/recherche", { search: (params) => params.get("searchTerm") === word }));
    await expect(page.getByRole("heading", { level: 1, name: message("fr", "search.page.titleWithTerm").replace("{term}", word) })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: first.name, exact: true }).first()).toBeVisible();
  });

  test("opens the results page from its button, which stays disabled for 'sa '", async ({ openPage }) => {
    const api = await storefrontApi("fr");
    const results = await data(api.GET("/products/search", { params: { query: { searchTerm: word, size: 24 } } }));
    expect(results.products.content.length).toBeGreaterThan(0);
    const page = await openPage("/fr");
    const { search, box } = headerSearch(page);
    const submit = search.getByRole("button", { name: message("fr", "searchBar.submit"), exact: true });
    // The box's machine decides from then on (before it loads, the typed text alone does).
    await warmUp(search, box);

    // Three characters, but only two that are not spaces: nothing to search yet.
    await box.fill("sa ");
    await expect(box).toHaveValue("sa ");
    await expect(submit).toBeDisabled();

    await box.fill(word);
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page).toHaveURL(atPath("/fr/recherche", { search: (params) => params.get("searchTerm") === word }));
    await expect(page.getByRole("heading", { level: 1, name: message("fr", "search.page.titleWithTerm").replace("{term}", word) })).toBeVisible();
    await expect.poll(() => shownProductNames(page)).toEqual(results.products.content.map((product) => product.name));
  });
});
