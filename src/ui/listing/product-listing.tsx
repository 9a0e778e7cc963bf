// A page of products with its controls: count, sort, page size, facet filters, the grid and the
// page links. Shared by the category listing and the search results.
import { useLingui } from "@lingui/react";
import { useId, useState, type ReactNode } from "react";
import type { Facet, ProductSummary } from "../../api/queries/catalog.ts";
import { Pagination } from "../pagination.tsx";
import { ActiveFilters, FacetFilters } from "./facet-filters.tsx";
import { PageSizeSelect, SortSelect, type DefaultSort } from "./listing-controls.tsx";
import { ProductGrid, ProductGridSkeleton } from "./product-grid.tsx";
import type { ListingSearch } from "./use-listing-search.ts";
import "./listing.css";

/** Skeleton cards shown while the first answer comes. */
const SKELETON_CARDS = 8;

interface ListingResult {
  products: { content: ProductSummary[]; totalElements: number; totalPages: number };
  facets: Facet[];
}

export interface ProductListingProps {
  result: ListingResult | undefined;
  /** The shown result is the previous one while the new one loads. */
  stale: boolean;
  listing: ListingSearch;
  defaultSort: DefaultSort;
  /** Shown when nothing matches and no filter is set. */
  empty: ReactNode;
}

export function ProductListing({ result, stale, listing, defaultSort, empty }: ProductListingProps) {
  const { _ } = useLingui();
  const { state, change } = listing;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const facets = result?.facets ?? [];
  const total = result?.products.totalElements ?? 0;
  const products = result?.products.content ?? [];
  const onFilters = (filters: string[]) => change({ filters });
  // Nothing to sort or page through: an empty result without filters keeps only its message.
  const controls = !result || total > 0 || state.filters.length > 0;

  return (
    <div className="listing">
      <div className="listing__toolbar">
        <p className="listing__count" role="status">
          {result ? _("catalog.listing.count", { count: total }) : ""}
        </p>
        {facets.length > 0 && (
          <button
            type="button"
            className="listing__filters-toggle"
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen(!filtersOpen)}
          >
            {_("catalog.filters.toggle")}
            {state.filters.length > 0 && ` (${state.filters.length})`}
          </button>
        )}
        {controls && (
          <>
            <SortSelect sort={state.sort} defaultSort={defaultSort} onChange={(sort) => change({ sort })} />
            <PageSizeSelect size={state.itemsPerPage} onChange={(itemsPerPage) => change({ itemsPerPage })} />
          </>
        )}
      </div>
      <div className={!result || facets.length > 0 ? "listing__body listing__body--with-filters" : "listing__body"}>
        {!result && <div className="listing__filters listing__filters--placeholder" aria-hidden="true" />}
        {facets.length > 0 && (
          <section id={filtersId} className={filtersOpen ? "listing__filters is-open" : "listing__filters"} aria-labelledby={`${filtersId}-title`}>
            <h2 id={`${filtersId}-title`} className="listing__filters-title">
              {_("catalog.filters.title")}
            </h2>
            <FacetFilters facets={facets} selected={state.filters} onChange={onFilters} />
          </section>
        )}
        <section className="listing__results" aria-labelledby={`${filtersId}-results`} aria-busy={!result || stale}>
          <h2 id={`${filtersId}-results`} className="visually-hidden">
            {_("catalog.listing.results")}
          </h2>
          <ActiveFilters facets={facets} selected={state.filters} onChange={onFilters} />
          {!result ? (
            <ProductGridSkeleton count={Math.min(state.itemsPerPage, SKELETON_CARDS)} />
          ) : products.length > 0 ? (
            <div className={stale ? "listing__grid is-stale" : "listing__grid"}>
              <ProductGrid products={products} />
            </div>
          ) : state.filters.length > 0 ? (
            <div className="listing__empty">
              <p>{_("catalog.listing.noMatch")}</p>
              <button type="button" className="button" onClick={() => onFilters([])}>
                {_("catalog.filters.clear")}
              </button>
            </div>
          ) : state.page > 1 && total > 0 ? (
            <div className="listing__empty">
              <p>{_("catalog.listing.pastLastPage")}</p>
              <button type="button" className="button" onClick={() => change({ page: 1 })}>
                {_("catalog.listing.firstPage")}
              </button>
            </div>
          ) : (
            <div className="listing__empty">{empty}</div>
          )}
          {result && <Pagination page={state.page} totalPages={result.products.totalPages} className="listing__pagination" />}
        </section>
      </div>
    </div>
  );
}
