// Other products of the same category, in a slider showing PRODUCT_SLIDER_PER_VIEW at a time.
import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { useId, type CSSProperties, type KeyboardEvent } from "react";
import { relatedProductsQuery } from "../../api/queries/product.ts";
import { useShopContext } from "../../app/shop-context.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { ProductCard } from "../../ui/product-card.tsx";
import { Chevron } from "./chevron.tsx";
import { PRODUCT_SLIDER_PER_VIEW } from "./product-constants.ts";
import { useCarouselControls } from "./use-carousel.ts";
import { useLaidOutCarousel } from "../../ui/use-laid-out-carousel.ts";

interface RelatedProductsProps {
  categoryPath: string;
  /** The product of the page, left out of the slider. */
  productId: number;
}

export function RelatedProducts({ categoryPath, productId }: RelatedProductsProps) {
  const { _ } = useLingui();
  const lang = useLang();
  const { api } = useShopContext();
  const titleId = useId();
  const { data } = useQuery(relatedProductsQuery(api, lang, categoryPath));
  const products = (data ?? []).filter((product) => product.id !== productId);
  const [viewport, carousel] = useLaidOutCarousel({ slidesToScroll: PRODUCT_SLIDER_PER_VIEW, align: "start" });
  const { selected, count, canPrev, canNext, prev, next, goTo } = useCarouselControls(carousel);

  if (products.length === 0) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowLeft") prev();
    else if (event.key === "ArrowRight") next();
    else return;
    event.preventDefault();
  };
  const shown = (index: number) => Math.floor(index / PRODUCT_SLIDER_PER_VIEW) === selected;

  return (
    <section className="related-products">
      <h2 className="related-products__title" id={titleId}>
        {_("product.related.title")}
      </h2>
      <div
        className="related-products__carousel"
        role="region"
        aria-roledescription={_("product.carousel")}
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        style={{ "--per-view": PRODUCT_SLIDER_PER_VIEW } as CSSProperties}
      >
        <div className="related-products__viewport" ref={viewport}>
          <div className="related-products__track">
            {products.map((product, index) => (
              <div
                className="related-products__slide"
                key={product.id}
                role="group"
                aria-roledescription={_("product.carousel.slide")}
                aria-label={_("product.carousel.position", { index: index + 1, count: products.length })}
                inert={!shown(index)}
              >
                <ProductCard product={product} headingLevel={3} sizes="(max-width: 767px) 90vw, 360px" />
              </div>
            ))}
          </div>
        </div>
        {count > 1 && (
          <div className="related-products__controls">
            <button type="button" className="product-carousel-arrow product-carousel-arrow--inline" onClick={prev} disabled={!canPrev} aria-label={_("product.related.previous")}>
              <Chevron direction="left" />
            </button>
            <div className="product-carousel-dots product-carousel-dots--inline">
              {Array.from({ length: count }, (_unused, index) => (
                <button
                  type="button"
                  key={index}
                  className="product-carousel-dot"
                  aria-label={_("product.related.goTo", { index: index + 1, count })}
                  aria-current={index === selected ? "true" : undefined}
                  onClick={() => goTo(index)}
                />
              ))}
            </div>
            <button type="button" className="product-carousel-arrow product-carousel-arrow--inline" onClick={next} disabled={!canNext} aria-label={_("product.related.next")}>
              <Chevron direction="right" />
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
