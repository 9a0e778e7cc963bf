// The demo's information pages and blog (server/seed/data/content.ts). The catalogue's seed writes
// them with it; this part adds those a database seeded before they existed lacks (the data
// protection policy and the blog came later), leaving every document already there as it is.
import { sql } from "drizzle-orm";
import * as tables from "../db/schema.ts";
import { API_LOCALES, langOf } from "../modules/catalog/locale.ts";
import { brandDocument } from "./brand.ts";
import { contentDocuments } from "./data/content.ts";
import type { DemoPart } from "./demo-parts.ts";

/** Every document of the demo, in both languages, with the brand filled in. */
export function contentDocumentRows(brandName: string): (typeof tables.marketingContent.$inferInsert)[] {
  return API_LOCALES.flatMap((locale) =>
    Object.entries(contentDocuments[langOf(locale)]).map(([key, body]) => ({ key, locale, body: brandDocument(body, brandName) })),
  );
}

export const demoContentDocuments: DemoPart = {
  name: "information pages",
  async seedIfEmpty(db, options) {
    // A database without a catalogue was not seeded: its content is its editors'.
    const [row] = await db.rows<{ count: number }>(sql`select count(*)::int as count from products`);
    if ((row?.count ?? 0) === 0) return false;
    const added = await db.orm
      .insert(tables.marketingContent)
      .values(contentDocumentRows(options.brandName))
      .onConflictDoNothing()
      .returning({ key: tables.marketingContent.key });
    return added.length > 0;
  },
};

