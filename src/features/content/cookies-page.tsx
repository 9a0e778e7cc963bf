// The cookie management page: what the shop stores and why, the visitor's current choice per
// category, and a way to change it (the consent panel opens with the current choices).
import { useLingui } from "@lingui/react";
import { useId } from "react";
import { isPanelOpen } from "../../../machines/cookie-consent/cookie-consent.selectors.ts";
import { useConsentChoices, useConsentState, type ConsentCategory } from "../../app/consent.tsx";
import { CONSENT_CATEGORIES, useConsentSend } from "../../app/use-consent.ts";
import { useShopContext } from "../../app/shop-context.ts";
import { useSeo } from "../../ui/use-seo.ts";
import "./cookies-page.css";

/** What the shop itself keeps in the browser, which it cannot work without. */
const NECESSARY_STORAGE = ["session", "cart", "consent"] as const;

export function CookiesPage() {
  const { _ } = useLingui();
  const send = useConsentSend();
  const headingId = useId();
  const choices = useConsentChoices();
  const choosing = useConsentState(isPanelOpen, false);
  const { config } = useShopContext();
  useSeo({ title: `${_("cookies.title")} – ${config.brandName}`, description: _("cookies.intro") });

  const change = () => {
    if (choosing) {
      document.querySelector<HTMLInputElement>(".consent__choices input:not([disabled])")?.focus();
      return;
    }
    send({ type: choices === null ? "consent.choose" : "consent.reopen" });
  };

  const status = (category: ConsentCategory) =>
    choices === null ? _("cookies.status.undecided") : choices[category] ? _("cookies.status.allowed") : _("cookies.status.refused");

  return (
    <article className="cookies-page container">
      <h1>{_("cookies.title")}</h1>
      <p>{_("cookies.intro")}</p>

      <section aria-labelledby={`${headingId}-necessary`}>
        <h2 id={`${headingId}-necessary`}>{_("consent.category.necessary")}</h2>
        <p>{_("cookies.necessary.text")}</p>
        <ul>
          {NECESSARY_STORAGE.map((item) => (
            <li key={item}>{_(`cookies.necessary.${item}`)}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={`${headingId}-choices`}>
        <h2 id={`${headingId}-choices`}>{_("cookies.choices.title")}</h2>
        <dl className="cookies-page__choices">
          {CONSENT_CATEGORIES.map((category) => (
            <div key={category} className="cookies-page__choice">
              <dt>{_(`consent.category.${category}`)}</dt>
              <dd>{_(`consent.category.${category}.description`)}</dd>
              <dd className={`cookies-page__status${choices?.[category] ? " cookies-page__status--allowed" : ""}`}>{status(category)}</dd>
            </div>
          ))}
        </dl>
        <p>{_("cookies.choices.duration")}</p>
        <button type="button" className="button" onClick={change}>
          {_("cookies.change")}
        </button>
      </section>
    </article>
  );
}
