// The products of a listing as a grid of cards; the first row's pictures load at once.
import type { ProductSummary } from "../../api/queries/catalog.ts";
import { ProductCard } from "../product-card.tsx";

/** Cards of the first row on the widest layout. */
const FIRST_ROW = 4;

export function ProductGrid({ products, headingLevel = 3 }: { products: readonly ProductSummary[]; headingLevel?: 2 | 3 | 4 }) {
  return (
    <ul className="product-grid">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} eager={index < FIRST_ROW} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholders the size of cards while the first page loads (no layout shift when it comes). */
export function ProductGridSkeleton({ count }: { count: number }) {
  return (
    <ul className="product-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <div className="product-card product-card--skeleton">
            <div className="product-card__media" />
            <div className="product-card__body">
              <span className="skeleton-line" />
              <span className="skeleton-line skeleton-line--short" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
