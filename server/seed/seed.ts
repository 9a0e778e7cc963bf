// Loads the demo catalogue: categories, attributes, products with variants, offers and generated
// pictures, and marketing content in French and English (the shipping rules are a demo part).
// Deterministic: the same data every time, so demos, tests and screenshots agree.
import { sql } from "drizzle-orm";
import type { Database, Orm } from "../db/client.ts";
import * as tables from "../db/schema.ts";
import { API_LOCALES, langOf } from "../modules/catalog/locale.ts";
import { landingKey } from "../modules/content/content-repository.ts";
import { DEMO_VIDEOS_PATH } from "../modules/media/picture-urls.ts";
import { brandDocument, withBrand } from "./brand.ts";
import { contentDocumentRows } from "./content-documents.ts";
import { attributes as seedAttributes } from "./data/attributes.ts";
import { categoryTree } from "./data/categories.ts";
import { landingPages } from "./data/content.ts";
import { products as seedProducts } from "./data/products.ts";
import { DEMO_PARTS } from "./demo-parts.ts";
import { randomGenerator } from "./random.ts";
import type { Localized, SeedCategory, SeedProduct } from "./types.ts";

export interface SeedOptions {
  brandName: string;
  /** Total number of products wanted; beyond the hand-written ones, variations are generated. */
  products?: number;
  log?: (message: string) => void;
}

const PALETTE = ["#0b2545", "#13315c", "#8da9c4", "#eef4ed", "#f4d35e", "#ee6c4d"] as const;
const LIGHT = new Set(["#8da9c4", "#eef4ed", "#f4d35e"]);
const BATCH = 500;
const DEFAULT_TAX_RATE_BP = 2000;

export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’]/g, "-")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 120);
}

function localizedWithBrand(value: Localized, brand: string): Localized {
  return { fr: withBrand(value.fr, brand), en: withBrand(value.en, brand) };
}

function cartesian(axes: [string, string[]][]): Record<string, string>[] {
  return axes.reduce<Record<string, string>[]>(
    (combinations, [code, values]) => combinations.flatMap((combination) => values.map((value) => ({ ...combination, [code]: value }))),
    [{}],
  );
}

async function insertBatches<T>(items: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < items.length; start += BATCH) await insert(items.slice(start, start + BATCH));
}

/**
 * Seeds what is missing: the catalogue when there are no products, then each demo part whose
 * table is empty. Returns false (and changes nothing) when everything was already there.
 */
export async function seedIfEmpty(db: Database, options: SeedOptions): Promise<boolean> {
  let seeded = await seedCatalogueIfEmpty(db, options);
  for (const part of DEMO_PARTS) {
    if (!(await part.seedIfEmpty(db, options))) continue;
    options.log?.(`demo ${part.name} loaded`);
    seeded = true;
  }
  return seeded;
}

async function seedCatalogueIfEmpty(db: Database, options: SeedOptions): Promise<boolean> {
  const [row] = await db.rows<{ count: number }>(sql`select count(*)::int as count from products`);
  if ((row?.count ?? 0) > 0) return false;
  await db.orm.transaction(async (tx) => seedInto(tx, options));
  // Fresh statistics, so the first queries get good plans (PGlite never vacuums by itself).
  await db.rows(sql`analyze`);
  return true;
}

interface CategoryIds {
  byKey: Map<string, number>;
  pathFr: Map<string, string>;
  pathEn: Map<string, string>;
}

async function seedCategories(tx: Orm): Promise<CategoryIds> {
  const ids: CategoryIds = { byKey: new Map(), pathFr: new Map(), pathEn: new Map() };
  const insert = async (node: SeedCategory, parent: { id: number; pathFr: string; pathEn: string } | null, level: number) => {
    const pathFr = parent ? `${parent.pathFr}/${node.slug.fr}` : node.slug.fr;
    const pathEn = parent ? `${parent.pathEn}/${node.slug.en}` : node.slug.en;
    const [inserted] = await tx
      .insert(tables.categories)
      .values({
        parentId: parent?.id ?? null,
        level,
        slugFr: node.slug.fr,
        slugEn: node.slug.en,
        labelFr: node.label.fr,
        labelEn: node.label.en,
        pathFr,
        pathEn,
        isEvent: node.isEvent ?? false,
      })
      .returning({ id: tables.categories.id });
    if (!inserted) throw new Error(`category ${node.key} was not inserted`);
    ids.byKey.set(node.key, inserted.id);
    ids.pathFr.set(node.key, pathFr);
    ids.pathEn.set(node.key, pathEn);
    for (const child of node.children ?? []) await insert(child, { id: inserted.id, pathFr, pathEn }, level + 1);
  };
  for (const root of categoryTree) await insert(root, null, 1);
  return ids;
}

async function seedAttributesInto(tx: Orm): Promise<Map<string, number>> {
  const valueIds = new Map<string, number>();
  for (const [position, attribute] of seedAttributes.entries()) {
    await tx.insert(tables.attributes).values({
      code: attribute.code,
      labelFr: attribute.label.fr,
      labelEn: attribute.label.en,
      displayType: attribute.displayType,
      filterType: attribute.filterType,
      position,
    });
    const rows = await tx
      .insert(tables.attributeValues)
      .values(
        attribute.values.map((value, index) => ({
          attributeCode: attribute.code,
          value: value.value,
          labelFr: value.label.fr,
          labelEn: value.label.en,
          index,
          colorCode: value.colorCode ?? null,
        })),
      )
      .returning({ id: tables.attributeValues.id, value: tables.attributeValues.value });
    for (const row of rows) valueIds.set(`${attribute.code}:${row.value}`, row.id);
  }
  return valueIds;
}

/** The hand-written products, then generated variations of them up to `total`. */
export function catalogueProducts(total: number): SeedProduct[] {
  if (total <= seedProducts.length) return seedProducts;
  const collections: Localized[] = [
    { fr: "Horizon", en: "Horizon" },
    { fr: "Cap Nord", en: "North Cape" },
    { fr: "Été indien", en: "Indian Summer" },
    { fr: "Ciel de nuit", en: "Night Sky" },
    { fr: "Héritage", en: "Heritage" },
    { fr: "Long-courrier", en: "Long Haul" },
    { fr: "Aube", en: "Dawn" },
    { fr: "Alizé", en: "Trade Wind" },
  ];
  const generated: SeedProduct[] = [...seedProducts];
  for (let n = 0; generated.length < total; n += 1) {
    const base = seedProducts[n % seedProducts.length];
    const collection = collections[Math.floor(n / seedProducts.length) % collections.length];
    if (!base || !collection) break;
    const series = Math.floor(n / (seedProducts.length * collections.length)) + 1;
    generated.push({
      ...base,
      reference: `${base.reference}-G${n + 1}`,
      name: {
        fr: `${base.name.fr} – collection ${collection.fr} n°${series}`,
        en: `${base.name.en} – ${collection.en} collection no. ${series}`,
      },
      priceCents: Math.max(100, Math.round((base.priceCents * (0.85 + ((n * 7) % 30) / 100)) / 10) * 10),
      supplierReference: `${base.supplierReference}-${n + 1}`,
    });
  }
  return generated;
}

function uniqueSlug(text: string, taken: Set<string>): string {
  const base = slugify(text) || "produit";
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

async function seedProductsInto(
  tx: Orm,
  options: { brandName: string; total: number; log: (message: string) => void },
  categories: CategoryIds,
  valueIds: Map<string, number>,
  shopId: number,
) {
  const random = randomGenerator(20260101);
  const items = catalogueProducts(options.total);
  const colorCodes = new Map(
    seedAttributes.flatMap((attribute) => attribute.values.map((value) => [`${attribute.code}:${value.value}`, value.colorCode] as const)),
  );
  const slugsFr = new Set<string>();
  const slugsEn = new Set<string>();

  for (let start = 0; start < items.length; start += BATCH) {
    const batch = items.slice(start, start + BATCH);
    const productRows = batch.map((item) => {
      const categoryId = categories.byKey.get(item.category);
      if (categoryId === undefined) throw new Error(`product ${item.reference}: unknown category ${item.category}`);
      const name = localizedWithBrand(item.name, options.brandName);
      const description = localizedWithBrand(item.description, options.brandName);
      return {
        reference: item.reference,
        slugFr: uniqueSlug(name.fr, slugsFr),
        slugEn: uniqueSlug(name.en, slugsEn),
        nameFr: name.fr,
        nameEn: name.en,
        descriptionFr: description.fr,
        descriptionEn: description.en,
        categoryId,
        supplierReference: item.supplierReference,
        transportWeightGrams: item.weightGrams,
        taxRateBp: item.taxRateBp ?? DEFAULT_TAX_RATE_BP,
        madeInFrance: item.madeInFrance ?? false,
        madeInEurope: item.madeInEurope ?? false,
        upCycling: item.upCycling ?? false,
        limitedEdition: item.limitedEdition ?? false,
        configurableAttributes: Object.keys(item.variants ?? {}),
        popularity: random.int(0, 1000),
      };
    });
    const inserted = await tx.insert(tables.products).values(productRows).returning({ id: tables.products.id });

    const alsoIn: (typeof tables.productCategories.$inferInsert)[] = [];
    const productValues: (typeof tables.productAttributeValues.$inferInsert)[] = [];
    const variantRows: { productId: number; reference: string; position: number; axes: Record<string, string>; item: SeedProduct }[] = [];
    batch.forEach((item, index) => {
      const productId = inserted[index]?.id;
      if (productId === undefined) throw new Error("product insert returned fewer rows");
      for (const key of item.alsoIn ?? []) {
        const categoryId = categories.byKey.get(key);
        if (categoryId === undefined) throw new Error(`product ${item.reference}: unknown category ${key}`);
        alsoIn.push({ productId, categoryId });
      }
      for (const [code, value] of Object.entries(item.attributes ?? {})) {
        const attributeValueId = valueIds.get(`${code}:${value}`);
        if (attributeValueId === undefined) throw new Error(`product ${item.reference}: unknown value ${code}:${value}`);
        productValues.push({ productId, attributeValueId });
      }
      const combinations = cartesian(Object.entries(item.variants ?? {}));
      combinations.forEach((axes, position) => {
        const suffix = Object.values(axes)
          .map((value) => value.toUpperCase())
          .join("-");
        variantRows.push({ productId, reference: suffix ? `${item.reference}-${suffix}` : item.reference, position, axes, item });
      });
    });
    if (alsoIn.length > 0) await tx.insert(tables.productCategories).values(alsoIn);
    if (productValues.length > 0) await tx.insert(tables.productAttributeValues).values(productValues);

    const variantIds: number[] = [];
    await insertBatches(variantRows, async (rows) => {
      const ids = await tx
        .insert(tables.variants)
        .values(rows.map(({ productId, reference, position }) => ({ productId, reference, position })))
        .returning({ id: tables.variants.id });
      variantIds.push(...ids.map((row) => row.id));
    });

    const variantValues: (typeof tables.variantAttributeValues.$inferInsert)[] = [];
    const offerRows: (typeof tables.offers.$inferInsert)[] = [];
    const pictureRows: (typeof tables.pictures.$inferInsert)[] = [];
    const productMood = new Map<number, { soldOut: boolean; discount: number; pictures: number; background: string }>();
    variantRows.forEach((variant, index) => {
      const variantId = variantIds[index];
      if (variantId === undefined) throw new Error("variant insert returned fewer rows");
      let mood = productMood.get(variant.productId);
      if (!mood) {
        const roll = random.next();
        mood = {
          soldOut: roll < 0.05,
          discount: random.next() < 0.2 ? random.pick([10, 15, 20, 25, 30, 40]) : 0,
          pictures: random.next() < 0.9 ? random.int(2, 4) : 1,
          background: random.pick(PALETTE),
        };
        productMood.set(variant.productId, mood);
        const foreground = LIGHT.has(mood.background) ? "#0b2545" : "#eef4ed";
        for (let position = 0; position < mood.pictures; position += 1) {
          pictureRows.push({
            productId: variant.productId,
            position,
            isCover: position === 0,
            category: position === 0 ? "PRODUCT" : position === 1 ? "DETAIL" : "AMBIANCE",
            icon: variant.item.icon,
            background: mood.background,
            foreground,
            layout: position === 0 ? "centered" : position === 1 ? "detail" : "ambiance",
          });
        }
        if (variant.item.video) {
          // Its cover's artwork stands for it until it plays.
          pictureRows.push({
            productId: variant.productId,
            position: mood.pictures,
            isCover: false,
            category: "AMBIANCE",
            icon: variant.item.icon,
            background: mood.background,
            foreground,
            layout: "centered",
            videoUrl: `${DEMO_VIDEOS_PATH}${variant.item.video}`,
          });
        }
      }
      for (const [code, value] of Object.entries(variant.axes)) {
        const attributeValueId = valueIds.get(`${code}:${value}`);
        if (attributeValueId === undefined) throw new Error(`variant ${variant.reference}: unknown value ${code}:${value}`);
        variantValues.push({ variantId, attributeValueId });
      }
      const colour = variant.axes.color ? colorCodes.get(`color:${variant.axes.color}`) : undefined;
      if (colour) {
        pictureRows.push({
          productId: variant.productId,
          variantId,
          position: 10 + variant.position,
          isCover: false,
          category: "PRODUCT",
          icon: variant.item.icon,
          background: colour,
          foreground: isLight(colour) ? "#0b2545" : "#eef4ed",
          layout: "centered",
        });
      }
      const stockRoll = random.next();
      const stockQuantity = mood.soldOut
        ? 0
        : stockRoll < 0.07
          ? 0
          : stockRoll < 0.15
            ? 1
            : stockRoll < 0.35
              ? random.int(2, 5)
              : random.int(6, 150);
      const regular = variant.item.priceCents;
      const discounted = mood.discount > 0 ? Math.floor((regular * (100 - mood.discount)) / 100 / 10) * 10 : null;
      offerRows.push({
        variantId,
        shopId,
        pickingDelay: random.int(1, 3),
        stockQuantity,
        logisticClass: variant.item.logisticClass,
        regularPriceCents: regular,
        discountPriceCents: discounted !== null && discounted > 0 && discounted < regular ? discounted : null,
        minOrderQuantity: 1,
        maxOrderQuantity: variant.item.limitedEdition ? 2 : variant.item.priceCents < 1000 ? 20 : 10,
      });
    });
    await insertBatches(variantValues, (rows) => tx.insert(tables.variantAttributeValues).values(rows));
    await insertBatches(offerRows, (rows) => tx.insert(tables.offers).values(rows));
    await insertBatches(pictureRows, (rows) => tx.insert(tables.pictures).values(rows));
    if (items.length > BATCH) options.log(`seeded ${Math.min(start + BATCH, items.length)} of ${items.length} products`);
  }
}

function isLight(hex: string): boolean {
  const value = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150;
}

async function seedContent(tx: Orm, brandName: string, categories: CategoryIds) {
  const rows = contentDocumentRows(brandName);
  for (const locale of API_LOCALES) {
    const lang = langOf(locale);
    const paths = Object.fromEntries(categories[lang === "fr" ? "pathFr" : "pathEn"]);
    for (const landing of landingPages(lang, paths)) {
      const key = [...categories.pathFr.entries()].find(
        ([categoryKey]) => (lang === "fr" ? categories.pathFr : categories.pathEn).get(categoryKey) === landing.categoryPath,
      )?.[1];
      if (!key) throw new Error(`landing page for unknown category path ${landing.categoryPath}`);
      rows.push({ key: landingKey(key), locale, body: brandDocument(landing, brandName) });
    }
  }
  await tx.insert(tables.marketingContent).values(rows);
}

async function seedInto(tx: Orm, options: SeedOptions) {
  const log = options.log ?? (() => undefined);
  // The listings (migration 0014) are built once at the end rather than after every batch.
  await tx.execute(sql`set local escale.listings = 'manual'`);
  const [shop] = await tx
    .insert(tables.shops)
    .values({ name: `${options.brandName} Boutique` })
    .returning({ id: tables.shops.id });
  if (!shop) throw new Error("shop was not inserted");
  const categories = await seedCategories(tx);
  const valueIds = await seedAttributesInto(tx);
  await seedProductsInto(
    tx,
    { brandName: options.brandName, total: Math.max(options.products ?? 0, seedProducts.length), log },
    categories,
    valueIds,
    shop.id,
  );
  await seedContent(tx, options.brandName, categories);
  const started = performance.now();
  // Statistics first: the tables were empty when this transaction began, and the planner would
  // plan the rebuild's joins for empty tables.
  await tx.execute(sql`analyze products, variants, offers, categories, product_categories, product_attribute_values, variant_attribute_values`);
  await tx.execute(sql`select rebuild_product_listings()`);
  await tx.execute(sql`set local escale.listings = 'automatic'`);
  log(`listings built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
