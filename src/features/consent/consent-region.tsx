// The cookie consent banner's region: the three answers, and the panel to choose category by
// category. Its code loads just after the app's first render (consent-banner.tsx); until then the
// banner the server painted stands in for it, its buttons working (src/app/first-paint.ts).
import { useLingui } from "@lingui/react";
import { Link } from "@tanstack/react-router";
import { useEffect, useId, useLayoutEffect, useRef } from "react";
import { canCancelChoice, isDraftAllowed } from "../../../machines/cookie-consent/cookie-consent.selectors.ts";
import { useConsentState, type ConsentCategory } from "../../app/consent.tsx";
import { CONSENT_CATEGORIES, useConsentSend } from "../../app/use-consent.ts";
import { handFirstPaintTo } from "../../app/first-paint-handoff.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { pagePath } from "../../../common/pages.ts";

export function ConsentRegion({ choosing }: { choosing: boolean }) {
  const { _ } = useLingui();
  const lang = useLang();
  const send = useConsentSend();
  const titleId = useId();
  const panelRef = useRef<HTMLFieldSetElement>(null);
  const regionRef = useRef<HTMLElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  // In the frame this banner first paints, the server's gives way to it.
  useLayoutEffect(() => handFirstPaintTo(regionRef.current), []);

  // Opening the panel moves the focus to its first switch; the element that had the focus before
  // gets it back once the decision is made (the banner then disappears).
  useEffect(() => {
    if (!choosing) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && !regionRef.current?.contains(active) && active !== document.body) returnTo.current = active;
    panelRef.current?.querySelector<HTMLInputElement>("input:not([disabled])")?.focus();
  }, [choosing]);
  // The page keeps room for the banner, so that nothing (a focused field) can hide under it.
  useEffect(() => {
    const region = regionRef.current;
    if (!region) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty("--consent-height", `${region.offsetHeight}px`));
    observer.observe(region);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--consent-height");
    };
  }, []);

  const decided = useRef(false);
  useEffect(
    () => () => {
      if (!decided.current) return;
      const target = returnTo.current?.isConnected ? returnTo.current : document.getElementById("main");
      target?.focus({ preventScroll: true });
    },
    [],
  );
  const cancellable = useConsentState(canCancelChoice, false);
  const decide = (type: "consent.acceptAll" | "consent.refuseAll" | "consent.save" | "consent.cancel") => {
    decided.current = true;
    send({ type });
  };

  return (
    <section ref={regionRef} className="consent" aria-labelledby={titleId}>
      <div className="consent__inner container">
        <h2 id={titleId} className="consent__title">
          {_("consent.title")}
        </h2>
        <p className="consent__text">
          {_("consent.intro")} <Link to={pagePath("cookies", lang)}>{_("consent.learnMore")}</Link>
        </p>
        {choosing && (
          <fieldset ref={panelRef} className="consent__choices">
            <legend className="visually-hidden">{_("consent.choices")}</legend>
            <div className="consent__choice">
              <input type="checkbox" role="switch" id={`${titleId}-necessary`} checked disabled />
              <label htmlFor={`${titleId}-necessary`}>
                <strong>{_("consent.category.necessary")}</strong>
                <span>{_("consent.category.necessary.description")}</span>
              </label>
            </div>
            {CONSENT_CATEGORIES.map((category) => (
              <ConsentSwitch key={category} category={category} id={`${titleId}-${category}`} />
            ))}
          </fieldset>
        )}
        <div className="consent__actions">
          <button type="button" className="button button--light" onClick={() => decide("consent.refuseAll")}>
            {_("consent.refuseAll")}
          </button>
          {choosing ? (
            <button type="button" className="button button--outline-light" onClick={() => decide("consent.save")}>
              {_("consent.save")}
            </button>
          ) : (
            <button type="button" className="button button--outline-light" onClick={() => send({ type: "consent.choose" })}>
              {_("consent.choose")}
            </button>
          )}
          <button type="button" className="button button--light" onClick={() => decide("consent.acceptAll")}>
            {_("consent.acceptAll")}
          </button>
          {cancellable && (
            <button type="button" className="button button--outline-light" onClick={() => decide("consent.cancel")}>
              {_("consent.cancel")}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

function ConsentSwitch({ category, id }: { category: ConsentCategory; id: string }) {
  const { _ } = useLingui();
  const send = useConsentSend();
  const allowed = useConsentState((snapshot) => isDraftAllowed(snapshot, category), false);
  return (
    <div className="consent__choice">
      <input type="checkbox" role="switch" id={id} checked={allowed} onChange={() => send({ type: "consent.toggle", category })} />
      <label htmlFor={id}>
        <strong>{_(`consent.category.${category}`)}</strong>
        <span>{_(`consent.category.${category}.description`)}</span>
      </label>
    </div>
  );
}
