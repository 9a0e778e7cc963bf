// An embla carousel that starts once the browser has laid its slides out, with embla's code loaded
// then. Until it starts, the slides are what the style sheet lays out (the first slide shown).
//
// Embla measures the slides when it starts; started from the effects of the render that mounted
// them, that measure forces the layout of the whole new page inside the same task, which blocks
// the main thread for a long while on a phone. The first report of an IntersectionObserver comes
// after the browser has laid the page out (and, with the margin, before a carousel below the fold
// comes into view), and embla's code is then not part of what a page loads before it answers.
//
// Each step (the viewport mounted, laid out, embla started) re-renders the carousel's component in
// the background (a transition, rendered in short slices): set from the commit or from an
// observer, it would otherwise re-render it at once, in one long task, while the page starts.
import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import { startTransition, useCallback, useEffect, useState } from "react";
import { reportLoadFailure } from "./chunk-load.ts";

/** How far outside the screen a carousel starts, so that it is ready when it scrolls in. */
const START_MARGIN = "200px";

/** The viewport's ref, and embla's API once started. Options are plain values; a change restarts
 *  the carousel. */
export function useLaidOutCarousel(options: EmblaOptionsType = {}): [(node: HTMLElement | null) => void, EmblaCarouselType | undefined] {
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [laidOut, setLaidOut] = useState(false);
  const [api, setApi] = useState<EmblaCarouselType>();
  const optionsKey = JSON.stringify(options);
  const viewportRef = useCallback((viewport: HTMLElement | null) => startTransition(() => setNode(viewport)), []);

  useEffect(() => {
    if (!node || laidOut) return;
    if (typeof IntersectionObserver === "undefined") {
      setLaidOut(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        startTransition(() => setLaidOut(true));
      },
      { rootMargin: START_MARGIN },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, laidOut]);

  useEffect(() => {
    if (!laidOut || !node) return;
    let carousel: EmblaCarouselType | undefined;
    let stopped = false;
    import("embla-carousel")
      .then(({ default: EmblaCarousel }) => {
        if (stopped) return;
        const started = EmblaCarousel(node, JSON.parse(optionsKey) as EmblaOptionsType);
        carousel = started;
        startTransition(() => setApi(started));
      })
      // Without embla (its code could not be loaded), the first slide stays shown.
      .catch(reportLoadFailure);
    return () => {
      stopped = true;
      carousel?.destroy();
      setApi(undefined);
    };
  }, [laidOut, node, optionsKey]);

  return [viewportRef, api];
}
