// GET empowerment/money-pot/current: the signed-in Empowerment customer's budget of the month (SPEC
// §7), what was spent and what is left, in cents. No budget this month answers 404 MONEY_POT_NOT_FOUND,
// which the views show as such (not retried).
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { components } from "../../../common/api/schema.gen.ts";
import { isApiError, unwrap, type ApiClient } from "../client.ts";

export type MoneyPot = components["schemas"]["MoneyPot"];

const moneyPotKey = ["empowerment", "money-pot", "current"] as const;

export function moneyPotQuery(api: ApiClient) {
  return queryOptions({
    queryKey: moneyPotKey,
    queryFn: ({ signal }) => unwrap(api.GET("/empowerment/money-pot/current", { signal })),
  });
}

/** No budget is set for this month (the answer of the pot's query). */
export function isMoneyPotMissing(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** What is left changed (an order was placed or refused): the pot is asked again wherever it shows. */
export function refreshMoneyPot(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: moneyPotKey });
}
