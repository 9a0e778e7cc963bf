// Autocomplete reads the words of the names the database keeps (migration 0017): after the seed and
// after every write that changes them (a product renamed, out of stock and back, a new product, a
// deleted one, a popularity change), the kept words equal a recomputation from the base tables and
// the suggestions equal what the plain query over the base tables gives — on PGlite and PostgreSQL.
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf, type Database } from "../../server/db/client.ts";
import { createCatalogRepository, type CatalogRepository } from "../../server/modules/catalog/catalog-repository.ts";
import type { Lang } from "../../server/modules/catalog/locale.ts";
import { typedWords } from "../support/reference-listing.ts";
import { backends, startTestApp, type TestApp } from "../support/test-app.ts";
import { expectKeptUpToDate } from "./listing-checks.ts";

const LANGS = ["fr", "en"] as const;

describe.each(backends())("autocomplete from the words of names on $name", (backend) => {
  let shop: TestApp;
  let catalog: CatalogRepository;

  beforeAll(async () => {
    shop = await startTestApp(backend, { app: { cacheReads: false } });
    catalog = createCatalogRepository(shop.db);
  });
  afterAll(() => shop?.close());

  /**
   * The plain query: names of products with an offer in stock whose name words start with every typed
   * word, each name once at its best seller, best sellers first, then by name.
   */
  async function reference(term: string, size: number, lang: Lang): Promise<string[]> {
    const words = typedWords(term);
    if (words.length === 0) return [];
    const query = words.map((word) => `${word}:*`).join(" & ");
    const name = lang === "fr" ? sql.raw("p.name_fr") : sql.raw("p.name_en");
    const prefix = lang === "fr" ? sql.raw("p.prefix_fr") : sql.raw("p.prefix_en");
    const rows = await shop.db.rows<{ name: string }>(sql`
      select ${name} as name from products p
      where ${prefix} @@ to_tsquery('escale_simple', ${query})
        and exists (select 1 from variants v join offers o on o.variant_id = v.id where v.product_id = p.id and o.stock_quantity > 0)
      group by ${name}
      order by max(p.popularity) desc, ${name}
      limit ${size}`);
    return rows.map((row) => row.name);
  }

  async function expectSuggestionsMatch(terms: string[], sizes = [1, 4, 10]) {
    for (const term of terms) {
      for (const lang of LANGS) {
        for (const size of sizes) {
          expect(await catalog.autocomplete(term, size, lang), `${lang} "${term}" size ${size}`).toEqual(await reference(term, size, lang));
        }
      }
    }
  }

  /** Terms from a product's names: each word's first letters, the whole word, and two words together. */
  async function termsOf(productId: number): Promise<string[]> {
    const [row] = await shop.db.rows<{ name_fr: string; name_en: string }>(sql`select name_fr, name_en from products where id = ${productId}`);
    const terms: string[] = [];
    for (const name of [row!.name_fr, row!.name_en]) {
      const words = name.split(/\s+/).filter((word) => /\p{L}/u.test(word));
      for (const word of words.slice(0, 3)) terms.push(word.slice(0, 1), word.slice(0, 3), word);
      if (words.length >= 2) terms.push(`${words[0]} ${words[1]!.slice(0, 2)}`, `${words[1]} ${words[0]}`);
    }
    return terms;
  }

  async function productInStock(): Promise<{ id: number; name_fr: string; name_en: string }> {
    const [row] = await shop.db.rows<{ id: number; name_fr: string; name_en: string }>(sql`
      select p.id, p.name_fr, p.name_en from products p
      where exists (select 1 from variants v join offers o on o.variant_id = v.id where v.product_id = p.id and o.stock_quantity > 0)
      order by p.popularity desc, p.id limit 1 offset 7`);
    return row!;
  }

  it("start equal to the base tables after the seed, and suggest what the plain query finds", async () => {
    await expectKeptUpToDate(shop.db);
    const words = await shop.db.rows<{ word: string; lang: string }>(sql`
      select word, lang from name_words where product_count > 0 order by product_count desc, word limit 40`);
    const terms = new Set<string>();
    for (const { word } of words) {
      for (const length of [1, 2, 3, word.length]) terms.add(word.slice(0, length));
    }
    // Two words of one name; a word with a beginning no product that has it has (walks a whole list);
    // accents, case, punctuation, digits, a repeated word, nothing known, nothing at all.
    const [name] = await shop.db.rows<{ name_fr: string }>(sql`select name_fr from products order by popularity desc limit 1`);
    const [first = "", second = ""] = typedWords(name!.name_fr);
    terms.add(`${first} ${second.slice(0, 2)}`).add(`${second} ${first.slice(0, 1)}`);
    const [rare] = await shop.db.rows<{ word: string; letter: string }>(sql`
      select w.word, l.letter from name_words w
      cross join (select distinct left(word, 1) as letter from name_words where lang = 'fr') l
      where w.lang = 'fr' and w.product_count > 0 and length(w.word) > 4
        and not exists (select 1 from name_word_products n join name_word_products m
                          on m.lang = n.lang and m.product_id = n.product_id and m.word like l.letter || '%'
                        where n.lang = 'fr' and n.word = w.word)
      order by w.product_count desc, w.word, l.letter limit 1`);
    expect(rare).toBeDefined();
    terms.add(`${rare!.word} ${rare!.letter}`);
    for (const odd of ["ÉCHA", "Écharpe  l'", "valise valise", "55", "c-l", "zzzzqx", "   ", "—", "cœur", "n°1"]) terms.add(odd);
    await expectSuggestionsMatch([...terms]);
    expect(await catalog.autocomplete(`${rare!.word} ${rare!.letter}`, 10, "fr")).toEqual([]);
  });

  it("answer requests made at the same time each with its own suggestions", async () => {
    // Keystrokes arriving together are answered by one statement: each must get its own rows, in order.
    const words = await shop.db.rows<{ word: string; lang: Lang }>(sql`
      select word, lang from name_words where product_count > 0 order by product_count desc, word limit 24`);
    const name = (await productInStock()).name_fr;
    const requests = [
      ...words.map(({ word, lang }, index) => ({ term: word.slice(0, 2 + (index % 4)), size: 1 + (index % 10), lang })),
      { term: name, size: 10, lang: "fr" as const },
      { term: "zzzzqx", size: 10, lang: "fr" as const },
      { term: typedWords(name).slice(0, 2).join(" "), size: 4, lang: "fr" as const },
    ];
    const expected = [];
    for (const { term, size, lang } of requests) expected.push(await reference(term, size, lang));
    expect(expected.filter((names) => names.length > 0).length).toBeGreaterThan(20);
    const answers = await Promise.all(requests.map(({ term, size, lang }) => catalog.autocomplete(term, size, lang)));
    expect(answers).toEqual(expected);
  });

  it("answer the other requests made at the same time when one fails", async () => {
    // A database whose statements fail for one typed word: gathered with it, the others still get their answers.
    const failing: Database = {
      ...shop.db,
      prepare<T>(statement: SQL) {
        const prepared = shop.db.prepare<T>(statement);
        return {
          run: (values) => ((values.words as string[]).includes("zzfail") ? Promise.reject(new Error("refused")) : prepared.run(values)),
        };
      },
    };
    const failingCatalog = createCatalogRepository(failing);
    const terms = ["co", "sac", "zzfail", "ca", "t"];
    const answers = await Promise.allSettled(terms.map((term) => failingCatalog.autocomplete(term, 10, "fr")));
    for (const [index, term] of terms.entries()) {
      if (term === "zzfail") expect(answers[index]).toMatchObject({ status: "rejected", reason: new Error("refused") });
      else expect(answers[index], term).toEqual({ status: "fulfilled", value: await reference(term, 10, "fr") });
    }
  });

  it("follow a product renamed in both languages", async () => {
    const product = await productInStock();
    const before = await termsOf(product.id);
    await shop.db.rows(sql`update products set name_fr = 'Quokka voyageur Xylophone', name_en = 'Wandering quokka Yodel' where id = ${product.id}`);
    await expectKeptUpToDate(shop.db);
    expect(await catalog.autocomplete("quok", 10, "fr")).toEqual(["Quokka voyageur Xylophone"]);
    expect(await catalog.autocomplete("quokka yod", 10, "en")).toEqual(["Wandering quokka Yodel"]);
    await expectSuggestionsMatch([...before, ...(await termsOf(product.id))]);

    // Back to its names: the words it had come back, the new ones go.
    await shop.db.rows(sql`update products set name_fr = ${product.name_fr}, name_en = ${product.name_en} where id = ${product.id}`);
    await expectKeptUpToDate(shop.db);
    expect(await catalog.autocomplete("quok", 10, "fr")).toEqual([]);
    await expectSuggestionsMatch(before);
  });

  it("follow a product out of stock and back", async () => {
    const product = await productInStock();
    const terms = await termsOf(product.id);
    const [offer] = await shop.db.rows<{ id: number; stock_quantity: number }>(sql`
      select o.id, o.stock_quantity from offers o join variants v on v.id = o.variant_id
      where v.product_id = ${product.id} and o.stock_quantity > 0 order by o.id limit 1`);
    const stocked = await shop.db.rows<{ id: number; stock_quantity: number }>(sql`
      select o.id, o.stock_quantity from offers o join variants v on v.id = o.variant_id where v.product_id = ${product.id}`);
    await shop.db.rows(sql`
      update offers set stock_quantity = 0 where variant_id in (select id from variants where product_id = ${product.id})`);
    await expectKeptUpToDate(shop.db);
    expect(await catalog.autocomplete(product.name_fr, 10, "fr")).not.toContain(product.name_fr);
    await expectSuggestionsMatch(terms);

    await shop.db.rows(sql`update offers set stock_quantity = 3 where id = ${offer!.id}`);
    await expectKeptUpToDate(shop.db);
    expect(await catalog.autocomplete(product.name_fr, 10, "fr")).toContain(product.name_fr);
    await expectSuggestionsMatch(terms);
    for (const row of stocked) await shop.db.rows(sql`update offers set stock_quantity = ${row.stock_quantity} where id = ${row.id}`);
    await expectKeptUpToDate(shop.db);
  });

  it("follow a popularity change: the best seller comes first", async () => {
    const product = await productInStock();
    const [first = ""] = typedWords(product.name_fr);
    const [popularity] = await shop.db.rows<{ popularity: number }>(sql`select popularity from products where id = ${product.id}`);
    await shop.db.rows(sql`update products set popularity = (select max(popularity) + 1 from products) where id = ${product.id}`);
    await expectKeptUpToDate(shop.db);
    expect((await catalog.autocomplete(first.slice(0, 2), 10, "fr"))[0]).toBe(product.name_fr);
    await expectSuggestionsMatch(await termsOf(product.id));

    // Lower than every other: last among the matches.
    await shop.db.rows(sql`update products set popularity = (select min(popularity) - 1 from products) where id = ${product.id}`);
    await expectKeptUpToDate(shop.db);
    await expectSuggestionsMatch(await termsOf(product.id), [1, 10, 20]);
    await shop.db.rows(sql`update products set popularity = ${popularity!.popularity} where id = ${product.id}`);
    await expectKeptUpToDate(shop.db);
  });

  it("order the best sellers that tie on popularity by name, as the plain query does", async () => {
    // The most common word: many products take one popularity, more than the suggestions hold.
    const [common] = await shop.db.rows<{ word: string }>(sql`
      select word from name_words where lang = 'fr' order by product_count desc, word limit 1`);
    const tied = await shop.db.rows<{ id: number; popularity: number }>(sql`
      select id, popularity from products where prefix_fr @@ to_tsquery('escale_simple', ${`${common!.word}:*`})
      order by popularity desc limit 30`);
    expect(tied.length).toBeGreaterThan(12);
    await shop.db.rows(sql`update products set popularity = 100000 where id in (${sql.join(tied.map((row) => row.id), sql`, `)})`);
    // The first by name is the first by id, the last an index walked backwards (popularity, id) reaches.
    const firstId = Math.min(...tied.map((row) => row.id));
    const [renamed] = await shop.db.rows<{ name_fr: string }>(sql`select name_fr from products where id = ${firstId}`);
    await shop.db.rows(sql`update products set name_fr = 'Aaaa ' || name_fr where id = ${firstId}`);
    await expectKeptUpToDate(shop.db);
    await expectSuggestionsMatch([common!.word, common!.word.slice(0, 1), common!.word.slice(0, 2)], [1, 4, 10, 20]);
    await shop.db.rows(sql`update products set name_fr = ${renamed!.name_fr} where id = ${firstId}`);
    for (const row of tied) await shop.db.rows(sql`update products set popularity = ${row.popularity} where id = ${row.id}`);
    await expectKeptUpToDate(shop.db);
  });

  it("follow a new product, one that shares a name, and their deletion", async () => {
    const [category] = await shop.db.rows<{ id: number }>(sql`select id from categories where level = 3 order by id limit 1`);
    const [shopRow] = await shop.db.rows<{ id: number }>(sql`select id from shops order by id limit 1`);
    const existing = await productInStock();
    const add = (reference: string, nameFr: string, nameEn: string, popularity: number) =>
      shop.db.orm.transaction(async (tx) => {
        const [product] = await rowsOf<{ id: number }>(tx, sql`
          insert into products (reference, slug_fr, slug_en, name_fr, name_en, description_fr, description_en, category_id,
                                supplier_reference, transport_weight_grams, tax_rate_bp, popularity)
          values (${reference}, ${reference.toLowerCase()}, ${`${reference.toLowerCase()}-en`}, ${nameFr}, ${nameEn}, 'd', 'd',
                  ${category!.id}, 'S', 100, 2000, ${popularity}) returning id`);
        const [variant] = await rowsOf<{ id: number }>(tx, sql`
          insert into variants (product_id, reference) values (${product!.id}, ${`${reference}-1`}) returning id`);
        await tx.execute(sql`
          insert into offers (variant_id, shop_id, stock_quantity, logistic_class, regular_price_cents)
          values (${variant!.id}, ${shopRow!.id}, 2, 'STANDARD', 1234)`);
        return product!.id;
      });
    const fresh = await add("WORDS-NEW", "Ornithorynque de bureau", "Desk platypus", 0);
    // The same names as a product in stock, and more popular than every other.
    const twin = await add("WORDS-TWIN", existing.name_fr, existing.name_en, 1_000_000);
    await expectKeptUpToDate(shop.db);
    expect(await catalog.autocomplete("ornitho bur", 10, "fr")).toEqual(["Ornithorynque de bureau"]);
    expect(await catalog.autocomplete("platyp", 10, "en")).toEqual(["Desk platypus"]);
    const [first = ""] = typedWords(existing.name_en);
    expect((await catalog.autocomplete(first, 10, "en"))[0]).toBe(existing.name_en);
    await expectSuggestionsMatch([...(await termsOf(fresh)), ...(await termsOf(twin))]);

    await shop.db.rows(sql`delete from products where id in (${fresh}, ${twin})`);
    await expectKeptUpToDate(shop.db);
    expect(await catalog.autocomplete("ornitho", 10, "fr")).toEqual([]);
    await expectSuggestionsMatch([...(await termsOf(existing.id)), "ornitho", "platyp"]);
  });

  it("keep the words of several products changed in one transaction", async () => {
    const rows = await shop.db.rows<{ id: number }>(sql`select id from products order by id limit 6`);
    const ids = rows.map((row) => row.id);
    const names = await shop.db.rows<{ id: number; name_fr: string; popularity: number }>(sql`
      select id, name_fr, popularity from products where id in (${sql.join(ids, sql`, `)})`);
    await shop.db.orm.transaction(async (tx) => {
      await tx.execute(sql`update products set name_fr = name_fr || ' Zébu', popularity = popularity + 7 where id in (${sql.join(ids, sql`, `)})`);
      await tx.execute(sql`update offers set stock_quantity = 0 where variant_id in (select id from variants where product_id = ${ids[0]!})`);
      await tx.execute(sql`update products set name_fr = 'Zébu seul' where id = ${ids[1]!}`);
    });
    await expectKeptUpToDate(shop.db);
    await expectSuggestionsMatch(["zebu", "zé", "zebu seul", "z"]);
    for (const row of names) await shop.db.rows(sql`update products set name_fr = ${row.name_fr}, popularity = ${row.popularity} where id = ${row.id}`);
    await expectKeptUpToDate(shop.db);
    await expectSuggestionsMatch(["zebu", "z"]);
  });
});
