// Reads a listing's search parameters (validated by the route's `validateSearch`) and changes them
// by navigating, so that every state of a listing has its own shareable address.
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useCallback, useMemo } from "react";
import { DEFAULT_PAGE_SIZE, listingStateOf, type ListingState, type PageSize, type SortOption } from "./listing-search.ts";

interface ListingChange {
  page?: number;
  itemsPerPage?: PageSize;
  sort?: SortOption | undefined;
  filters?: string[];
}

export interface ListingSearch {
  state: ListingState;
  /** Applies a change; a new sort, page size or filter set goes back to the first page. */
  change: (change: ListingChange) => void;
}

export function useListingSearch(): ListingSearch {
  const search = useSearch({ strict: false });
  const state = useMemo(() => listingStateOf(search), [search]);
  const navigate = useNavigate();
  const change = useCallback(
    (next: ListingChange) => {
      const resetsPage = "itemsPerPage" in next || "sort" in next || "filters" in next;
      void navigate({
        to: ".",
        search: (previous: Record<string, unknown>) => {
          const merged: Record<string, unknown> = { ...previous };
          if ("page" in next) merged.page = next.page && next.page > 1 ? next.page : undefined;
          else if (resetsPage) merged.page = undefined;
          if ("itemsPerPage" in next) merged.itemsPerPage = next.itemsPerPage === DEFAULT_PAGE_SIZE ? undefined : next.itemsPerPage;
          if ("sort" in next) merged.sort = next.sort;
          if ("filters" in next) merged.filters = next.filters && next.filters.length > 0 ? next.filters : undefined;
          return merged;
        },
        resetScroll: false,
      });
    },
    [navigate],
  );
  return { state, change };
}
