// What the product and category routes check once their answer is in, loaded beside the page's
// own code (the API call starts first, in the route's loader): an unknown product or category is
// the 404 page at its address; a slug of the other language (or an old one) goes to the canonical
// address, with the query and the anchor of the one asked for.
import type { QueryClient } from "@tanstack/react-query";
import { notFound, redirect } from "@tanstack/react-router";
import type { Lang } from "../../common/languages.ts";
import { categoryParams, pageHref } from "../../common/pages.ts";
import { isApiError } from "../api/client.ts";
import type { ProductListing } from "../api/queries/catalog.ts";
import { productKeys, type Product } from "../api/queries/product.ts";

interface Asked {
  lang: Lang;
  location: { searchStr: string; hash: string };
}

/** A 404 of the API is the page's 404; any other failure is left to the page (it offers to retry). */
function notFoundOr404(error: unknown): undefined {
  if (isApiError(error) && error.status === 404) throw notFound();
  return undefined;
}

/** A page's address with the query and the anchor of the current one (campaign tags, sections),
 *  written as is: whatever the query holds, not only what the page reads from it. */
function sameQuery(href: string, { searchStr, hash }: Asked["location"]): string {
  return `${href}${searchStr}${hash ? `#${hash}` : ""}`;
}

export async function checkProduct(answer: Promise<Product>, slug: string, queryClient: QueryClient, { lang, location }: Asked): Promise<void> {
  const found = await answer.catch(notFoundOr404);
  if (found && found.slug !== slug) {
    queryClient.setQueryData(productKeys.bySlug(lang, found.slug), found);
    throw redirect({ href: sameQuery(pageHref("product", lang, { slug: found.slug }), location), replace: true });
  }
}

export async function checkCategory(answer: Promise<ProductListing>, categoryPath: string, { lang, location }: Asked): Promise<void> {
  const canonical = (await answer.catch(notFoundOr404))?.category?.path;
  if (canonical && canonical !== categoryPath) throw redirect({ href: sameQuery(pageHref("category", lang, categoryParams(canonical)), location), replace: true });
}
