// The product's pictures (SPEC §4): one is shown plainly; several make a looping slider with
// arrows and dots. A picture opens the lightbox at its index; the lightbox code loads on demand.
import { useLingui } from "@lingui/react";
import { useRef, useState, type KeyboardEvent } from "react";
import { Chevron } from "./chevron.tsx";
import { useCarouselControls } from "./use-carousel.ts";
import type { GalleryItem } from "./variant-selection.ts";
import { LazyDialog, lazyPart } from "../../app/lazy-part.tsx";
import { useLaidOutCarousel } from "../../ui/use-laid-out-carousel.ts";

const ProductLightbox = lazyPart(() => import("./product-lightbox.tsx").then((module) => module.default));

interface ProductGalleryProps {
  items: GalleryItem[];
  productName: string;
}

export function ProductGallery({ items, productName }: ProductGalleryProps) {
  const { _ } = useLingui();
  const [openAt, setOpenAt] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  const open = (index: number, trigger: HTMLElement) => {
    opener.current = trigger;
    setOpenAt(index);
  };
  const close = () => {
    setOpenAt(null);
    opener.current?.focus();
  };

  return (
    <section className="product-gallery" aria-label={_("product.gallery.label", { name: productName })}>
      {items.length === 0 ? (
        <div className="product-gallery__empty" role="img" aria-label={_("product.gallery.none")} />
      ) : items.length === 1 && items[0] ? (
        <div className="product-gallery__single">
          <GalleryMedia item={items[0]} onOpen={(trigger) => open(0, trigger)} />
        </div>
      ) : (
        <GallerySlider items={items} onOpen={open} />
      )}
      {openAt !== null && (
        <LazyDialog onClose={close}>
          <ProductLightbox items={items} startIndex={openAt} onClose={close} />
        </LazyDialog>
      )}
    </section>
  );
}

function GallerySlider({ items, onOpen }: { items: GalleryItem[]; onOpen: (index: number, trigger: HTMLElement) => void }) {
  const { _ } = useLingui();
  const [viewport, api] = useLaidOutCarousel({ loop: true });
  const { selected, prev, next, goTo } = useCarouselControls(api);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowLeft") prev();
    else if (event.key === "ArrowRight") next();
    else return;
    event.preventDefault();
  };

  return (
    <div className="product-gallery__carousel" role="region" aria-roledescription={_("product.carousel")} aria-label={_("product.gallery.pictures")} onKeyDown={onKeyDown}>
      <div className="product-gallery__viewport" ref={viewport}>
        <div className="product-gallery__track">
          {items.map((item, index) => (
            <div
              className="product-gallery__slide"
              key={item.id}
              role="group"
              aria-roledescription={_("product.carousel.slide")}
              aria-label={_("product.carousel.position", { index: index + 1, count: items.length })}
              inert={index !== selected}
            >
              <GalleryMedia item={item} onOpen={(trigger) => onOpen(index, trigger)} eager={index === 0} />
            </div>
          ))}
        </div>
      </div>
      <button type="button" className="product-carousel-arrow product-carousel-arrow--prev" onClick={prev} aria-label={_("product.gallery.previous")}>
        <Chevron direction="left" />
      </button>
      <button type="button" className="product-carousel-arrow product-carousel-arrow--next" onClick={next} aria-label={_("product.gallery.next")}>
        <Chevron direction="right" />
      </button>
      <div className="product-carousel-dots">
        {items.map((item, index) => (
          <button
            type="button"
            key={item.id}
            className="product-carousel-dot"
            aria-label={_("product.gallery.goTo", { index: index + 1, count: items.length })}
            aria-current={index === selected ? "true" : undefined}
            onClick={() => goTo(index)}
          />
        ))}
      </div>
    </div>
  );
}

function GalleryMedia({ item, onOpen, eager = true }: { item: GalleryItem; onOpen: (trigger: HTMLElement) => void; eager?: boolean }) {
  const { _ } = useLingui();
  if (item.url) {
    return (
      <figure className="product-gallery__media product-gallery__media--video">
        <video controls preload="metadata" poster={item.srcMedium} src={item.url} aria-label={item.title} />
        <button type="button" className="product-gallery__enlarge" onClick={(event) => onOpen(event.currentTarget)}>
          {_("product.gallery.enlargeVideo")}
        </button>
      </figure>
    );
  }
  return (
    <button
      type="button"
      className="product-gallery__media product-gallery__zoom"
      onClick={(event) => onOpen(event.currentTarget)}
      aria-label={_("product.gallery.enlarge", { title: item.title })}
    >
      <img src={item.srcMedium} alt="" width={720} height={720} loading={eager ? "eager" : "lazy"} decoding="async" />
    </button>
  );
}
