// The bestsellers' cards: loaded apart from the home page, whose first render shows their
// placeholder (their products are asked for once the page's content names their category).
import type { components } from "../../../common/api/schema.gen.ts";
import { ProductCard } from "../../ui/product-card.tsx";

export function BestsellerList({ products }: { products: components["schemas"]["ProductSummary"][] }) {
  return (
    <ul className="bestsellers__list">
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} sizes="(max-width: 767px) 45vw, 240px" />
        </li>
      ))}
    </ul>
  );
}
