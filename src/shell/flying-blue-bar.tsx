// The top-bar greeting of Flying blue members (SPEC §2 header): their name and miles balance,
// above the header, for a signed-in customer of that group only. Empowerment customers see their
// money pot there instead, a part loaded for them only.
import { useLingui } from "@lingui/react";
import { useContext } from "react";
import { LazyPart } from "../app/lazy-part.tsx";
import { SessionContext } from "../app/session.ts";
import { useLang } from "../i18n/use-lang.ts";
import { MoneyPotBar } from "./lazy-parts.ts";

const FLYING_BLUE = "FLYING_BLUE";

export function FlyingBlueBar() {
  const { _ } = useLingui();
  const lang = useLang();
  // The layout also renders where no session is provided (before the auth flow is assembled).
  const customer = useContext(SessionContext)?.customer;
  if (customer?.customerGroup === "EMPOWERMENT") {
    return (
      <LazyPart>
        <MoneyPotBar />
      </LazyPart>
    );
  }
  if (!customer || customer.customerGroup !== FLYING_BLUE) return null;
  const miles = new Intl.NumberFormat(lang === "en" ? "en-GB" : "fr-FR").format(customer.miles ?? 0);
  return (
    <aside className="flying-blue-bar" aria-label={_("layout.flyingBlue.label")}>
      <p className="flying-blue-bar__text container">
        {_("layout.flyingBlue.greeting", { firstName: customer.firstName, lastName: customer.lastName, miles })}
      </p>
    </aside>
  );
}
