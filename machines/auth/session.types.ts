// The vocabulary of the customer session (SPEC §3 client storage, §4 Authentication and Session expiry).
import type { Customer, CustomerGroup } from "./auth.types.ts";

export type { Customer, CustomerGroup };

/** What the app found in the token cookie at start. */
type StoredToken = "none" | "present" | "unreadable";

export interface SessionInput {
  stored: StoredToken;
}

/** The session keeps whether someone is signed in (its state), not the customer: the app's query
 *  cache holds them, written through `writeCustomer` and emptied through `removeCustomer`. */
export interface SessionContext {
  /** What the token cookie held at start. */
  stored: StoredToken;
}

export type SessionEvent =
  /** The sign-in dialog signed a customer in. */
  | { type: "session.signedIn"; customer: Customer }
  | { type: "session.signOut" }
  /** An API call answered 401 (other than sign-in and one-time code). */
  | { type: "session.expired" };

export type SessionTag = "loading";

/** A notification the session asks the app to show. */
export interface SessionNotification {
  kind: "danger";
  messageId: "errors.unauthorized" | "errors.server.access";
}
