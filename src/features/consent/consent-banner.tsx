// The cookie consent banner: until the visitor decides, it offers to accept all, refuse all
// (equally prominent) or choose category by category; the cookie page can reopen the choice.
// It is not a modal: the page stays usable, and it comes first in the reading order. Its region
// (consent-region.tsx) loads just after the app's first render: until then, the banner the server
// painted with the page stays, its buttons working (src/app/first-paint.ts); the style sheet,
// which both use, comes with the shell.
import { useLayoutEffect } from "react";
import { isBannerShown, isPanelOpen } from "../../../machines/cookie-consent/cookie-consent.selectors.ts";
import { useConsentChoices, useConsentState } from "../../app/consent.tsx";
import { removeFirstPaint } from "../../app/first-paint.ts";
import { lazyPart, LazyPart, useAfterFirstRender } from "../../app/lazy-part.tsx";
import { withTexts } from "../../i18n/i18n.ts";
import "./consent.css";

// Its texts (the categories) come with the footer's, which every page loads after its first render.
const ConsentRegion = lazyPart(() => withTexts(import("./consent-region.tsx"), "browsing").then((module) => module.ConsentRegion));

export function ConsentBanner() {
  // Until the consent machine has loaded, the cookie answers: no decision means the banner shows.
  const undecided = useConsentChoices() === null;
  const shown = useConsentState(isBannerShown, undecided);
  const choosing = useConsentState(isPanelOpen, false);
  const rendered = useAfterFirstRender();
  const wanted = shown || choosing;
  // Decided (also by a press on the server's banner before the app ran): no banner at all.
  useLayoutEffect(() => {
    if (!wanted) removeFirstPaint();
  }, [wanted]);
  // Its code cannot be loaded (offline): the server's banner, if there is one, stays and works.
  return wanted && rendered ? (
    <LazyPart>
      <ConsentRegion choosing={choosing} />
    </LazyPart>
  ) : null;
}
