// The crew member's money pot of the month on the empowerment checkout: the budget, what was spent,
// what is left; or that no budget is set this month (nothing can then be ordered).
import { useLingui } from "@lingui/react";
import type { UseQueryResult } from "@tanstack/react-query";
import { isMoneyPotMissing, type MoneyPot } from "../../../api/queries/money-pot.ts";
import { formatPrice } from "../../../i18n/format.ts";
import { useLang } from "../../../i18n/use-lang.ts";

export function MoneyPotPanel({ pot, toPay }: { pot: UseQueryResult<MoneyPot>; toPay: number }) {
  const { _ } = useLingui();
  const lang = useLang();
  if (pot.isPending) {
    return (
      <p className="money-pot-panel" role="status" aria-busy="true">
        {_("checkout.loading")}
      </p>
    );
  }
  if (pot.isError) {
    return (
      <p className="money-pot-panel money-pot-panel--none" role="alert">
        {isMoneyPotMissing(pot.error) ? _("empowerment.pot.none") : _("errors.server.access")}
      </p>
    );
  }
  const { budgetAmount, spentAmount, remainingAmount } = pot.data;
  return (
    <div className="money-pot-panel">
      <h3>{_("empowerment.pot.title")}</h3>
      <dl className="cart-totals">
        <div className="cart-totals__row">
          <dt>{_("empowerment.pot.budget")}</dt>
          <dd>{formatPrice(budgetAmount, lang)}</dd>
        </div>
        <div className="cart-totals__row">
          <dt>{_("empowerment.pot.spent")}</dt>
          <dd>{formatPrice(spentAmount, lang)}</dd>
        </div>
        <div className="cart-totals__row cart-totals__row--total">
          <dt>{_("empowerment.pot.remaining")}</dt>
          <dd>{formatPrice(remainingAmount, lang)}</dd>
        </div>
      </dl>
      {toPay > remainingAmount && <p className="money-pot-panel__warning">{_("empowerment.pot.notEnough", { remaining: formatPrice(remainingAmount, lang) })}</p>}
    </div>
  );
}
