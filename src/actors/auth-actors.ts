// The IO of the sign-in dialog and of the customer session: the customers/… and gpnet/… calls of
// the contract, chosen by the dialog's flow, and the employees' single sign-on (habile/…). The
// shopper's anonymous cart id goes with a sign-in.
import { fromPromise } from "xstate";
import { authMachine } from "../../machines/auth/auth.machine.ts";
import type {
  AuthNotification,
  Customer,
  ExchangeCodeInput,
  HabileType,
  KeptSingleSignOn,
  RegisterInput,
  RequestResetInput,
  SignedIn,
  SignInInput,
  SignInOutput,
  SingleSignOnStart,
  VerifyCodeInput,
} from "../../machines/auth/auth.types.ts";
import { sessionMachine } from "../../machines/auth/session.machine.ts";
import type { SessionNotification } from "../../machines/auth/session.types.ts";
import { unwrap, type ApiClient } from "../api/client.ts";

/** A staff-number call without its staff number is a form bug: it answers as the server would. */
function staffNumberOf(input: { gpnetId: string | null }): string {
  if (input.gpnetId === null || input.gpnetId === "") throw { status: 400, message: "gpnetId is required" };
  return input.gpnetId;
}

/** The anonymous cart's id, as the sign-in calls take it. */
function cartQuery(shoppingCartId: () => string | undefined) {
  const id = shoppingCartId();
  return id === undefined ? {} : { shoppingCartId: id };
}

function signInActor(api: ApiClient, shoppingCartId: () => string | undefined) {
  return fromPromise<SignInOutput, SignInInput>(({ input, signal }) => {
    const { email, password, recaptchaData } = input;
    const query = cartQuery(shoppingCartId);
    return input.flow === "gpnet"
      ? unwrap(api.POST("/gpnet/sign-in", { params: { query }, body: { gpnetId: staffNumberOf(input), email, password, recaptchaData }, signal }))
      : unwrap(api.POST("/customers/sign-in", { params: { query }, body: { email, password, recaptchaData }, signal }));
  });
}

function verifyCodeActor(api: ApiClient, shoppingCartId: () => string | undefined) {
  return fromPromise<SignInOutput, VerifyCodeInput>(({ input, signal }) => {
    const { email, password, oneTimePassword } = input;
    const query = cartQuery(shoppingCartId);
    return input.flow === "gpnet"
      ? unwrap(api.POST("/gpnet/one-time-password", { params: { query }, body: { gpnetId: staffNumberOf(input), email, password, oneTimePassword }, signal }))
      : unwrap(api.POST("/customers/one-time-password", { params: { query }, body: { email, password, oneTimePassword }, signal }));
  });
}

function registerActor(api: ApiClient, locale: () => Customer["locale"], shoppingCartId: () => string | undefined) {
  return fromPromise<SignInOutput, RegisterInput>(({ input, signal }) => {
    const { flow: _flow, gpnetId: _gpnetId, ...registration } = input;
    const body = { ...registration, locale: locale() };
    // The basket filled before signing up goes with the new account, as at sign-in.
    const query = cartQuery(shoppingCartId);
    return input.flow === "gpnet"
      ? unwrap(api.POST("/gpnet/register", { params: { query }, body: { ...body, gpnetId: staffNumberOf(input) }, signal }))
      : unwrap(api.POST("/customers/register", { params: { query }, body, signal }));
  });
}

function requestResetActor(api: ApiClient) {
  return fromPromise<unknown, RequestResetInput>(({ input, signal }) => {
    const body = { email: input.email, recaptchaData: input.recaptchaData };
    return input.flow === "gpnet"
      ? unwrap(api.POST("/gpnet/reset-password", { body, signal }))
      : unwrap(api.POST("/customers/reset-password", { body, signal }));
  });
}

/** The provider's authorization address and the state to keep; the locale picks the return page's language. */
export function startSingleSignOnActor(api: ApiClient) {
  return fromPromise<SingleSignOnStart, { habileType: HabileType }>(({ input, signal }) =>
    unwrap(api.POST("/habile/authorization", { body: { habileType: input.habileType }, signal })),
  );
}

/** The provider's code exchanged for a signed-in customer (the shop has no sub-domains: NONE). */
export function exchangeCodeActor(api: ApiClient) {
  return fromPromise<SignInOutput, ExchangeCodeInput>(({ input, signal }) =>
    unwrap(
      api.GET("/habile", {
        params: { query: { authorizationCode: input.code, habileType: input.habileType, subdomain: "NONE", state: input.state } },
        signal,
      }),
    ),
  );
}

function loadCustomerActor(api: ApiClient, shoppingCartId: () => string | undefined) {
  return fromPromise<Customer>(({ signal }) => unwrap(api.GET("/customers/me", { params: { query: cartQuery(shoppingCartId) }, signal })));
}

function revokeSessionActor(api: ApiClient) {
  return fromPromise<unknown>(({ signal }) => unwrap(api.POST("/customers/sign-out", { signal })));
}

/** What the dialog asks of the app around it. */
export interface AuthEffects {
  storeToken: (token: string) => void;
  deleteToken: () => void;
  /** The session (and through it the cart) learns who signed in. */
  signedIn: (signedIn: SignedIn) => void;
  reloadCategories: () => void;
  notify: (notification: AuthNotification) => void;
  /** The single sign-on's state, habile type and return address, kept for the tab. */
  keepSingleSignOn: (kept: KeptSingleSignOn) => void;
  forgetSingleSignOn: () => void;
  /** The browser leaves for the provider. */
  goToAuthorization: (url: string) => void;
}

export interface AuthIo {
  api: ApiClient;
  /** The anonymous cart's id, sent with a sign-in so that its lines join the customer's cart. */
  shoppingCartId: () => string | undefined;
  locale: () => Customer["locale"];
}

/** The sign-in dialog with its IO and the app's effects bound. */
export function createAuthMachine({ api, shoppingCartId, locale }: AuthIo, effects: AuthEffects) {
  return authMachine.provide({
    actors: {
      signIn: signInActor(api, shoppingCartId),
      verifyCode: verifyCodeActor(api, shoppingCartId),
      register: registerActor(api, locale, shoppingCartId),
      requestReset: requestResetActor(api),
      startSingleSignOn: startSingleSignOnActor(api),
      exchangeCode: exchangeCodeActor(api),
    },
    actions: {
      keepSingleSignOn: (_, kept) => effects.keepSingleSignOn(kept),
      forgetSingleSignOn: () => effects.forgetSingleSignOn(),
      goToAuthorization: (_, { url }) => effects.goToAuthorization(url),
      storeToken: (_, { token }) => effects.storeToken(token),
      deleteToken: () => effects.deleteToken(),
      announceSignedIn: (_, signedIn) => effects.signedIn(signedIn),
      reloadCategories: () => effects.reloadCategories(),
      notify: (_, notification) => effects.notify(notification),
    },
  });
}

/** What the session asks of the app around it. */
export interface SessionEffects {
  /** The signed-in customer is the one every view shows (the query cache). */
  writeCustomer: (customer: Customer) => void;
  removeCustomer: () => void;
  deleteToken: () => void;
  /** The cart forgets the customer's cart. */
  forgetCart: () => void;
  /** The cart learns the customer's group. */
  announceCustomer: (customer: Customer) => void;
  /** The cart learns the stored session could not be checked: it loads the stored cart. */
  announceNotRestored: () => void;
  clearEmpowermentFlags: () => void;
  showDisconnected: () => void;
  notify: (notification: SessionNotification) => void;
}

/** The customer session with its IO and the app's effects bound; give it `{ stored }` as input. */
export function createSessionMachine({ api, shoppingCartId }: Omit<AuthIo, "locale">, effects: SessionEffects) {
  return sessionMachine.provide({
    actors: { loadCustomer: loadCustomerActor(api, shoppingCartId), revokeSession: revokeSessionActor(api) },
    actions: {
      writeCustomer: (_, { customer }) => effects.writeCustomer(customer),
      removeCustomer: () => effects.removeCustomer(),
      deleteToken: () => effects.deleteToken(),
      forgetCart: () => effects.forgetCart(),
      announceCustomer: (_, { customer }) => effects.announceCustomer(customer),
      announceNotRestored: () => effects.announceNotRestored(),
      clearEmpowermentFlags: () => effects.clearEmpowermentFlags(),
      showDisconnected: () => effects.showDisconnected(),
      notify: (_, notification) => effects.notify(notification),
    },
  });
}
