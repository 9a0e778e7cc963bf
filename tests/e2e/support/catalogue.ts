// Fixtures the flows need, found in the demo catalogue through the API (and the seed's list of
// references for what listings leave out): never guessed names or slugs.
import { products as seedProducts } from "../../../server/seed/data/products.ts";
import type { components } from "../../../common/api/schema.gen.ts";
import { data, storefrontApi, type Lang } from "./api.ts";
import { baseUrl } from "./environment.ts";

export type CategoryNode = components["schemas"]["CategoryNode"];
export type ProductSummary = components["schemas"]["ProductSummary"];
export type Product = components["schemas"]["Product"];
export type Listing = components["schemas"]["ProductListing"];

export async function categoryTree(lang: Lang): Promise<CategoryNode[]> {
  const api = await storefrontApi(lang);
  return data(api.GET("/categories"));
}

export async function listing(
  lang: Lang,
  categoryPath: string,
  query: { page?: number; size?: number; sort?: string; filters?: string[] } = {},
): Promise<Listing> {
  const api = await storefrontApi(lang);
  return data(api.GET("/products/category", { params: { query: { categoryPath, ...query } } }));
}

export async function productBySlug(lang: Lang, slug: string): Promise<Product> {
  const api = await storefrontApi(lang);
  return data(api.GET("/products/slug/{slug}", { params: { path: { slug } } }));
}

/** The top category with the most products (so its listing has several pages), with its listing. */
export async function largestTopCategory(lang: Lang): Promise<{ node: CategoryNode; listing: Listing }> {
  const tree = await categoryTree(lang);
  const listings = await Promise.all(tree.map(async (node) => ({ node, listing: await listing(lang, node.path) })));
  listings.sort((a, b) => b.listing.products.totalElements - a.listing.products.totalElements);
  const largest = listings[0];
  if (!largest) throw new Error("the catalogue has no category");
  return largest;
}

/** A product of the catalogue in stock with several pictures (the gallery is a slider). */
export async function productWithGallery(lang: Lang): Promise<Product> {
  const { listing: page } = await largestTopCategory(lang);
  for (const summary of page.products.content) {
    const product = await productBySlug(lang, summary.slug);
    if (!product.isConfigurable && product.pictures.length > 1 && (product.offer?.stockQuantity ?? 0) > 5) return product;
  }
  throw new Error("no simple product with several pictures on the first page of the largest category");
}

/** Every product of the demo catalogue, out-of-stock ones included, by its seed reference. */
export async function allProducts(lang: Lang): Promise<ProductSummary[]> {
  const api = await storefrontApi(lang);
  const references = seedProducts.map((product) => product.reference);
  const found: ProductSummary[] = [];
  // The call resolves at most 100 references at a time.
  for (let start = 0; start < references.length; start += 100) {
    const referenceList = references.slice(start, start + 100).join(",");
    found.push(...(await data(api.GET("/products/references", { params: { query: { referenceList } } }))));
  }
  return found;
}

/** A product without variants whose only offer is out of stock (the page offers the alert). */
export async function outOfStockProduct(lang: Lang): Promise<ProductSummary> {
  const product = (await allProducts(lang)).find((item) => !item.isConfigurable && item.offer !== null && item.offer.stockQuantity <= 0);
  if (!product) throw new Error("the demo catalogue has no simple product out of stock");
  return product;
}

/** A product in stock on sale (a reduced price below the regular one). */
export async function discountedProduct(lang: Lang): Promise<ProductSummary> {
  const product = (await allProducts(lang)).find(
    (item) => !item.isConfigurable && item.offer !== null && item.offer.stockQuantity > 0 && item.offer.discountPrice !== null,
  );
  if (!product) throw new Error("the demo catalogue has no product on sale in stock");
  return product;
}

/** The word of a product's name a shopper would type to find it (the longest one). */
export function searchWordOf(name: string): string {
  const words = name
    .normalize("NFC")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 4);
  return words.sort((a, b) => b.length - a.length)[0] ?? name;
}

/** The home page's bestsellers: the whole catalogue (or the content's category) by sales. */
export async function bestsellers(lang: Lang, categoryPath: string | null): Promise<Listing> {
  const api = await storefrontApi(lang);
  const query = { size: 10, sort: "relevance,asc", ...(categoryPath ? { categoryPath } : {}) };
  return data(api.GET("/products/category", { params: { query } }));
}

/** A category's path in the other language's tree (the same node, found by id). */
export function samePathIn(from: CategoryNode[], to: CategoryNode[], path: string): string | undefined {
  const idOf = (nodes: CategoryNode[]): number | undefined => {
    for (const node of nodes) {
      if (node.path === path) return node.id;
      const found = idOf(node.children);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const pathOf = (nodes: CategoryNode[], id: number): string | undefined => {
    for (const node of nodes) {
      if (node.id === id) return node.path;
      const found = pathOf(node.children, id);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const id = idOf(from);
  return id === undefined ? undefined : pathOf(to, id);
}

const fullProducts = new Map<string, Promise<Product>>();

/**
 * The first product of the demo catalogue (in seed order, out-of-stock ones included) read in full
 * that satisfies `test`; `what` names it in the error when the catalogue has none.
 */
export async function findProduct(lang: Lang, what: string, test: (product: Product) => boolean): Promise<Product> {
  for (const summary of await allProducts(lang)) {
    const key = `${lang}:${summary.slug}`;
    let full = fullProducts.get(key);
    if (!full) {
      full = productBySlug(lang, summary.slug);
      fullProducts.set(key, full);
    }
    const product = await full;
    if (test(product)) return product;
  }
  throw new Error(`the demo catalogue has no ${what}`);
}

/** A product without variants to choose whose offer's stock satisfies `test`. */
export function simpleProductWithStock(lang: Lang, what: string, test: (stock: number) => boolean): Promise<Product> {
  return findProduct(lang, `simple product ${what}`, (product) => !product.isConfigurable && product.offer !== null && test(product.offer.stockQuantity));
}

/** The landing content of a category (header, footer, SEO texts), or null when it has none. */
export async function landingOf(lang: Lang, categoryPath: string): Promise<components["schemas"]["LandingPage"] | null> {
  const api = await storefrontApi(lang);
  const { data: body, response } = await api.POST("/afs_marketing_landing/findOne", {
    body: { attrId: "marketing_landing_category", attrValue: categoryPath, categoryUp: false },
  });
  if (response.status === 204) return null;
  if (!response.ok || body === undefined) throw new Error(`the landing of ${categoryPath} answered ${response.status}`);
  return body;
}

/** The shop's name as its runtime configuration gives it (page titles end with it). */
export async function brandName(): Promise<string> {
  const response = await fetch(`${baseUrl()}/runtime-config.json`);
  return ((await response.json()) as { brandName: string }).brandName;
}
