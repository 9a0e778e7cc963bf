// Handlers of the catalogue operations: categories, listings, product pages, search.
import type { OperationHandlers } from "../../http/contract.ts";
import { notFound } from "../../http/errors.ts";
import type { ReadCache } from "../../http/read-cache.ts";
import type { AttributeFilters, CatalogRepository, PageRequest, SortDirection, SortField } from "./catalog-repository.ts";
import { langOf } from "./locale.ts";

export const DEFAULT_PAGE_SIZE = 24;
export const AUTOCOMPLETE_SIZE = 10;

/** `price,desc` → its parts; the contract's pattern has already checked the form. */
export function parseSort(sort: string | undefined, fallback: `${SortField},${SortDirection}`): PageRequest["sort"] {
  const [field, direction] = (sort ?? fallback).split(",");
  const fields: SortField[] = ["price", "name", "reference", "relevance"];
  const isField = (value: string | undefined): value is SortField => fields.some((item) => item === value);
  return { field: isField(field) ? field : "name", direction: direction === "desc" ? "desc" : "asc" };
}

/** `["color:blue", "color:red", "size:M"]` → color: [blue, red], size: [M]. */
export function parseFilters(filters: readonly string[] | undefined): AttributeFilters {
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

/** HTML paragraphs from the plain text stored for a description. */
function paragraphs(text: string): string {
  const escape = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return text
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escape(paragraph)}</p>`)
    .join("");
}

export function catalogHandlers(deps: { catalog: CatalogRepository; cache: ReadCache }): OperationHandlers {
  const { catalog, cache } = deps;
  return {
    async getCategories(request) {
      const lang = langOf(request.query.locale);
      return cache.get(cacheKey("categories", { lang }), () => catalog.categoryTree(lang));
    },

    async getProductsByCategory(request) {
      const { categoryPath, page = 0, size = DEFAULT_PAGE_SIZE, sort, filters, locale } = request.query;
      const lang = langOf(locale);
      const pageRequest: PageRequest = { page, size, sort: parseSort(sort, "name,asc"), filters: parseFilters(filters) };
      if (categoryPath === undefined) {
        return cache.get(cacheKey("listing", { id: null, lang, pageRequest, f: [...pageRequest.filters] }), async () => ({
          category: null,
          ...(await catalog.listAll(pageRequest, lang)),
        }));
      }
      const category = await catalog.findCategory(categoryPath);
      if (!category) throw notFound(`No category at path ${categoryPath}`, "CATEGORY_NOT_FOUND");
      return cache.get(cacheKey("listing", { id: category.id, lang, pageRequest, f: [...pageRequest.filters] }), async () => {
        const result = await catalog.listByCategory(category, pageRequest, lang);
        return { category: catalog.categoryRef(category, lang), ...result };
      });
    },

    async getProductBySlug(request) {
      const lang = langOf(request.query.locale);
      const { slug } = request.params;
      const product = await cache.get(cacheKey("product", { slug, lang }), async () => {
        const id = await catalog.productIdBySlug(slug);
        const found = id === undefined ? undefined : await catalog.product(id, lang);
        return { found };
      });
      if (!product.found) throw notFound(`No product with slug ${slug}`, "PRODUCT_NOT_FOUND");
      return { ...product.found, description: paragraphs(product.found.description) };
    },

    async getProductsByReferences(request) {
      const lang = langOf(request.query.locale);
      const references = [...new Set(request.query.referenceList.split(",").map((item) => item.trim()).filter(Boolean))];
      return cache.get(cacheKey("references", { references, lang }), async () =>
        catalog.summaries(await catalog.productIdsByReferences(references), lang),
      );
    },

    async searchProducts(request) {
      const { searchTerm, page = 0, size = DEFAULT_PAGE_SIZE, sort, filters, locale } = request.query;
      const lang = langOf(locale);
      const term = searchTerm.trim();
      const pageRequest: PageRequest = { page, size, sort: parseSort(sort, "relevance,asc"), filters: parseFilters(filters) };
      return cache.get(cacheKey("search", { term, lang, pageRequest, f: [...pageRequest.filters] }), async () => {
        const result = await catalog.search(term, pageRequest, lang);
        return { searchTerm: term, ...result };
      });
    },

    async searchAutocomplete(request) {
      const { searchTerm, size = AUTOCOMPLETE_SIZE, locale } = request.query;
      const lang = langOf(locale);
      const term = searchTerm.trim();
      return cache.get(cacheKey("autocomplete", { term, size, lang }), async () => ({
        terms: await catalog.autocomplete(term, size, lang),
      }));
    },
  };
}
