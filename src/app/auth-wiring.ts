// The session's and the sign-in dialog's actors, wired to the app: what they write (the customer in
// the query cache, the token, the cart, the notifications). Loaded with the flows after the first
// paint (`createAuth` in src/app/session-provider.tsx), so that this code is not in the first download.
import { createActor } from "xstate";
import type { Customer } from "../../machines/auth/auth.types.ts";
import { createAuthMachine, createSessionMachine } from "../actors/auth-actors.ts";
import { removeCustomer, writeCustomer } from "../api/queries/customer.ts";
import { apiLocaleOf, currentLang } from "../i18n/i18n.ts";
import { pushNotification } from "./notifications.tsx";
import { EMPOWERMENT_CLIENT_FLAG, EMPOWERMENT_FLAG, forgetSingleSignOn, keepSingleSignOn } from "./single-sign-on.ts";
import type { AuthActor, AuthOptions, SessionActor } from "./session-provider.tsx";
import { inspection } from "./flow-inspection.ts";

/** SPEC §3: the session storage flags of the empowerment programme, forgotten at logout. */
export const EMPOWERMENT_SESSION_FLAGS = [EMPOWERMENT_FLAG, EMPOWERMENT_CLIENT_FLAG] as const;

/** The persistent notice shown when a stored session could not be read at start. */
export const DISCONNECTED_NOTICE_ID = "auth.disconnected";

interface Wiring extends Required<Pick<AuthOptions, "sessionStorage">>, Omit<AuthOptions, "sessionStorage"> {
  /** The other actor of the pair, sent to without waiting for it. */
  sendToDialog: (event: { type: "auth.open"; reloaded: true }) => void;
  sendToSession: (event: { type: "session.signedIn"; customer: Customer }) => void;
}

const ioOf = ({ api, cart }: Wiring) => ({ api, shoppingCartId: () => cart?.storedCartId(), locale: () => apiLocaleOf(currentLang()) });

export function startSession(wiring: Wiring): SessionActor {
  const { queryClient, tokens, cart, notifications, sessionStorage } = wiring;
  const machine = createSessionMachine(ioOf(wiring), {
    writeCustomer: (customer) => writeCustomer(queryClient, customer),
    removeCustomer: () => removeCustomer(queryClient),
    deleteToken: () => tokens.remove(),
    forgetCart: () => cart?.signedOut(),
    announceCustomer: (customer) => cart?.signedIn(customer.customerGroup),
    announceNotRestored: () => cart?.notRestored(),
    clearEmpowermentFlags: () => EMPOWERMENT_SESSION_FLAGS.forEach((flag) => sessionStorage.removeItem(flag)),
    showDisconnected: () => {
      pushNotification(notifications, { id: DISCONNECTED_NOTICE_ID, kind: "danger", messageId: "auth.disconnected", persistent: true });
      wiring.sendToDialog({ type: "auth.open", reloaded: true });
    },
    notify: (notification) => pushNotification(notifications, notification),
  });
  return createActor(machine, { input: { stored: tokens.initial.state }, ...inspection() }).start();
}

export function startDialog(wiring: Wiring): AuthActor {
  const { queryClient, tokens, notifications, sessionStorage } = wiring;
  const machine = createAuthMachine(ioOf(wiring), {
    storeToken: (token) => tokens.store(token),
    deleteToken: () => tokens.remove(),
    signedIn: ({ customer }) => wiring.sendToSession({ type: "session.signedIn", customer }),
    reloadCategories: () => void queryClient.invalidateQueries({ queryKey: ["catalog", "categories"] }),
    notify: (notification) => pushNotification(notifications, notification),
    keepSingleSignOn: (kept) => keepSingleSignOn(sessionStorage, kept),
    forgetSingleSignOn: () => forgetSingleSignOn(sessionStorage),
    goToAuthorization: (url) => window.location.assign(url),
  });
  return createActor(machine, { input: {}, ...inspection() }).start();
}
