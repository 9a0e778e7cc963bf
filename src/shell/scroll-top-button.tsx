// The "back to top" button of the minimal layouts: it appears once the page has scrolled past a
// threshold; the position is sampled at a fixed rate rather than on every scroll event.
import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";

/** Scroll distance after which the button appears (SPEC §9). */
const SCROLL_TOP_THRESHOLD_PX = 300;
/** How often the scroll position is read while the page scrolls (SPEC §9). */
export const SCROLL_SAMPLE_MS = 100;

export function ScrollTopButton() {
  const { _ } = useLingui();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let timer: number | undefined;
    const sample = () => {
      timer = undefined;
      setVisible(window.scrollY > SCROLL_TOP_THRESHOLD_PX);
    };
    const onScroll = () => {
      timer ??= window.setTimeout(sample, SCROLL_SAMPLE_MS);
    };
    sample();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.clearTimeout(timer);
    };
  }, []);

  if (!visible) return null;
  const toTop = () => {
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
    document.getElementById("main")?.focus({ preventScroll: true });
  };
  return (
    <button type="button" className="scroll-top" onClick={toTop}>
      <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 19V5M6 11l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="visually-hidden">{_("layout.scrollTop")}</span>
    </button>
  );
}
