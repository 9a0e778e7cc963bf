// The signed-in customer as the views see it. The auth flow (machines/auth) provides it through
// `SessionContext`; pages and parts read it with `useSession()`.
import { createContext, useContext } from "react";
import type { components } from "../../common/api/schema.gen.ts";

export type Customer = components["schemas"]["Customer"];

export interface Session {
  /** `restoring` while a stored token is being checked at start. */
  status: "restoring" | "anonymous" | "signedIn";
  customer: Customer | null;
  /** Opens the login modal (personal tab). */
  openLogin(): void;
  /** The customer changed (profile saved, address book edited): what the views show is updated. */
  customerChanged(customer: Customer): void;
  signOut(): void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession() needs the SessionContext provider (src/main.tsx)");
  return session;
}
