// The signed-in customer in the query cache: what the account pages, the header and the guards read.
// The session machine (machines/auth) writes the customer it restored or was given here
// (`writeCustomer`) and empties it when the session ends (`removeCustomer`); a view that saved the
// profile or the address book writes the customer the server answered.
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { components } from "../../../common/api/schema.gen.ts";
import { unwrap, type ApiClient } from "../client.ts";

export type Customer = components["schemas"]["Customer"];

const customerKeys = {
  me: ["customer", "me"] as const,
};

/** The signed-in customer: asked of the server only if the cache has none (the session wrote it). */
export function customerQuery(api: ApiClient) {
  return queryOptions({
    queryKey: customerKeys.me,
    queryFn: ({ signal }) => unwrap(api.GET("/customers/me", { signal })),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function writeCustomer(queryClient: QueryClient, customer: Customer): void {
  queryClient.setQueryData(customerKeys.me, customer);
}

export function removeCustomer(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: customerKeys.me });
}
