// The sort and page-size selects of a listing.
import { useLingui } from "@lingui/react";
import { useId } from "react";
import { PAGE_SIZES, SORT_OPTIONS, type PageSize, type SortOption } from "./listing-search.ts";

/** A search's own order (by relevance to the term) is its default: no `sort` in the address. */
export type DefaultSort = SortOption | "relevance";

const SORT_LABELS: Record<DefaultSort, string> = {
  relevance: "catalog.sort.relevance",
  "price.asc": "catalog.sort.priceAsc",
  "price.desc": "catalog.sort.priceDesc",
  "name.asc": "catalog.sort.nameAsc",
  "name.desc": "catalog.sort.nameDesc",
  "reference.asc": "catalog.sort.referenceAsc",
};

const isSortOption = (value: string): value is SortOption => (SORT_OPTIONS as readonly string[]).includes(value);

export function SortSelect({
  sort,
  defaultSort,
  onChange,
}: {
  sort: SortOption | undefined;
  defaultSort: DefaultSort;
  onChange: (sort: SortOption | undefined) => void;
}) {
  const { _ } = useLingui();
  const id = useId();
  const options: DefaultSort[] = defaultSort === "relevance" ? ["relevance", ...SORT_OPTIONS] : [...SORT_OPTIONS];
  return (
    <div className="listing-control">
      <label htmlFor={id}>{_("catalog.sort.label")}</label>
      <select
        id={id}
        value={sort ?? defaultSort}
        onChange={(event) => {
          const value = event.target.value;
          onChange(value === defaultSort || !isSortOption(value) ? undefined : value);
        }}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {_(SORT_LABELS[option])}
          </option>
        ))}
      </select>
    </div>
  );
}

export function PageSizeSelect({ size, onChange }: { size: PageSize; onChange: (size: PageSize) => void }) {
  const { _ } = useLingui();
  const id = useId();
  return (
    <div className="listing-control">
      <label htmlFor={id}>{_("catalog.pageSize.label")}</label>
      <select
        id={id}
        value={size}
        onChange={(event) => {
          const chosen = PAGE_SIZES.find((option) => String(option) === event.target.value);
          if (chosen) onChange(chosen);
        }}
      >
        {PAGE_SIZES.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}
