// The customer session and the sign-in dialog, app-wide: one actor of each auth machine, created once
// where the app is assembled and loaded just after the first render. The session is what
// `useSession()` (src/app/session.ts) reads; the dialog is what the login, welcome and reset modals
// show. A 401 of any call but sign-in and one-time code ends the session (SPEC §4 Session expiry).
// The signed-in customer lives in the query cache (src/api/queries/customer.ts), written by the
// session machine and by the views that save the profile or the address book.
import { useQuery, type QueryClient } from "@tanstack/react-query";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { ActorRefFrom } from "xstate";
import type { authMachine } from "../../machines/auth/auth.machine.ts";
import type { Customer, CustomerGroup } from "../../machines/auth/auth.types.ts";
import type { sessionMachine } from "../../machines/auth/session.machine.ts";
import { selectView } from "../../machines/auth/auth.selectors.ts";
import { selectStatus, type SessionStatus } from "../../machines/auth/session.selectors.ts";
import type { ApiClient } from "../api/client.ts";
import { customerQuery, writeCustomer } from "../api/queries/customer.ts";
import type { CustomerTokenStore } from "./customer-token.ts";
import { lazyActor, useLazySelector, type LazyActor } from "./lazy-actor.ts";
import type { Notifications } from "./notifications.tsx";
import { SessionContext, type Session } from "./session.ts";

export type AuthActor = ActorRefFrom<typeof authMachine>;
export type SessionActor = ActorRefFrom<typeof sessionMachine>;

/** Operations whose 401 is a wrong password or code, not an ended session (SPEC §4). */
const SIGN_IN_OPERATIONS: ReadonlySet<string> = new Set([
  "/customers/sign-in",
  "/customers/one-time-password",
  "/gpnet/sign-in",
  "/gpnet/one-time-password",
  "/habile",
]);

/** What the auth flows need of the cart (the cart's app-wide actor, once it is there). */
interface CartBridge {
  /** The anonymous cart's id, sent at sign-in so that its lines join the customer's cart. */
  storedCartId: () => string | undefined;
  signedIn: (customerGroup: CustomerGroup) => void;
  signedOut: () => void;
  notRestored: () => void;
}

export interface Auth {
  session: LazyActor<SessionActor>;
  api: ApiClient;
  queryClient: QueryClient;
  dialog: LazyActor<AuthActor>;
  tokens: CustomerTokenStore;
  /** For the API client's `onUnauthorized`. */
  unauthorized: (operation: { schemaPath: string }) => void;
}

export interface AuthOptions {
  api: ApiClient;
  tokens: CustomerTokenStore;
  queryClient: QueryClient;
  notifications: Notifications;
  cart?: CartBridge;
  sessionStorage?: Pick<Storage, "getItem" | "setItem" | "removeItem">;
}

/** Creates the session and the dialog (once, before the router); they start on first use or `load()`,
 *  with their wiring (src/app/auth-wiring.ts). */
export function createAuth({ sessionStorage = window.sessionStorage, ...options }: AuthOptions): Auth {
  const wiring = {
    ...options,
    sessionStorage,
    sendToDialog: (event: { type: "auth.open"; reloaded: true }) => dialog.send(event),
    sendToSession: (event: { type: "session.signedIn"; customer: Customer }) => session.send(event),
  };
  const session: LazyActor<SessionActor> = lazyActor(async () => (await import("./auth-wiring.ts")).startSession(wiring));
  const dialog: LazyActor<AuthActor> = lazyActor(async () => (await import("./auth-wiring.ts")).startDialog(wiring));
  const { api, queryClient, tokens } = options;
  return {
    session,
    api,
    queryClient,
    dialog,
    tokens,
    unauthorized: ({ schemaPath }) => {
      if (!SIGN_IN_OPERATIONS.has(schemaPath)) session.send({ type: "session.expired" });
    },
  };
}

const AuthContext = createContext<Auth | null>(null);

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error("useAuth() needs the SessionProvider (src/main.tsx)");
  return auth;
}

/** Provides `useSession()` and the dialog to every view. */
export function SessionProvider({ auth, children }: { auth: Auth; children: ReactNode }) {
  const initialStatus: SessionStatus = auth.tokens.initial.state === "none" ? "anonymous" : "restoring";
  const status = useLazySelector(auth.session, selectStatus, initialStatus);
  const signedIn = status === "signedIn";
  const query = useQuery({ ...customerQuery(auth.api), enabled: signedIn });
  const customer = signedIn ? (query.data ?? null) : null;
  const value = useMemo<Session>(
    () => ({
      status,
      customer,
      openLogin: () => auth.dialog.send({ type: "auth.open" }),
      customerChanged: (changed: Customer) => writeCustomer(auth.queryClient, changed),
      signOut: () => auth.session.send({ type: "session.signOut" }),
    }),
    [auth, status, customer],
  );
  return (
    <AuthContext.Provider value={auth}>
      <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
    </AuthContext.Provider>
  );
}

const isDialogShown = (snapshot: Parameters<typeof selectView>[0]) => selectView(snapshot) !== "closed";

/** Whether one of the sign-in dialog's modals (login, welcome, reset) is shown: the layout loads them then. */
export function useAuthDialogShown(): boolean {
  return useLazySelector(useAuth().dialog, isDialogShown, false);
}
