// Marketing documents (home page, slider, FAQ, information pages, blog, landing pages) by key and language.
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { marketingContent } from "../../db/schema.ts";
import type { ApiLocale } from "../catalog/locale.ts";

export const CONTENT_KEYS = [
  "homepage",
  "faq",
  "delivery",
  "exchange-return",
  "terms-of-use",
  "legal-mentions",
  "data-protection",
  "blog",
  "home-slider",
] as const;
export type ContentKey = (typeof CONTENT_KEYS)[number];

/** Key of the landing page of a category, by its French path (stable across languages). */
export const landingKey = (categoryPathFr: string) => `landing:${categoryPathFr}`;

export function createContentRepository(db: Database) {
  return {
    async find(key: string, locale: ApiLocale): Promise<unknown> {
      const rows = await db.orm
        .select({ body: marketingContent.body })
        .from(marketingContent)
        .where(and(eq(marketingContent.key, key), eq(marketingContent.locale, locale)))
        .limit(1);
      return rows[0]?.body;
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
