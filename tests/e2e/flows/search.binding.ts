// The header's search box in the browser, on a paused page clock: the debounce delay passes only when
// the path's timer event runs the clock. The suggestions (the autocomplete and the preview, sent
// together) are held a moment so that "Searching…" can be seen, then answered by the real server: the
// model's term stands for a word of a real product's name when suggestions come, for a word no product
// has when nothing is found, and for a term over the contract's 100 characters when the request fails
// (the real server answers 400 to both calls, which the box treats as any failure; its results page
// keeps the first 100 characters). The model's suggested term is the first one the server suggested,
// or, for a results page opened, a word of another product: that page is opened before the path
// starts, left by the logo, and come back to.
import { NO_SUGGESTIONS } from "../../../machines/search/search.machine.ts";
import { HEADER_DEBOUNCE_MS, isSearchableTerm, type SearchEvent } from "../../../machines/search/search.types.ts";
import { searchModel } from "../../../machines/search/search.model.ts";
import type { ModelEvent } from "../../../machines/shared/flow-model.ts";
import type { Lang } from "../support/api.ts";
import { allProducts, searchWordOf } from "../support/catalogue.ts";
import { expect, type Page } from "../support/fixtures.ts";
import { message, messagePattern } from "../support/messages.ts";
import { atPath } from "../support/waits.ts";
import { defineFlowBinding } from "./binding.ts";
import { holdRequests } from "./world.ts";

/** The box's two calls (the results page asks for more than the preview's 4 products, and is not held). */
const SUGGESTIONS = /\/api\/v1\/products\/(search-autocomplete\?|search\?(.*&)?size=4(&|$))/;
/** The contract's maxLength of `searchTerm`: a longer term is refused with 400. */
const LONGEST_TERM = 100;
const NOTHING_MATCHES = "zzqxwv";
const SEARCH_PATH: Record<Lang, string> = { fr: "/fr/recherche", en: "/en/search" };

interface PathData {
  lang: Lang;
  /** The model's terms, as this path types them. */
  terms: Map<string, string>;
  /** A word of a product's name: the shop suggests terms and products for it. */
  word: string;
  held: Awaited<ReturnType<typeof holdRequests>>;
  /** The number of products the last preview answered. */
  total: number;
}

function path(world: { memory: Map<string, unknown> }): PathData {
  const found = world.memory.get("search") as PathData | undefined;
  if (found === undefined) throw new Error("the search path was not started");
  return found;
}

const typed = (data: PathData, term: string) => data.terms.get(term) ?? term;

function headerSearch(page: Page, lang: Lang) {
  const search = page.getByRole("banner").getByRole("search");
  return {
    search,
    box: search.getByRole("combobox", { name: message(lang, "searchBar.label") }),
    list: search.getByRole("listbox", { name: message(lang, "searchBar.suggestions") }),
  };
}

const resultsOf = (lang: Lang, term: string) => atPath(SEARCH_PATH[lang], { search: (params) => params.get("searchTerm") === term });

/** The term that brings the suggestions request's next answer of the path. */
function termFor(data: PathData, upcoming: ModelEvent<SearchEvent>[]): string {
  const outcome = upcoming.find((event) => event.type.endsWith(".actor.fetchSuggestions"));
  if (outcome?.type === "xstate.error.actor.fetchSuggestions") return `${data.word} ${"x".repeat(LONGEST_TERM - data.word.length)}`;
  if (outcome !== undefined && "output" in outcome && outcome.output === NO_SUGGESTIONS) return NOTHING_MATCHES;
  return data.word;
}

/** Lets the held calls go to the server, and waits for their answers to reach the page. */
async function answer(page: Page, data: PathData): Promise<void> {
  const responses = [0, 1].map(() => page.waitForResponse((candidate) => SUGGESTIONS.test(candidate.url())));
  const preview = page.waitForResponse((candidate) => SUGGESTIONS.test(candidate.url()) && candidate.url().includes("/products/search?"));
  for (const route of [await data.held.next(), await data.held.next()]) await route.continue();
  await Promise.all(responses);
  const body = (await (await preview).json()) as { products?: { totalElements: number } };
  data.total = body.products?.totalElements ?? 0;
}

export const searchBinding = defineFlowBinding(searchModel, {
  inEnglish: true,
  start: async ({ lang, context, openPage, memory, upcoming }) => {
    const products = (await allProducts(lang)).filter((product) => product.offer !== null);
    const [first, second] = products;
    if (first === undefined || second === undefined) throw new Error("the catalogue has fewer than two products");
    const word = searchWordOf(first.name).toLowerCase();
    const otherWord = searchWordOf(second.name).toLowerCase();
    await context.clock.install();
    const prefill = upcoming.find((event) => event.type === "search.prefill");
    let page: Page;
    if (prefill === undefined) page = await openPage(`/${lang}`);
    else {
      // The results page the path comes back to, then the home page by the logo (the same app).
      page = await openPage(`${SEARCH_PATH[lang]}?searchTerm=${encodeURIComponent(otherWord)}`);
      await page.getByRole("banner").getByRole("link", { name: messagePattern(lang, "layout.home") }).click();
      await expect(page).toHaveURL(atPath(`/${lang}`));
    }
    // The box's machine loads on first use: a first search, then the box emptied (the flow's start).
    const { box, list } = headerSearch(page, lang);
    await box.fill(word);
    await expect(list).toBeVisible();
    await box.fill("");
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await page.clock.pauseAt(Date.now() + 1_000);
    const held = await holdRequests(page, SUGGESTIONS);
    const terms = new Map<string, string>();
    if (prefill?.type === "search.prefill") terms.set(prefill.term, otherWord);
    memory.set("search", { lang, terms, word, held, total: 0 } satisfies PathData);
    return page;
  },
  states: {
    idle: async (page, world) => {
      const data = path(world);
      const { search, box } = headerSearch(page, data.lang);
      const term = typed(data, world.snapshot.context.term);
      await expect(box).toHaveValue(term);
      await expect(box).toHaveAttribute("aria-expanded", "false");
      const submit = search.getByRole("button", { name: message(data.lang, "searchBar.submit"), exact: true });
      if (isSearchableTerm(term)) await expect(submit).toBeEnabled();
      else await expect(submit).toBeDisabled();
    },
    debouncing: async (page, world) => {
      const data = path(world);
      const { box } = headerSearch(page, data.lang);
      await expect(box).toHaveValue(typed(data, world.snapshot.context.term));
      await expect(box).toHaveAttribute("aria-expanded", "false");
    },
    fetching: async (page, world) => {
      const { lang } = path(world);
      const { search, box } = headerSearch(page, lang);
      await expect(box).toHaveAttribute("aria-expanded", "true");
      if (world.snapshot.context.suggestions === NO_SUGGESTIONS) {
        await expect(search.getByText(message(lang, "searchBar.searching"), { exact: true })).toBeVisible();
      }
    },
    showingResults: async (page, world) => {
      const data = path(world);
      const { search, box, list } = headerSearch(page, data.lang);
      await expect(box).toHaveAttribute("aria-expanded", "true");
      await expect(list).toBeVisible();
      for (const heading of ["searchBar.terms", "searchBar.products"]) {
        await expect(search.getByText(message(data.lang, heading), { exact: true })).toBeVisible();
      }
      await expect(list.getByRole("option").first()).toBeVisible();
      const all = message(data.lang, "searchBar.showAll").replace("{count}", String(data.total));
      await expect(list.getByRole("option", { name: all, exact: true })).toBeVisible();
    },
    showingEmpty: async (page, world) => {
      const { lang } = path(world);
      const { search, box, list } = headerSearch(page, lang);
      await expect(box).toHaveAttribute("aria-expanded", "true");
      // The panel's note (a status for screen readers, visually hidden, says it after it).
      await expect(search.getByText(message(lang, "searchBar.noResult"), { exact: true }).first()).toBeVisible();
      await expect(list.getByRole("option")).toHaveCount(0);
    },
    failed: async (page, world) => {
      const { lang } = path(world);
      const notifications = page.getByRole("region", { name: message(lang, "notifications.label") });
      await expect(notifications.getByRole("alert").getByText(message(lang, "searchBar.serverError"), { exact: true })).toBeVisible();
      await expect(headerSearch(page, lang).box).toHaveAttribute("aria-expanded", "false");
    },
  },
  events: {
    "search.type": async (page, event, world) => {
      if (event.type !== "search.type") throw new Error(`not a typing: ${event.type}`);
      const data = path(world);
      const term = isSearchableTerm(event.term) ? termFor(data, world.upcoming) : event.term;
      data.terms.set(event.term, term);
      await headerSearch(page, data.lang).box.fill(term);
    },
    "(after debounce)": async (page) => {
      await page.clock.runFor(HEADER_DEBOUNCE_MS);
    },
    "(suggestions received)": (page, _event, world) => answer(page, path(world)),
    "(no suggestion found)": (page, _event, world) => answer(page, path(world)),
    "(suggestions request fails)": async (page, _event, world) => {
      const data = path(world);
      const statuses = [0, 1].map(() => page.waitForResponse((candidate) => SUGGESTIONS.test(candidate.url())).then((response) => response.status()));
      for (const route of [await data.held.next(), await data.held.next()]) await route.continue();
      expect(await Promise.all(statuses)).toEqual([400, 400]);
    },
    "search.submit": async (page, _event, world) => {
      const data = path(world);
      const { box } = headerSearch(page, data.lang);
      const { term } = world.snapshot.context;
      // The results page keeps the API's 100 characters of a term, and the box shows the page's term.
      const kept = typed(data, term).trim().slice(0, LONGEST_TERM);
      await box.press("Enter");
      await expect(page).toHaveURL(resultsOf(data.lang, kept));
      data.terms.set(term, kept);
    },
    "search.close": async (page, _event, world) => {
      const { box } = headerSearch(page, path(world).lang);
      // Escape closes an open panel; without one, the focus leaving the bar does.
      if ((await box.getAttribute("aria-expanded")) === "true") await box.press("Escape");
      else await page.getByRole("main").click({ position: { x: 1, y: 1 } });
    },
    "search.select": async (page, event, world) => {
      if (event.type !== "search.select") throw new Error(`not a choice: ${event.type}`);
      const data = path(world);
      const suggestion = headerSearch(page, data.lang).list.getByRole("option").first();
      const term = (await suggestion.innerText()).trim();
      data.terms.set(event.term, term);
      await suggestion.click();
      await expect(page).toHaveURL(resultsOf(data.lang, term));
    },
    "search.prefill": async (page, event, world) => {
      if (event.type !== "search.prefill") throw new Error(`not a results page: ${event.type}`);
      const data = path(world);
      await page.goBack();
      await expect(page).toHaveURL(resultsOf(data.lang, typed(data, event.term)));
    },
  },
});
