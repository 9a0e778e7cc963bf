// The home page carousel: the slides meant for this shop, looping, advancing every 8 s. It pauses
// while hovered or focused, and for good with its pause button (or when the visitor prefers
// reduced motion); arrows, dots, keyboard and swipe move it by hand.
import { useLingui } from "@lingui/react";
import { useCallback, useEffect, useId, useState, type FocusEvent, type KeyboardEvent } from "react";
import type { HomeSlide } from "../../api/queries/catalog.ts";
import { AppLink } from "../../app/app-link.tsx";
import { useLocaliseLink } from "../../ui/localise-link.ts";
import { useLaidOutCarousel } from "../../ui/use-laid-out-carousel.ts";

const HOME_SLIDER_AUTOPLAY_MS = 8000;
/** The website name slides target for this shop. */
const HOME_SLIDER_TARGET = "main";

/** Intrinsic sizes of the slide pictures: desktop 8:3, mobile square. */
const DESKTOP_SIZE = { width: 1600, height: 600 };
const MOBILE_SIZE = { width: 800, height: 800 };

/** The slides shown here: enabled and meant for this shop. */
export const shownSlides = (slides: readonly HomeSlide[]) =>
  slides.filter((slide) => slide.enabled && slide.targets.includes(HOME_SLIDER_TARGET));

const prefersReducedMotion = () => typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

export function HomeSlider({ slides }: { slides: readonly HomeSlide[] }) {
  const { _ } = useLingui();
  const localise = useLocaliseLink();
  const several = slides.length > 1;
  const [viewportRef, embla] = useLaidOutCarousel({ loop: several, duration: 30 });
  const [selected, setSelected] = useState(0);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const running = several && playing && !hovered && !focused;
  const slidesId = useId();

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on("select", onSelect).on("reInit", onSelect);
    return () => {
      embla.off("select", onSelect).off("reInit", onSelect);
    };
  }, [embla]);

  // One timer per shown slide: moving by hand starts the count again.
  useEffect(() => {
    if (!embla || !running) return;
    const timer = window.setTimeout(() => embla.scrollNext(), HOME_SLIDER_AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [embla, running, selected]);

  const previous = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);

  // Arrow keys move the slides from the controls only: focus never stays in a slide that leaves.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "ArrowLeft") previous();
    else if (event.key === "ArrowRight") next();
    else return;
    event.preventDefault();
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  if (slides.length === 0) return null;

  return (
    <section
      className="home-slider"
      aria-roledescription={_("home.slider.roleDescription")}
      aria-label={_("home.slider.label")}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      {several && (
        <button
          type="button"
          className="home-slider__pause"
          aria-pressed={!playing}
          aria-label={playing ? _("home.slider.pause") : _("home.slider.play")}
          onClick={() => setPlaying(!playing)}
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
        </button>
      )}
      <div className="home-slider__viewport" ref={viewportRef}>
        <div className="home-slider__track" id={slidesId} aria-live={running ? "off" : "polite"}>
          {slides.map((slide, index) => (
            <div
              key={slide.id}
              className="home-slider__slide"
              role="group"
              aria-roledescription={_("home.slider.slideRoleDescription")}
              aria-label={_("home.slider.slideLabel", { index: index + 1, count: slides.length })}
              inert={index !== selected}
            >
              <picture className="home-slider__picture">
                <source media="(max-width: 767px)" srcSet={slide.image.mobile.url} {...MOBILE_SIZE} />
                <img
                  src={slide.image.desktop.url}
                  {...DESKTOP_SIZE}
                  alt=""
                  loading={index === 0 ? "eager" : "lazy"}
                  fetchPriority={index === 0 ? "high" : "auto"}
                  decoding={index === 0 ? "auto" : "async"}
                />
              </picture>
              <div className="home-slider__content">
                <h2 className="home-slider__title">{slide.title}</h2>
                <p className="home-slider__description">{slide.description}</p>
                <AppLink href={localise(slide.link)} className="button">
                  {slide.label}
                </AppLink>
              </div>
            </div>
          ))}
        </div>
      </div>
      {several && (
        <div className="home-slider__nav" onKeyDown={onKeyDown}>
          <button type="button" className="home-slider__arrow" aria-controls={slidesId} aria-label={_("home.slider.previous")} onClick={previous}>
            <ChevronIcon direction="left" />
          </button>
          <ul className="home-slider__dots">
            {slides.map((slide, index) => (
              <li key={slide.id}>
                <button
                  type="button"
                  className="home-slider__dot"
                  aria-controls={slidesId}
                  aria-current={index === selected ? "true" : undefined}
                  aria-label={_("home.slider.goTo", { index: index + 1, title: slide.title })}
                  onClick={() => embla?.scrollTo(index)}
                />
              </li>
            ))}
          </ul>
          <button type="button" className="home-slider__arrow" aria-controls={slidesId} aria-label={_("home.slider.next")} onClick={next}>
            <ChevronIcon direction="right" />
          </button>
        </div>
      )}
    </section>
  );
}

/** Space the slider takes while its slides load, so that nothing below it moves. */
export function HomeSliderPlaceholder() {
  return <div className="home-slider home-slider--placeholder" aria-hidden="true" />;
}

function PauseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <rect x="6" y="5" width="4" height="14" rx="1" fill="currentColor" />
      <rect x="14" y="5" width="4" height="14" rx="1" fill="currentColor" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M8 5v14l11-7z" fill="currentColor" />
    </svg>
  );
}

function ChevronIcon({ direction }: { direction: "left" | "right" }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d={direction === "left" ? "M15 5l-7 7 7 7" : "M9 5l7 7-7 7"}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
