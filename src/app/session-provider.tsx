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
import { customerQuery, removeCustomer, writeCustomer } from "../api/queries/customer.ts";
import { apiLocaleOf, currentLang } from "../i18n/i18n.ts";
import type { CustomerTokenStore } from "./customer-token.ts";
import { lazyActor, useLazySelector, type LazyActor } from "./lazy-actor.ts";
import { pushNotification, type Notifications } from "./notifications.tsx";
import { SessionContext, type Session } from "./session.ts";

export type AuthActor = ActorRefFrom<typeof authMachine>;
export type SessionActor = ActorRefFrom<typeof sessionMachine>;

/** Operations whose 401 is a wrong password or code, not an ended session (SPEC §4). */
const SIGN_IN_OPERATIONS: ReadonlySet<string> = new Set([
  "/customers/sign-in",
  "/customers/one-time-password",
  "/gpnet/sign-in",
  "/gpnet/one-time-password",
]);

/** SPEC §3: the session storage flags of the empowerment programme, forgotten at logout. */
export const EMPOWERMENT_SESSION_FLAGS = ["empowerment", "empowermentClient"] as const;

/** The persistent notice shown when a stored session could not be read at start. */
export const DISCONNECTED_NOTICE_ID = "auth.disconnected";

/** What the auth flows need of the cart (the cart's app-wide actor, once it is there). */
export interface CartBridge {
  /** The anonymous cart's id, sent at sign-in so that its lines join the customer's cart. */
  storedCartId: () => string | undefined;
  signedIn: (customerGroup: CustomerGroup) => void;
  signedOut: () => void;
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
  sessionStorage?: Pick<Storage, "removeItem">;
}

/** Creates the session and the dialog (once, before the router); they start on first use or `load()`. */
export function createAuth({ api, tokens, queryClient, notifications, cart, sessionStorage = window.sessionStorage }: AuthOptions): Auth {
  const io = { api, shoppingCartId: () => cart?.storedCartId(), locale: () => apiLocaleOf(currentLang()) };
  const session: LazyActor<SessionActor> = lazyActor(async () => {
    const [{ createActor }, { createSessionMachine }] = await Promise.all([import("xstate"), import("../actors/auth-actors.ts")]);
    const machine = createSessionMachine(io, {
      writeCustomer: (customer) => writeCustomer(queryClient, customer),
      removeCustomer: () => removeCustomer(queryClient),
      deleteToken: () => tokens.remove(),
      forgetCart: () => cart?.signedOut(),
      announceCustomer: (customer) => cart?.signedIn(customer.customerGroup),
      clearEmpowermentFlags: () => EMPOWERMENT_SESSION_FLAGS.forEach((flag) => sessionStorage.removeItem(flag)),
      showDisconnected: () => {
        pushNotification(notifications, { id: DISCONNECTED_NOTICE_ID, kind: "danger", messageId: "auth.disconnected", persistent: true });
        dialog.send({ type: "auth.open", reloaded: true });
      },
      notify: (notification) => pushNotification(notifications, notification),
    });
    return createActor(machine, { input: { stored: tokens.initial.state } }).start();
  });
  const dialog: LazyActor<AuthActor> = lazyActor(async () => {
    const [{ createActor }, { createAuthMachine }] = await Promise.all([import("xstate"), import("../actors/auth-actors.ts")]);
    const machine = createAuthMachine(io, {
      storeToken: (token) => tokens.store(token),
      deleteToken: () => tokens.remove(),
      signedIn: ({ customer }) => session.send({ type: "session.signedIn", customer }),
      reloadCategories: () => void queryClient.invalidateQueries({ queryKey: ["catalog", "categories"] }),
      notify: (notification) => pushNotification(notifications, notification),
    });
    return createActor(machine, { input: {} }).start();
  });
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
