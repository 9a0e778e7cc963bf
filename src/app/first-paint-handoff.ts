// The app's consent banner taking the place of the one the server painted (src/app/first-paint.ts),
// loaded with that banner: a painted button that had the focus hands it to the same button of the
// app's banner, and a press begun on one ends on its twin.
import { FIRST_PAINT_ELEMENT_ID } from "../../common/first-paint.ts";

/** Removes what is left of the first paint now that the app's banner (`banner`) is on screen. */
export function handFirstPaintTo(banner: HTMLElement | null) {
  const firstPaint = document.getElementById(FIRST_PAINT_ELEMENT_ID);
  if (!firstPaint) return;
  const painted = [...firstPaint.querySelectorAll<HTMLElement>("[data-consent-event]")];
  const focused = painted.findIndex((button) => button === document.activeElement);
  const pressed = painted.findIndex((button) => button.matches(":active"));
  firstPaint.remove();
  const twins = banner ? [...banner.querySelectorAll<HTMLElement>(".consent__actions button")] : [];
  if (pressed >= 0) finishPressOn(twins[pressed]);
  if (focused < 0) return;
  const twin = twins[focused];
  if (twin) twin.focus();
  else document.getElementById("main")?.focus({ preventScroll: true });
}

/**
 * A press begun on a painted button while the app's banner took its place: the browser sends its
 * click nowhere (the button went while the mouse button was down), so released on the same button
 * of the app's banner, it is that button's click; released anywhere else, it is dropped as usual.
 */
function finishPressOn(twin: HTMLElement | undefined) {
  if (!twin) return;
  document.addEventListener(
    "pointerup",
    (event) => {
      if (event.target instanceof Node && twin.contains(event.target)) twin.click();
    },
    { capture: true, once: true },
  );
}
