// Handlers of the catalogue operations: categories, listings, product pages, search.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { OperationHandlers, ResultOf } from "../../http/contract.ts";
import { notFound } from "../../http/errors.ts";
import { jsonAnswer, sendJsonAnswer, type JsonAnswer, type ReadCache } from "../../http/read-cache.ts";
import type { AttributeFilters, CatalogRepository, JsonText, ListingResult, PageRequest, SortDirection, SortField } from "./catalog-repository.ts";
import { langOf } from "./locale.ts";

const DEFAULT_PAGE_SIZE = 24;
const AUTOCOMPLETE_SIZE = 10;

/** `price,desc` → its parts; the contract's pattern has already checked the form. */
function parseSort(sort: string | undefined, fallback: `${SortField},${SortDirection}`): PageRequest["sort"] {
  const [field, direction] = (sort ?? fallback).split(",");
  const fields: SortField[] = ["price", "name", "reference", "relevance"];
  const isField = (value: string | undefined): value is SortField => fields.some((item) => item === value);
  return { field: isField(field) ? field : "name", direction: direction === "desc" ? "desc" : "asc" };
}

/** `["color:blue", "color:red", "size:M"]` → color: [blue, red], size: [M]. */
function parseFilters(filters: readonly string[] | undefined): AttributeFilters {
  const parsed: AttributeFilters = new Map();
  for (const filter of filters ?? []) {
    const separator = filter.indexOf(":");
    const code = filter.slice(0, separator);
    const value = filter.slice(separator + 1);
    const values = parsed.get(code) ?? [];
    if (!values.includes(value)) values.push(value);
    parsed.set(code, values);
  }
  return parsed;
}

function cacheKey(operation: string, parts: Record<string, unknown>): string {
  return `${operation}:${JSON.stringify(parts)}`;
}

/** The route's own serialiser for its 200 answer (Fastify types its input as a plain record). */
function serializeSuccess(reply: FastifyReply, value: object): string {
  return String(reply.serializeInput(value as Record<string, unknown>, "200", "application/json"));
}

/** A listing's fields before its page (the category, or the search term), in the contract's types. */
type ListingHead<Op extends "getProductsByCategory" | "searchProducts"> = Omit<ResultOf<Op>, "products" | "facets">;

const LISTING_END = Buffer.from("}");

/**
 * A listing's answer as JSON in UTF-8 bytes: its own fields, then the page and the facets as the
 * database wrote them (the kept cards, JSON texts of the contract's `ProductSummary`, and the
 * `Facet[]`), copied as they came, never decoded.
 */
function listingJson<Op extends "getProductsByCategory" | "searchProducts">(head: ListingHead<Op>, result: ListingResult): Buffer {
  const fields = Object.entries(head).map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`);
  const page = JSON.stringify(result.page).slice(1, -1);
  return Buffer.concat([
    Buffer.from(`{${fields.join(",")},"products":{"content":[`),
    result.cards,
    Buffer.from(`],${page}},"facets":`),
    result.facets,
    LISTING_END,
  ]);
}

/** A JSON array of kept cards. */
function cardsJson(cards: JsonText[]): string {
  return `[${cards.join(",")}]`;
}

export function catalogHandlers(deps: { catalog: CatalogRepository; cache: ReadCache }): OperationHandlers {
  const { catalog, cache } = deps;

  /** The serialised (and, once asked, compressed) answer of a cached value, null when there is none. */
  async function cachedAnswer<T extends object>(reply: FastifyReply, key: string, load: () => Promise<T | undefined>) {
    const { answer } = await cache.get<{ answer: JsonAnswer | null }>(key, async () => {
      const value = await load();
      return { answer: value === undefined ? null : jsonAnswer(serializeSuccess(reply, value)) };
    });
    return answer;
  }

  async function sendCached<T extends object>(request: FastifyRequest, reply: FastifyReply, key: string, load: () => Promise<T>) {
    return sendJsonAnswer(request, reply, (await cachedAnswer(reply, key, load)) ?? jsonAnswer("null"));
  }

  /** Like `sendCached`, for an answer the handler writes as JSON itself (text, or its UTF-8 bytes). */
  async function sendCachedJson(request: FastifyRequest, reply: FastifyReply, key: string, load: () => Promise<string | Buffer>) {
    const { answer } = await cache.get<{ answer: JsonAnswer }>(key, async () => ({ answer: jsonAnswer(await load()) }));
    return sendJsonAnswer(request, reply, answer);
  }

  return {
    async getCategories(request, reply) {
      const lang = langOf(request.query.locale);
      return sendCached<ResultOf<"getCategories">>(request, reply, cacheKey("categories", { lang }), () => catalog.categoryTree(lang));
    },

    async getProductsByCategory(request, reply) {
      const { categoryPath, page = 0, size = DEFAULT_PAGE_SIZE, sort, filters, locale } = request.query;
      const lang = langOf(locale);
      const pageRequest: PageRequest = { page, size, sort: parseSort(sort, "name,asc"), filters: parseFilters(filters) };
      const category = categoryPath === undefined ? null : await catalog.findCategory(categoryPath);
      if (category === undefined) throw notFound(`No category at path ${categoryPath}`, "CATEGORY_NOT_FOUND");
      const key = cacheKey("listing", { id: category?.id ?? null, lang, pageRequest, f: [...pageRequest.filters] });
      return sendCachedJson(request, reply, key, async () =>
        category
          ? listingJson<"getProductsByCategory">({ category: catalog.categoryRef(category, lang) }, await catalog.listByCategory(category, pageRequest, lang))
          : listingJson<"getProductsByCategory">({ category: null }, await catalog.listAll(pageRequest, lang)),
      );
    },

    async getProductBySlug(request, reply) {
      const lang = langOf(request.query.locale);
      const { slug } = request.params;
      const { answer } = await cache.get<{ answer: JsonAnswer | null }>(cacheKey("product", { slug, lang }), async () => {
        const page = await catalog.productPage(slug, lang);
        return { answer: page === undefined ? null : jsonAnswer(page) };
      });
      if (answer === null) throw notFound(`No product with slug ${slug}`, "PRODUCT_NOT_FOUND");
      return sendJsonAnswer(request, reply, answer);
    },

    async getProductsByReferences(request, reply) {
      const lang = langOf(request.query.locale);
      const references = [...new Set(request.query.referenceList.split(",").map((item) => item.trim()).filter(Boolean))];
      return sendCachedJson(request, reply, cacheKey("references", { references, lang }), async () =>
        cardsJson(await catalog.cardTexts(await catalog.productIdsByReferences(references), lang)),
      );
    },

    async searchProducts(request, reply) {
      const { searchTerm, page = 0, size = DEFAULT_PAGE_SIZE, sort, filters, locale } = request.query;
      const lang = langOf(locale);
      const term = searchTerm.trim();
      const pageRequest: PageRequest = { page, size, sort: parseSort(sort, "relevance,asc"), filters: parseFilters(filters) };
      const key = cacheKey("search", { term, lang, pageRequest, f: [...pageRequest.filters] });
      return sendCachedJson(request, reply, key, async () =>
        listingJson<"searchProducts">({ searchTerm: term }, await catalog.search(term, pageRequest, lang)),
      );
    },

    async searchAutocomplete(request, reply) {
      const { searchTerm, size = AUTOCOMPLETE_SIZE, locale } = request.query;
      const lang = langOf(locale);
      const term = searchTerm.trim();
      return sendCached<ResultOf<"searchAutocomplete">>(request, reply, cacheKey("autocomplete", { term, size, lang }), async () => ({
        terms: await catalog.autocomplete(term, size, lang),
      }));
    },
  };
}
