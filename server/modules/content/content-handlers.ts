// Handlers of the marketing content and platform page operations.
import type { components } from "../../../common/api/schema.gen.ts";
import type { OperationHandlers } from "../../http/contract.ts";
import { notFound } from "../../http/errors.ts";
import type { ReadCache } from "../../http/read-cache.ts";
import type { CatalogRepository } from "../catalog/catalog-repository.ts";
import { DEFAULT_LOCALE, langOf, type ApiLocale } from "../catalog/locale.ts";
import { landingKey, type ContentKey, type ContentRepository } from "./content-repository.ts";

type Schemas = components["schemas"];

interface Documents {
  homepage: Schemas["HomePage"];
  faq: Schemas["FaqPage"];
  delivery: Schemas["ContentPage"];
  "exchange-return": Schemas["ContentPage"];
  "terms-of-use": Schemas["ContentPage"];
  "legal-mentions": Schemas["ContentPage"];
  "data-protection": Schemas["ContentPage"];
  blog: Schemas["BlogPage"];
  "home-slider": Schemas["HomeSlider"];
}

export function contentHandlers(deps: {
  content: ContentRepository;
  catalog: CatalogRepository;
  cache: ReadCache;
}): OperationHandlers {
  const { content, catalog, cache } = deps;

  // The documents are written by the seed (or an editor) in the contract's shapes; the response
  // schema serialises them, so a malformed document fails loudly in tests rather than in the shop.
  async function document<K extends ContentKey>(key: K, locale: ApiLocale = DEFAULT_LOCALE): Promise<Documents[K]> {
    const found = await cache.get(`content:${key}:${locale}`, async () => ({ body: await content.find(key, locale) }));
    if (found.body === undefined) throw notFound(`No ${key} content in ${locale}`, "CONTENT_NOT_FOUND");
    return found.body as Documents[K];
  }

  return {
    getHomepageContent: (request) => document("homepage", request.query.locale),
    getFaqContent: (request) => document("faq", request.query.locale),
    getDeliveryContent: (request) => document("delivery", request.query.locale),
    getExchangeReturnContent: (request) => document("exchange-return", request.query.locale),
    getTermsOfUse: (request) => document("terms-of-use", request.query.locale),
    getLegalMentions: (request) => document("legal-mentions", request.query.locale),
    getDataProtectionContent: (request) => document("data-protection", request.query.locale),
    getBlogContent: (request) => document("blog", request.query.locale),
    getHomeSlider: (request) => document("home-slider", request.query.locale),

    async findMarketingLanding(request, reply) {
      const locale = request.query.locale ?? DEFAULT_LOCALE;
      const lang = langOf(locale);
      const { attrValue, categoryUp = false } = request.body;
      const category = await catalog.findCategory(attrValue);
      if (!category) throw notFound(`No category at path ${attrValue}`, "CATEGORY_NOT_FOUND");
      const segments = category.path_fr.split("/");
      const candidates = categoryUp ? segments.map((_, index) => segments.slice(0, segments.length - index).join("/")) : [category.path_fr];
      for (const pathFr of candidates) {
        const found = await cache.get(`landing:${pathFr}:${locale}`, async () => ({ body: await content.find(landingKey(pathFr), locale) }));
        if (found.body !== undefined) {
          const page = found.body as Schemas["LandingPage"];
          const owner = await catalog.findCategory(pathFr);
          return { ...page, categoryPath: owner ? catalog.categoryRef(owner, lang).path : page.categoryPath };
        }
      }
      // Most categories have no landing content: not an error (a browser would log a 404).
      return reply.code(204).send();
    },
  };
}
