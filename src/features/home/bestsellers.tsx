// The bestsellers of the category the home page content names (or of the whole shop), by sales.
// Their products are asked for once the page's content names their category, so the page's first
// render shows their placeholder: the cards' code loads apart, at the same time as the products.
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { productsByCategoryQuery } from "../../api/queries/catalog.ts";
import { useShopContext } from "../../app/shop-context.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { LazyPart, lazyPart } from "../../app/lazy-part.tsx";

const BESTSELLERS_SIZE = 10;

const loadList = () => import("./bestseller-list.tsx");
const BestsellerList = lazyPart(() => loadList().then((module) => module.BestsellerList));

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
  // In a task of its own: not in the one that puts the page on screen. A failure shows (and is
  // reported) where the list renders.
  useEffect(() => {
    const timer = window.setTimeout(() => void loadList().catch(() => undefined), 0);
    return () => window.clearTimeout(timer);
  }, []);
  const placeholder = <BestsellersPlaceholder />;
  if (!data) return placeholder;
  return (
    <LazyPart fallback={placeholder}>
      <BestsellerList products={data.products.content} />
    </LazyPart>
  );
}

/**
 * The list's grid with blank cards of about a card's height, until the cards come: what lies below
 * (the footer) does not jump down as they arrive, under a pointer about to click it.
 */
function BestsellersPlaceholder() {
  return (
    <ul className="bestsellers__list" aria-hidden="true">
      {Array.from({ length: BESTSELLERS_SIZE }, (_, index) => (
        <li key={index} className="bestsellers__blank" />
      ))}
    </ul>
  );
}
