// GET empowerment/setup: the employee programme's budgets from the current month on (SPEC §2
// /configure-empowerment), soonest first, each with the staff numbers it covers; administrators only.
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { components } from "../../../common/api/schema.gen.ts";
import { unwrap, type ApiClient } from "../client.ts";

export type EmpowermentSetup = components["schemas"]["EmpowermentSetup"];

const setupsKey = ["empowerment", "setups"] as const;

export function empowermentSetupsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: setupsKey,
    queryFn: ({ signal }) => unwrap(api.GET("/empowerment/setup", { signal })),
  });
}

/** A setup was saved: the list is asked again. */
export function refreshEmpowermentSetups(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: setupsKey });
}
