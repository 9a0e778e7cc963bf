// The search results page (`/recherche?searchTerm=…`): the products matching the term with the
// listing's filters, sort and pages, or an empty state.
import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearch } from "@tanstack/react-router";
import { searchProductsQuery } from "../../api/queries/catalog.ts";
import { useShopContext } from "../../app/shop-context.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { pagePath } from "../../../common/pages.ts";
import { useSeo } from "../../ui/use-seo.ts";
import { toListingParams } from "../../ui/listing/listing-search.ts";
import { ProductListing } from "../../ui/listing/product-listing.tsx";
import { useListingSearch } from "../../ui/listing/use-listing-search.ts";
import "./search-page.css";

export function SearchPage() {
  const { _ } = useLingui();
  const lang = useLang();
  const { api, config } = useShopContext();
  const term = useSearch({ strict: false }).searchTerm ?? "";
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
    <div className="container listing-page search-page">
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
              <Link to={pagePath("home", lang)} activeOptions={{ exact: true }} className="button">
                {_("search.page.backHome")}
              </Link>
            </>
          }
        />
      )}
    </div>
  );
}
