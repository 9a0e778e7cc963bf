// The session once a stored one has been checked: what the route guards and the checkout wait for.
import { selectStatus } from "../../machines/auth/session.selectors.ts";
import { customerQuery } from "../api/queries/customer.ts";
import type { Customer } from "./session.ts";
import type { Auth } from "./session-provider.tsx";

export type SettledSession = { status: "anonymous"; customer: null } | { status: "signedIn"; customer: Customer };

/** Signed in with the customer, or anonymous, once the session machine has settled. */
export async function settledSession(auth: Auth): Promise<SettledSession> {
  const [actor, { waitFor }] = await Promise.all([auth.session.load(), import("xstate")]);
  const snapshot = await waitFor(actor, (state) => selectStatus(state) !== "restoring");
  if (selectStatus(snapshot) !== "signedIn") return { status: "anonymous", customer: null };
  // The session wrote the customer into the cache as it signed them in.
  const customer = await auth.queryClient.ensureQueryData(customerQuery(auth.api)).catch(() => null);
  return customer ? { status: "signedIn", customer } : { status: "anonymous", customer: null };
}
