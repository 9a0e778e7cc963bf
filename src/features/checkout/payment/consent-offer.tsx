// The payment step without the 'payment' consent: why the provider's component needs it, and the
// consent given here as on the cookie settings page.
import { useLingui } from "@lingui/react";
import { Link } from "@tanstack/react-router";
import { pagePath } from "../../../../common/pages.ts";
import { useLang } from "../../../i18n/use-lang.ts";

export function ConsentOffer({ onAllow }: { onAllow: () => void }) {
  const { _ } = useLingui();
  const lang = useLang();
  return (
    <div className="payment-consent">
      <p>{_("payment.consent.text")}</p>
      <p>
        <button type="button" className="button" onClick={onAllow}>
          {_("payment.consent.allow")}
        </button>
      </p>
      <p>
        <Link to={pagePath("cookies", lang)}>{_("payment.consent.settings")}</Link>
      </p>
    </div>
  );
}
