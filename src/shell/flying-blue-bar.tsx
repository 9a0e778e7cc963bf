// The bar above the header of the customers of two groups (SPEC §2 header): Flying blue members see
// their name and miles balance, Empowerment customers their money pot. Loaded apart from the start,
// once such a customer is signed in (src/shell/language-layout.tsx): the others never download it.
import { useLingui } from "@lingui/react";
import { useContext } from "react";
import { SessionContext } from "../app/session.ts";
import { useLang } from "../i18n/use-lang.ts";
import { MoneyPotBar } from "./money-pot-bar.tsx";

export function CustomerTopBar() {
  const { _ } = useLingui();
  const lang = useLang();
  const customer = useContext(SessionContext)?.customer;
  if (customer?.customerGroup === "EMPOWERMENT") return <MoneyPotBar />;
  if (customer?.customerGroup !== "FLYING_BLUE") return null;
  const miles = new Intl.NumberFormat(lang === "en" ? "en-GB" : "fr-FR").format(customer.miles ?? 0);
  return (
    <aside className="flying-blue-bar" aria-label={_("layout.flyingBlue.label")}>
      <p className="flying-blue-bar__text container">
        {_("layout.flyingBlue.greeting", { firstName: customer.firstName, lastName: customer.lastName, miles })}
      </p>
    </aside>
  );
}
