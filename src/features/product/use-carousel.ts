// The state an embla carousel's controls need (selected snap, number of snaps, can scroll),
// kept in React state and updated from embla's events.
import type { UseEmblaCarouselType } from "embla-carousel-react";
import { useCallback, useEffect, useState } from "react";

type EmblaApi = UseEmblaCarouselType[1];

export interface CarouselControls {
  selected: number;
  count: number;
  canPrev: boolean;
  canNext: boolean;
  prev: () => void;
  next: () => void;
  goTo: (index: number) => void;
}

export function useCarouselControls(api: EmblaApi): CarouselControls {
  const [state, setState] = useState({ selected: 0, count: 0, canPrev: false, canNext: false });

  useEffect(() => {
    if (!api) return;
    const update = () =>
      setState({
        selected: api.selectedScrollSnap(),
        count: api.scrollSnapList().length,
        canPrev: api.canScrollPrev(),
        canNext: api.canScrollNext(),
      });
    update();
    api.on("select", update).on("reInit", update);
    return () => {
      api.off("select", update).off("reInit", update);
    };
  }, [api]);

  const prev = useCallback(() => api?.scrollPrev(), [api]);
  const next = useCallback(() => api?.scrollNext(), [api]);
  const goTo = useCallback((index: number) => api?.scrollTo(index), [api]);
  return { ...state, prev, next, goTo };
}
