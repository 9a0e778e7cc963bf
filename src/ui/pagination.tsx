// Page links of a listing: previous, numbered pages around the current one, next. The page
// number is the `page` search parameter of the current address (1-based, absent on page 1).
import { useLingui } from "@lingui/react";
import { Link } from "@tanstack/react-router";

// Only the link to exactly this page is the current one (page 1 has no `page` in its address).
const EXACT = { exact: true, includeSearch: true } as const;
import "./product-card.css";

export interface PaginationProps {
  /** Current page, 1-based. */
  page: number;
  totalPages: number;
  /** Pages shown on each side of the current one (default 1). */
  siblings?: number;
  className?: string;
}

type Item = number | "gap";

/** 1 … 4 5 6 … 12: the first, the last, and the pages around the current one. */
function pageItems(page: number, totalPages: number, siblings = 1): Item[] {
  const items: Item[] = [];
  for (let candidate = 1; candidate <= totalPages; candidate += 1) {
    const near = Math.abs(candidate - page) <= siblings;
    if (candidate === 1 || candidate === totalPages || near) items.push(candidate);
    else if (items.at(-1) !== "gap") items.push("gap");
  }
  // A gap standing for one page only: show that page instead.
  return items.map((item, index) => {
    if (item !== "gap") return item;
    const before = items[index - 1];
    const after = items[index + 1];
    return typeof before === "number" && typeof after === "number" && after - before === 2 ? before + 1 : item;
  });
}

const searchFor = (page: number) => (previous: Record<string, unknown>) => ({ ...previous, page: page > 1 ? page : undefined });

export function Pagination({ page, totalPages, siblings = 1, className }: PaginationProps) {
  const { _ } = useLingui();
  if (totalPages <= 1) return null;
  const items = pageItems(page, totalPages, siblings);
  return (
    <nav className={["pagination", className].filter(Boolean).join(" ")} aria-label={_("ui.pagination.label")}>
      <ul className="pagination__list">
        <li>
          {page > 1 ? (
            <Link to="." activeOptions={EXACT} search={searchFor(page - 1)} className="pagination__link pagination__step" rel="prev">
              <span aria-hidden="true">‹</span> {_("ui.pagination.previous")}
            </Link>
          ) : (
            <span className="pagination__link pagination__step" aria-disabled="true">
              <span aria-hidden="true">‹</span> {_("ui.pagination.previous")}
            </span>
          )}
        </li>
        {items.map((item, index) =>
          item === "gap" ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to="."
                activeOptions={EXACT}
                search={searchFor(item)}
                className="pagination__link"
                aria-current={item === page ? "page" : undefined}
                aria-label={_("ui.pagination.page", { page: item })}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <Link to="." activeOptions={EXACT} search={searchFor(page + 1)} className="pagination__link pagination__step" rel="next">
              {_("ui.pagination.next")} <span aria-hidden="true">›</span>
            </Link>
          ) : (
            <span className="pagination__link pagination__step" aria-disabled="true">
              {_("ui.pagination.next")} <span aria-hidden="true">›</span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
