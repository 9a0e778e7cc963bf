// The bestsellers of the category the home page content names (or of the whole shop), by sales.
import { useQuery } from "@tanstack/react-query";
import { productsByCategoryQuery } from "../../api/queries/catalog.ts";
import { useLang, useShopContext } from "../../app/shop-context.ts";
import { ProductCard } from "../../ui/product-card.tsx";

export const BESTSELLERS_SIZE = 10;

export function Bestsellers({ title, categoryPath }: { title: string; categoryPath: string | null }) {
  return (
    <section className="bestsellers" aria-labelledby="bestsellers-title">
      <h2 id="bestsellers-title" className="home-section-title">
        {title}
      </h2>
      <BestsellerProducts categoryPath={categoryPath ?? undefined} />
    </section>
  );
}

function BestsellerProducts({ categoryPath }: { categoryPath: string | undefined }) {
  const lang = useLang();
  const { api } = useShopContext();
  const { data } = useQuery(productsByCategoryQuery(api, lang, categoryPath, { size: BESTSELLERS_SIZE, sort: "relevance,asc" }));
  if (!data) return <div className="bestsellers__placeholder" aria-hidden="true" />;
  return (
    <ul className="bestsellers__list">
      {data.products.content.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} sizes="(max-width: 767px) 45vw, 240px" />
        </li>
      ))}
    </ul>
  );
}
