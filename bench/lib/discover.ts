// Builds the request sets from the API itself: categories from the tree, product slugs and words
// from listings, search terms and autocomplete prefixes from product names; relay searches around
// the towns of the gazetteer the embedded relay points are placed around.
import { embeddedGazetteer } from "../../server/adapters/geocoding/gazetteer.ts";
import type { ReadCacheModel } from "./cache-model.ts";

export type ScenarioName = "listing" | "search" | "autocomplete" | "product" | "relays";
export const SCENARIOS: readonly ScenarioName[] = ["listing", "search", "autocomplete", "product", "relays"];

/** One request of a run. A set's entry is a URL to GET, or `POST <path> <JSON body>`. */
export interface BenchRequest {
  method: "GET" | "POST";
  path: string;
  body?: string;
}

export function requestOf(entry: string): BenchRequest {
  const post = /^POST (\S+) (.+)$/.exec(entry);
  return post?.[1] && post[2] ? { method: "POST", path: post[1], body: post[2] } : { method: "GET", path: entry };
}

export interface UrlSets {
  /** The everyday set: a few dozen URLs a shop's traffic concentrates on. */
  standard: Record<ScenarioName, string[]>;
  /** Thousands of distinct URLs, to see the server mostly without its read cache. */
  wide: Record<ScenarioName, string[]>;
  catalogue: { level1: number; level2: number; productsSeen: number; words: number };
}

interface CategoryNode {
  path: string;
  children: CategoryNode[];
}

interface Listing {
  products: { content: { slug: string; name: string }[]; totalElements: number; totalPages: number };
}

const LISTING_SORTS = [
  "name,asc",
  "name,desc",
  "price,asc",
  "price,desc",
  "relevance,asc",
  "relevance,desc",
  "reference,asc",
  "reference,desc",
] as const;
/** The sorts a shopper actually picks; the standard listing set uses these. */
const COMMON_SORTS = ["name,asc", "price,asc", "price,desc", "relevance,asc"] as const;
const LISTING_SIZE = 24;
const WIDE_LISTING_PAGES = 20;
const WIDE_SEARCH_PAGES = 3;
const DISCOVERY_PAGE_SIZE = 100;
const WIDE_DISCOVERY_PAGES = 8;

/** Words too common or too short to be searched for on their own. */
const STOP_WORDS = new Set(
  (
    "les des une pour avec sur par aux dans sans the and for with from collection collections serie edition " +
    "coll nos our you your"
  ).split(" "),
);

/** Talks to the API with the bench token and tells the cache model about every request. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    private readonly token: string,
    private readonly cache: ReadCacheModel,
  ) {}

  get headers(): Record<string, string> {
    return { authorization: `Bearer ${this.token}`, accept: "application/json" };
  }

  /** Sends a set's entry (a URL to GET, or a POST); resolves to the status and the parsed body (undefined when not JSON). */
  async get(entry: string): Promise<{ status: number; body: unknown }> {
    const startedAt = performance.now();
    const request = requestOf(entry);
    const response = await fetch(`${this.baseUrl}${request.path}`, {
      method: request.method,
      headers: request.body ? { ...this.headers, "content-type": "application/json" } : this.headers,
      body: request.body,
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    this.cache.observe(entry, startedAt, performance.now());
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, body };
  }

  async json<T>(path: string): Promise<T> {
    const { status, body } = await this.get(path);
    if (status !== 200) throw new Error(`GET ${path} answered ${status}: ${JSON.stringify(body)?.slice(0, 300)}`);
    return body as T;
  }
}

/** A small deterministic generator (xorshift32), so the same catalogue gives the same URL sets. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 0x9e3779b9;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    const a = copy[i] as T;
    copy[i] = copy[j] as T;
    copy[j] = a;
  }
  return copy;
}

/** Takes `count` items, one from each group in turn, so every group is represented. */
function roundRobin<T>(groups: T[][], count: number): T[] {
  const picked: T[] = [];
  const queues = groups.map((group) => [...group]);
  while (picked.length < count && queues.some((queue) => queue.length > 0)) {
    for (const queue of queues) {
      const item = queue.shift();
      if (item !== undefined && picked.length < count) picked.push(item);
    }
  }
  return picked;
}

function unique<T>(items: Iterable<T>): T[] {
  return [...new Set(items)];
}

/** Lower-case, unaccented words of a product name, without the generated "– collection …" suffix. */
function nameWords(name: string): string[] {
  const base = name.split(/\s[–-]\s/)[0] ?? name;
  return base
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3 && !/\d/.test(word) && !STOP_WORDS.has(word));
}

const q = (value: string | number) => encodeURIComponent(String(value));

const listingUrl = (path: string, page: number, sort: string) =>
  `/api/v1/products/category?categoryPath=${q(path)}&page=${page}&size=${LISTING_SIZE}&sort=${q(sort)}`;
const searchUrl = (term: string, page = 0, sort?: string, locale?: string) =>
  `/api/v1/products/search?searchTerm=${q(term)}&size=${LISTING_SIZE}` +
  (page > 0 ? `&page=${page}` : "") +
  (sort ? `&sort=${q(sort)}` : "") +
  (locale ? `&locale=${locale}` : "");
const autocompleteUrl = (prefix: string, locale?: string) =>
  `/api/v1/products/search-autocomplete?searchTerm=${q(prefix)}` + (locale ? `&locale=${locale}` : "");
const productUrl = (slug: string) => `/api/v1/products/slug/${q(slug)}`;

const RELAY_SEARCH_PATH = "/api/v1/colissimo/relays";
const RELAY_WEIGHTS = [500, 1500, 3000, 8000, 25_000] as const;

/** A relay search as the relay modal sends it: the town's address, a parcel weight, today plus 2 days. */
function relaySearchEntry(town: { name: string; postcode: string }, weight: number, shippingDate: string): string {
  const body = { address: "1 place de la Mairie", countryCode: "FR", zipCode: town.postcode, city: town.name, weight, shippingDate };
  return `POST ${RELAY_SEARCH_PATH}?locale=fr_FR ${JSON.stringify(body)}`;
}

/** The gazetteer's towns that have relay points, the most populous first, as the relay form names them. */
function relayTowns(): { name: string; postcode: string }[] {
  return embeddedGazetteer()
    .towns.filter((town) => town.postcodes.length > 0 && town.population > 0)
    .toSorted((a, b) => b.population - a.population)
    .map((town) => ({ name: town.parent && town.name.startsWith(town.parent) ? town.parent : town.name, postcode: town.postcodes[0] ?? "" }));
}

const inTwoDays = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

/** Relay searches around the most populous towns (where shoppers are) and some towns of any size. */
function relaySearchEntries(count: number, seed: number): string[] {
  const towns = relayTowns();
  const large = towns.slice(0, Math.ceil(count * 0.75));
  const others = shuffled(towns.slice(large.length), seed).slice(0, count - large.length);
  const random = seededRandom(seed);
  const shippingDate = inTwoDays();
  return shuffled(
    [...large, ...others].map((town) => relaySearchEntry(town, RELAY_WEIGHTS[Math.floor(random() * RELAY_WEIGHTS.length)] ?? 1500, shippingDate)),
    seed + 1,
  );
}

/** Every town with every weight: tens of thousands of searches, so that most reach the database. */
function everyRelaySearch(seed: number): string[] {
  const shippingDate = inTwoDays();
  return shuffled(
    relayTowns().flatMap((town) => RELAY_WEIGHTS.map((weight) => relaySearchEntry(town, weight, shippingDate))),
    seed,
  );
}

interface Vocabulary {
  /** word → number of distinct product names (base part) it appears in */
  counts: Map<string, number>;
  /** two-word phrases as they appear in names */
  phrases: Set<string>;
}

function vocabularyOf(names: Iterable<string>): Vocabulary {
  const counts = new Map<string, number>();
  const phrases = new Set<string>();
  for (const name of unique([...names].map((item) => item.split(/\s[–-]\s/)[0] ?? item))) {
    const words = nameWords(name);
    for (const word of new Set(words)) counts.set(word, (counts.get(word) ?? 0) + 1);
    for (let i = 0; i + 1 < words.length; i += 1) phrases.add(`${words[i]} ${words[i + 1]}`);
  }
  return { counts, phrases };
}

/** Words ordered from the most frequent (ties alphabetically). */
function rankedWords(vocabulary: Vocabulary): string[] {
  return [...vocabulary.counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([word]) => word);
}

function prefixesOf(word: string, lengths: readonly number[]): string[] {
  return lengths.filter((length) => word.length >= length).map((length) => word.slice(0, length));
}

export async function discoverUrlSets(
  api: ApiClient,
  options: { standardSize: number; wide: boolean; log: (message: string) => void },
): Promise<UrlSets> {
  const tree = await api.json<CategoryNode[]>("/api/v1/categories");
  const level1 = tree.map((node) => node.path);
  const level2 = tree.flatMap((node) => node.children.map((child) => child.path));
  if (level1.length === 0) throw new Error("the category tree is empty: is the catalogue seeded?");

  // Size of every category (for valid page numbers), then the best sellers of each top category
  // (several pages when the wide sets are wanted) for product slugs and names in both languages.
  const pagesOf = new Map<string, number>();
  for (const path of [...level1, ...level2]) {
    const listing = await api.json<Listing>(listingUrl(path, 0, "name,asc"));
    pagesOf.set(path, Math.max(1, Math.ceil(listing.products.totalElements / LISTING_SIZE)));
  }
  const slugsByCategory = new Map<string, string[]>();
  const namesFr = new Set<string>();
  const namesEn = new Set<string>();
  const discoveryPages = options.wide ? WIDE_DISCOVERY_PAGES : 1;
  for (const path of level1) {
    const slugs = new Set<string>();
    for (let page = 0; page < discoveryPages; page += 1) {
      const listing = await api.json<Listing>(
        `/api/v1/products/category?categoryPath=${q(path)}&page=${page}&size=${DISCOVERY_PAGE_SIZE}&sort=relevance,asc`,
      );
      for (const product of listing.products.content) {
        slugs.add(product.slug);
        namesFr.add(product.name);
      }
      if (page + 1 >= listing.products.totalPages) break;
    }
    const english = await api.json<Listing>(
      `/api/v1/products/category?categoryPath=${q(path)}&size=${DISCOVERY_PAGE_SIZE}&sort=relevance,asc&locale=en_US`,
    );
    for (const product of english.products.content) namesEn.add(product.name);
    slugsByCategory.set(path, [...slugs]);
  }

  const fr = vocabularyOf(namesFr);
  const en = vocabularyOf(namesEn);
  const frWords = rankedWords(fr);
  const enWords = rankedWords(en);
  const productsSeen = [...slugsByCategory.values()].reduce((sum, slugs) => sum + slugs.length, 0);
  options.log(
    `  discovered ${level1.length} top and ${level2.length} second-level categories, ${productsSeen} product slugs, ` +
      `${frWords.length} French and ${enWords.length} English name words`,
  );

  const size = options.standardSize;
  // Listings: every category with the sorts shoppers use, first and second page.
  const listingGroups = [...level1, ...level2].map((path, index) =>
    shuffled(
      COMMON_SORTS.flatMap((sort) => [0, 1].filter((page) => page < (pagesOf.get(path) ?? 1)).map((page) => listingUrl(path, page, sort))),
      100 + index,
    ),
  );
  const standardListing = shuffled(roundRobin(shuffled(listingGroups, 1), size), 2);
  // Search: the most frequent name words, then two-word phrases, a few on their second page.
  const topWords = frWords.slice(0, Math.ceil(size * 0.7));
  const phrases = shuffled([...fr.phrases], 3).slice(0, size - topWords.length);
  const standardSearch = shuffled(
    [...topWords, ...phrases].map((term, index) => searchUrl(term, index % 6 === 5 ? 1 : 0)),
    4,
  ).slice(0, size);
  // Autocomplete: 3 and 4 letter beginnings of the most frequent words.
  const standardAutocomplete = shuffled(
    unique(frWords.flatMap((word) => prefixesOf(word, [3, 4]))).slice(0, size).map((prefix) => autocompleteUrl(prefix)),
    5,
  );
  // A product listed in two top categories appears in both lists: keep it once.
  const standardProduct = shuffled(unique(roundRobin([...slugsByCategory.values()], size * 2)).slice(0, size), 6).map(productUrl);

  const standard: Record<ScenarioName, string[]> = {
    listing: standardListing,
    search: standardSearch,
    autocomplete: standardAutocomplete,
    product: standardProduct,
    relays: relaySearchEntries(size, 7),
  };

  const wide: Record<ScenarioName, string[]> = { listing: [], search: [], autocomplete: [], product: [], relays: [] };
  if (options.wide) {
    wide.listing = shuffled(
      [...level1, ...level2].flatMap((path) =>
        LISTING_SORTS.flatMap((sort) =>
          Array.from({ length: Math.min(WIDE_LISTING_PAGES, pagesOf.get(path) ?? 1) }, (_, page) => listingUrl(path, page, sort)),
        ),
      ),
      11,
    );
    const searchTerms = [...frWords, ...fr.phrases];
    wide.search = shuffled(
      [
        ...searchTerms.flatMap((term) =>
          COMMON_SORTS.flatMap((sort) => Array.from({ length: WIDE_SEARCH_PAGES }, (_, page) => searchUrl(term, page, sort))),
        ),
        ...[...enWords, ...en.phrases].flatMap((term) => [searchUrl(term, 0, undefined, "en_US"), searchUrl(term, 1, undefined, "en_US")]),
      ],
      12,
    );
    const lengths = [3, 4, 5, 6, 7, 8] as const;
    const phrasePrefixes = (phrasesOf: Set<string>) =>
      [...phrasesOf].flatMap((phrase) => {
        const space = phrase.indexOf(" ");
        return [phrase.slice(0, space + 2), phrase.slice(0, space + 3), phrase];
      });
    wide.autocomplete = shuffled(
      [
        ...unique([...frWords.flatMap((word) => prefixesOf(word, lengths)), ...phrasePrefixes(fr.phrases)]).map((prefix) =>
          autocompleteUrl(prefix),
        ),
        ...unique([...enWords.flatMap((word) => prefixesOf(word, lengths)), ...phrasePrefixes(en.phrases)]).map((prefix) =>
          autocompleteUrl(prefix, "en_US"),
        ),
      ],
      13,
    );
    wide.product = shuffled(unique([...slugsByCategory.values()].flat()).map(productUrl), 14);
    wide.relays = everyRelaySearch(15);
  }

  return {
    standard,
    wide,
    catalogue: { level1: level1.length, level2: level2.length, productsSeen, words: frWords.length },
  };
}
