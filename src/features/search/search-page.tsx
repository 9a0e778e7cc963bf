// The search results page (`/recherche?searchTerm=…`): the products matching the term with the
// listing's filters, sort and pages, or an empty state.
import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearch } from "@tanstack/react-router";
import * as v from "valibot";
import { searchProductsQuery } from "../../api/queries/catalog.ts";
import { useLang, useShopContext } from "../../app/shop-context.ts";
import { pageHref } from "../../routes/pages.ts";
import { useSeo } from "../../ui/use-seo.ts";
import { listingSearchSchema, toListingParams } from "../catalog/listing-search.ts";
import { ProductListing } from "../catalog/product-listing.tsx";
import { useListingSearch } from "../catalog/use-listing-search.ts";
import "../catalog/catalog.css";
import "./search-page.css";

/** The API's limit on a search term. */
const MAX_TERM_LENGTH = 100;

/** `searchTerm`, trimmed; a number-looking term comes parsed as a number from the address. */
const searchTermSchema = v.object({
  searchTerm: v.fallback(
    v.optional(
      v.pipe(
        v.union([v.string(), v.pipe(v.number(), v.transform(String))]),
        v.trim(),
        v.transform((term) => term.slice(0, MAX_TERM_LENGTH)),
      ),
    ),
    undefined,
  ),
});

/** The search page's parameters: the term and the listing's (usable as the route's `validateSearch`). */
export const searchPageSearchSchema = v.object({ ...searchTermSchema.entries, ...listingSearchSchema.entries });

export function SearchPage() {
  const { _ } = useLingui();
  const lang = useLang();
  const { api, config } = useShopContext();
  const raw = useSearch({ strict: false });
  const term = v.parse(searchTermSchema, raw).searchTerm ?? "";
  const listing = useListingSearch();

  const results = useQuery({
    ...searchProductsQuery(api, lang, term, toListingParams(listing.state)),
    enabled: term !== "",
    // Keep the previous page on screen while another page or filter of the same search loads.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === term ? previous : undefined),
  });

  const title = term ? _("search.page.titleWithTerm", { term }) : _("search.page.title");
  useSeo({ title: `${title} – ${config.brandName}` });

  return (
    <div className="container catalog-page search-page">
      <h1>{title}</h1>
      {term === "" ? (
        <div className="listing__empty">
          <p>{_("search.page.noTerm")}</p>
        </div>
      ) : results.isError ? (
        <div className="listing__empty" role="alert">
          <p>{_("errors.server.access")}</p>
          <button type="button" className="button" onClick={() => void results.refetch()}>
            {_("catalog.error.retry")}
          </button>
        </div>
      ) : (
        <ProductListing
          result={results.data}
          stale={results.isPlaceholderData}
          listing={listing}
          defaultSort="relevance"
          empty={
            <>
              <p className="search-page__empty-title">{_("search.page.empty", { term })}</p>
              <p>{_("search.page.emptyHint")}</p>
              <Link to={pageHref("home", lang)} className="button">
                {_("search.page.backHome")}
              </Link>
            </>
          }
        />
      )}
    </div>
  );
}
