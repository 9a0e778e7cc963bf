// The money pot of a signed-in Empowerment customer, above the header (where Flying blue members see
// their miles): what is left of this month's budget. Loaded apart from the start, for that group only
// (src/shell/flying-blue-bar.tsx); asked again after each empowerment order.
import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { isMoneyPotMissing, moneyPotQuery } from "../api/queries/money-pot.ts";
import { useShopContext } from "../app/shop-context.ts";
import { formatPrice } from "../i18n/format.ts";
import { useLang } from "../i18n/use-lang.ts";

export function MoneyPotBar() {
  const { _ } = useLingui();
  const lang = useLang();
  const { api } = useShopContext();
  const pot = useQuery(moneyPotQuery(api));
  let text: string | null = null;
  if (pot.data) text = _("empowerment.pot.header", { remaining: formatPrice(pot.data.remainingAmount, lang), budget: formatPrice(pot.data.budgetAmount, lang) });
  else if (pot.isError && isMoneyPotMissing(pot.error)) text = _("empowerment.pot.headerNone");
  if (text === null) return null;
  return (
    <aside className="flying-blue-bar money-pot-bar" aria-label={_("empowerment.pot.label")}>
      <p className="flying-blue-bar__text container">{text}</p>
    </aside>
  );
}
