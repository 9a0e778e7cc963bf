// The enlarged pictures of the product, in the shop's modal dialog opened at the picture clicked
// (focus kept inside, Escape closes, focus goes back). Loaded on demand (React.lazy): it is not
// part of the page's first bundle.
import { useLingui } from "@lingui/react";
import useEmblaCarousel from "embla-carousel-react";
import { useEffect } from "react";
import { Modal } from "../../ui/modal.tsx";
import { Chevron } from "./chevron.tsx";
import { useCarouselControls } from "./use-carousel.ts";
import type { GalleryItem } from "./variant-selection.ts";

interface ProductLightboxProps {
  items: GalleryItem[];
  startIndex: number;
  onClose: () => void;
}

export default function ProductLightbox({ items, startIndex, onClose }: ProductLightboxProps) {
  const { _ } = useLingui();
  const several = items.length > 1;
  const [viewport, api] = useEmblaCarousel({ loop: several, startIndex, watchDrag: several });
  const { selected, prev, next } = useCarouselControls(api);
  const current = items[selected] ?? items[startIndex];

  // A video keeps playing only while its slide is shown.
  useEffect(() => {
    api?.slideNodes().forEach((slide, index) => {
      if (index !== selected) slide.querySelector("video")?.pause();
    });
  }, [api, selected]);

  // The arrow keys turn the pictures, except where a video uses them to seek.
  useEffect(() => {
    if (!several) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLVideoElement || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === "ArrowLeft") prev();
      else if (event.key === "ArrowRight") next();
      else return;
      event.preventDefault();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [several, prev, next]);

  return (
    <Modal
      open
      onClose={onClose}
      variant="sheet"
      className="product-lightbox"
      closeLabel={_("product.lightbox.close")}
      title={
        <>
          {current?.title}
          {several && (
            <span className="product-lightbox__count" aria-live="polite">
              {" "}
              {_("product.carousel.position", { index: selected + 1, count: items.length })}
            </span>
          )}
        </>
      }
    >
      <div className="product-lightbox__viewport" ref={viewport}>
        <div className="product-lightbox__track">
          {items.map((item, index) => (
            <div className="product-lightbox__slide" key={item.id} inert={index !== selected}>
              {item.url ? (
                <video controls preload="metadata" poster={item.srcLarge} src={item.url} aria-label={item.title} />
              ) : (
                <img src={item.srcLarge} alt={item.title} width={1440} height={1440} decoding="async" />
              )}
            </div>
          ))}
        </div>
      </div>
      {several && (
        <>
          <button type="button" className="product-carousel-arrow product-carousel-arrow--prev product-lightbox__arrow" onClick={prev} aria-label={_("product.gallery.previous")}>
            <Chevron direction="left" />
          </button>
          <button type="button" className="product-carousel-arrow product-carousel-arrow--next product-lightbox__arrow" onClick={next} aria-label={_("product.gallery.next")}>
            <Chevron direction="right" />
          </button>
        </>
      )}
    </Modal>
  );
}
