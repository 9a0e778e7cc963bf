// The shell the server painted before the app's script ran (server/modules/web/first-paint.ts), and
// how the app takes it over. Its header gives way to the app's in the same frame as the app's
// header (or a page of a layout without one) is in #root. Its consent banner stays, its buttons
// working, until the app's own banner is on screen (that code loads just after the first render:
// src/features/consent/consent-banner.tsx) or the visitor has decided. Until then its presses are
// the app's: one made before the script ran, and every one after, is sent to the consent machine;
// one still held down when the app's banner takes its place ends on that banner's same button.
import { FIRST_PAINT_ELEMENT_ID } from "../../common/first-paint.ts";
import type { Consent } from "./consent.tsx";

const FIRST_PAINT_EVENTS = ["consent.acceptAll", "consent.refuseAll", "consent.choose"] as const;

export function takeOverFirstPaint(container: HTMLElement, consent: Consent) {
  const firstPaint = document.getElementById(FIRST_PAINT_ELEMENT_ID);
  if (!firstPaint) return;
  const press = (type: string | undefined) => {
    const event = FIRST_PAINT_EVENTS.find((known) => known === type);
    if (event) consent.actor.send({ type: event });
  };
  press(firstPaint.dataset.consentEvent);
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-consent-event]") : null;
    if (button) press(button.dataset.consentEvent);
  };
  // The page's own listener (before the script ran) stops keeping presses: they are sent from now on.
  firstPaint.addEventListener("click", onClick, { capture: true });
  firstPaint.addEventListener("click", (event) => event.stopImmediatePropagation(), { capture: true });
  // The painted header gives way once the app's header (or a page without one) is in #root: a
  // first commit of a pending layout alone would leave a frame without a logo.
  const observer = new MutationObserver(() => {
    if (!container.querySelector(".brand-logo, main")) return;
    observer.disconnect();
    if (!firstPaint.querySelector(".consent")) {
      firstPaint.remove();
      return;
    }
    firstPaint.querySelector(".site-header")?.remove();
    // What is left is the banner, fixed to the bottom of the screen: the wrapper takes no room.
    firstPaint.style.display = "contents";
  });
  observer.observe(container, { childList: true, subtree: true });
}

/** Removes what is left of the first paint when no banner is to be (the visitor has decided): a
 *  painted button that had the focus hands it to the page's main content, as the app's banner does.
 *  The app's own banner takes over with `handFirstPaintTo` (first-paint-handoff.ts, loaded with it). */
export function removeFirstPaint() {
  const firstPaint = document.getElementById(FIRST_PAINT_ELEMENT_ID);
  if (!firstPaint) return;
  const hadFocus = firstPaint.contains(document.activeElement);
  firstPaint.remove();
  if (hadFocus) document.getElementById("main")?.focus({ preventScroll: true });
}
