// The sign-in dialog (SPEC §2 login modal, §4 Authentication and Code view): two tabs, personal
// account and airline employee (GPNet staff-number account), sharing the login, register, forgot and
// one-time-code views; the flow in context says which endpoints the views call.
//
// A sign-in with two-factor authentication answers without a token: the dialog asks for the e-mailed
// code. A wrong code with attempts left stays on the code view; otherwise the shopper goes back to the
// login view with the reason. Any failed sign-in deletes the stored token. On success the token is
// stored, the app is told (session, cart, category tree) and the welcome view opens. A reset link
// request opens the reset view with the address. Closing the dialog resets it to the login view.
//
// The employees' single sign-on (Habile) leaves the shop: the start asks the server for the provider's
// address, the app keeps the state for the tab and sends the browser there. Started from the login
// modal it runs inside the dialog (its failure shows in the employee tab); started by a page or a guard
// it runs with the dialog closed. The return page sends the provider's code back: a state other than
// the one this tab kept fails without calling the server; otherwise the code is exchanged and the
// shopper is signed in as with the other sign-ins.
import { assign, fromPromise, not, or, setup, stateIn } from "xstate";
import {
  type AuthContext,
  type AuthErrorId,
  type AuthEvent,
  type AuthFlow,
  type AuthInput,
  type AuthNotification,
  type AuthTab,
  type AuthTag,
  type Customer,
  type ExchangeCodeInput,
  type HabileType,
  type KeptSingleSignOn,
  type RegisterInput,
  type RequestResetInput,
  type SignedIn,
  type SignInInput,
  type SignInOutput,
  type SingleSignOnFailure,
  type SingleSignOnRequest,
  type SingleSignOnReturn,
  type SingleSignOnStart,
  type VerifyCodeInput,
} from "./auth.types.ts";

/** SPEC §9: the one-time code's attempts counter starts at 3. */
export const CODE_ATTEMPTS = 3;

// How the dialog reads a failed call (SPEC §8): a status for the login, register and forgot views,
// and for the code view the server's message split on '|' (message, then the attempts left).
const OTP_MISMATCH_MESSAGE = "The provided one time password doesn't match";
const OTP_TOO_MANY_MESSAGE = "Too much attempts for one time password";
const OTP_EXPIRED_MESSAGE = "One time password is expired";

const HTTP_BAD_REQUEST = 400;
const HTTP_UNAUTHORIZED = 401;
const HTTP_FORBIDDEN = 403;
const HTTP_NOT_FOUND = 404;
const HTTP_CONFLICT = 409;
const HTTP_TOO_MANY_REQUESTS = 429;
const HTTP_BAD_GATEWAY = 502;

/** The status a failed call carries: the app's API client rejects with `{ status, message }`. */
export const statusOf = (error: unknown): number | undefined =>
  typeof error === "object" && error !== null && "status" in error && typeof error.status === "number" ? error.status : undefined;

function field(error: unknown, name: "message" | "code"): string | undefined {
  if (typeof error !== "object" || error === null || !(name in error)) return undefined;
  const value: unknown = Reflect.get(error, name);
  return typeof value === "string" ? value : undefined;
}

/** Login, register and forgot: the message of the failure (SPEC §8, first and employee rows). */
export function formErrorId(flow: AuthFlow, error: unknown): AuthErrorId {
  const status = statusOf(error);
  if (status === HTTP_UNAUTHORIZED) return "errors.login.unauthorized";
  if (status === HTTP_CONFLICT) return "errors.login.allReadyExist";
  if (status === HTTP_NOT_FOUND) return "errors.login.notFound";
  if (status === HTTP_BAD_GATEWAY && flow === "gpnet") return "errors.server.gpNet";
  if (status === HTTP_TOO_MANY_REQUESTS) return "auth.error.tooManyRequests";
  if (status === HTTP_BAD_REQUEST && field(error, "code") === "CAPTCHA_INVALID") return "auth.error.captcha";
  return "errors.server.access";
}

type CodeFailure =
  | { kind: "mismatch"; attemptsLeft: number | null }
  | { kind: "tooMany" }
  | { kind: "expired" }
  | { kind: "rejected" }
  | { kind: "other"; errorId: AuthErrorId };

/** The code step's failure: the 401 messages of the contract, or another status. */
function codeFailure(error: unknown): CodeFailure {
  const status = statusOf(error);
  if (status === HTTP_UNAUTHORIZED) {
    const [message = "", count] = (field(error, "message") ?? "").split("|");
    if (message === OTP_MISMATCH_MESSAGE) {
      const attemptsLeft = count === undefined || !/^\d+$/u.test(count.trim()) ? null : Number(count.trim());
      return { kind: "mismatch", attemptsLeft };
    }
    if (message === OTP_TOO_MANY_MESSAGE) return { kind: "tooMany" };
    if (message === OTP_EXPIRED_MESSAGE) return { kind: "expired" };
    return { kind: "rejected" };
  }
  if (status === HTTP_NOT_FOUND) return { kind: "other", errorId: "errors.notfound" };
  if (status === HTTP_TOO_MANY_REQUESTS) return { kind: "other", errorId: "auth.error.tooManyRequests" };
  if (status === HTTP_BAD_GATEWAY) return { kind: "other", errorId: "errors.server.gpNet" };
  return { kind: "other", errorId: "errors.server.access" };
}

/** The code view stays open: a mismatch with attempts left, or a failure that is not the code's. */
export function keepsCodeView(error: unknown): boolean {
  const failure = codeFailure(error);
  if (failure.kind === "mismatch") return failure.attemptsLeft !== null && failure.attemptsLeft > 0;
  return failure.kind === "other";
}

/** The message of a code failure that sends the shopper back to the login view. */
export function codeErrorId(error: unknown): AuthErrorId {
  const failure = codeFailure(error);
  switch (failure.kind) {
    case "mismatch":
      return "errors.auth.unauthorized";
    case "tooMany":
      return "errors.auth.tooMuch";
    case "expired":
      return "errors.auth.timeOut";
    case "rejected":
      return "errors.login.unauthorized";
    case "other":
      return failure.errorId;
  }
}

/** Attempts left after a mismatch that keeps the code view, else null. */
export function attemptsLeftOf(error: unknown): number | null {
  const failure = codeFailure(error);
  return failure.kind === "mismatch" ? failure.attemptsLeft : null;
}

/** The single sign-on's codes of the contract (401). */
const SINGLE_SIGN_ON_REJECTIONS: Readonly<Record<string, SingleSignOnFailure>> = {
  SSO_STATE_REJECTED: "stateRejected",
  SSO_CODE_REJECTED: "codeRejected",
  SSO_TOKEN_REJECTED: "tokenRejected",
};

/** Why the single sign-on's start or code exchange failed. */
export function singleSignOnFailureOf(error: unknown): SingleSignOnFailure {
  const status = statusOf(error);
  if (status === HTTP_UNAUTHORIZED) return SINGLE_SIGN_ON_REJECTIONS[field(error, "code") ?? ""] ?? "codeRejected";
  if (status === HTTP_FORBIDDEN) return "identityIncomplete";
  if (status === HTTP_CONFLICT) return "accountExists";
  if (status === HTTP_TOO_MANY_REQUESTS) return "tooManyRequests";
  return "unavailable";
}

const flowOfTab = (tab: AuthTab): AuthFlow => (tab === "employee" ? "gpnet" : "personal");

function closedContext(flow: AuthFlow): AuthContext {
  return { flow, reloaded: false, email: "", password: "", gpnetId: null, attemptsLeft: null, errorId: null, singleSignOn: null, authorization: null, singleSignOnFailure: null };
}

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
    tags: {} as AuthTag,
  },
  actors: {
    signIn: fromPromise<SignInOutput, SignInInput>(async () => {
      throw new Error("signIn not provided");
    }),
    verifyCode: fromPromise<SignInOutput, VerifyCodeInput>(async () => {
      throw new Error("verifyCode not provided");
    }),
    register: fromPromise<SignInOutput, RegisterInput>(async () => {
      throw new Error("register not provided");
    }),
    requestReset: fromPromise<unknown, RequestResetInput>(async () => {
      throw new Error("requestReset not provided");
    }),
    startSingleSignOn: fromPromise<SingleSignOnStart, { habileType: HabileType }>(async () => {
      throw new Error("startSingleSignOn not provided");
    }),
    exchangeCode: fromPromise<SignInOutput, ExchangeCodeInput>(async () => {
      throw new Error("exchangeCode not provided");
    }),
  },
  guards: {
    isEmployeeTab: (_, params: { tab: AuthTab | undefined }) => params.tab === "employee",
    needsCode: (_, params: { output: SignInOutput }) => params.output.token === null && params.output.twoFactorRequired,
    isSignedIn: (_, params: { output: SignInOutput }) => params.output.token !== null && params.output.customer !== null,
    keepsCodeView: (_, params: { error: unknown }) => keepsCodeView(params.error),
    /** The provider answered with the state this tab kept when it left (a forged or stale return has another). */
    hasExpectedState: ({ context }) =>
      context.authorization !== null && context.authorization.expectedState !== null && context.authorization.state === context.authorization.expectedState,
    /** The dialog's single sign-on is not on its way to the provider already (the button waits meanwhile). */
    isNotLeavingForProvider: not(or([stateIn({ open: { singleSignOn: "redirecting" } }), stateIn({ open: { singleSignOn: "leaving" } })])),
  },
  actions: {
    openOn: assign((_, params: { flow: AuthFlow; reloaded: boolean }) => ({ ...closedContext(params.flow), reloaded: params.reloaded })),
    resetDialog: assign(({ context }) => closedContext(context.flow)),
    chooseFlow: assign((_, params: { flow: AuthFlow }) => ({ flow: params.flow, errorId: null, attemptsLeft: null, password: "" })),
    clearError: assign({ errorId: null }),
    setCredentials: assign((_, params: { email: string; password: string; gpnetId: string | null }) => ({
      email: params.email.trim(),
      password: params.password,
      gpnetId: params.gpnetId,
      errorId: null,
    })),
    setEmail: assign((_, params: { email: string }) => ({ email: params.email.trim(), errorId: null })),
    awaitCode: assign({ attemptsLeft: CODE_ATTEMPTS, errorId: null }),
    leaveCode: assign({ attemptsLeft: null, password: "", errorId: null }),
    setError: assign((_, params: { errorId: AuthErrorId }) => ({ errorId: params.errorId })),
    failCode: assign((_, params: { errorId: AuthErrorId; attemptsLeft: number | null }) => ({
      errorId: params.errorId,
      attemptsLeft: params.attemptsLeft,
    })),
    backToLoginWith: assign((_, params: { errorId: AuthErrorId }) => ({ errorId: params.errorId, attemptsLeft: null, password: "" })),
    forgetPassword: assign({ password: "" }),
    // A single sign-on leaves the forms behind: what they held is not needed when the shopper comes back.
    requestSingleSignOn: assign(({ context }, params: SingleSignOnRequest) => ({ ...closedContext("gpnet"), reloaded: context.reloaded, singleSignOn: params })),
    takeAuthorization: assign((_, params: SingleSignOnReturn) => ({ ...closedContext("gpnet"), authorization: params })),
    forgetRequest: assign({ singleSignOn: null, singleSignOnFailure: null }),
    failSingleSignOn: assign((_, params: { failure: SingleSignOnFailure }) => ({ singleSignOnFailure: params.failure })),
    forgetAuthorization: assign({ authorization: null }),
    /** Provided by the app: keep the state, the habile type and the return address for this tab (sessionStorage). */
    keepSingleSignOn: (_, _params: KeptSingleSignOn) => {},
    /** Provided by the app: forget what the tab kept for the single sign-on. */
    forgetSingleSignOn: () => {},
    /** Provided by the app: the browser leaves for the provider's authorization page. */
    goToAuthorization: (_, _params: { url: string }) => {},
    /** Provided by the app: keep the customer token (cookie). */
    storeToken: (_, _params: { token: string }) => {},
    /** Provided by the app: forget the stored customer token. */
    deleteToken: () => {},
    /** Provided by the app: tell the session and the cart who signed in. */
    announceSignedIn: (_, _params: SignedIn) => {},
    /** Provided by the app: the category tree is loaded again (it may differ per customer). */
    reloadCategories: () => {},
    /** Provided by the app: push the notification. */
    notify: (_, _params: AuthNotification) => {},
  },
}).createMachine({
  id: "auth",
  context: ({ input }) => closedContext(flowOfTab(input.tab ?? "personal")),
  initial: "closed",
  states: {
    closed: {
      on: {
        "auth.startSingleSignOn": { target: "singleSignOn", actions: { type: "requestSingleSignOn", params: ({ event }) => ({ habileType: event.habileType, returnTo: event.returnTo }) } },
        "auth.returnFromSingleSignOn": { target: "singleSignOn.returning", actions: { type: "takeAuthorization", params: ({ event }) => ({ code: event.code, state: event.state, expectedState: event.expectedState, habileType: event.habileType }) } },
        "auth.open": { target: "open.login", actions: { type: "openOn", params: ({ event }) => ({ flow: "personal", reloaded: event.reloaded ?? false }) } },
      },
    },
    open: {
      description: "The login modal. The employee tab opens on the GPNet account creation.",
      on: {
        "auth.close": { target: "closed", actions: "resetDialog" },
        "auth.startSingleSignOn": {
          guard: "isNotLeavingForProvider",
          target: ".singleSignOn",
          actions: { type: "requestSingleSignOn", params: ({ event }) => ({ habileType: event.habileType, returnTo: event.returnTo }) },
        },
        "auth.selectTab": [
          {
            guard: { type: "isEmployeeTab", params: ({ event }) => ({ tab: event.tab }) },
            target: ".register",
            actions: { type: "chooseFlow", params: { flow: "gpnet" } },
          },
          { target: ".login", actions: { type: "chooseFlow", params: { flow: "personal" } } },
        ],
      },
      initial: "login",
      states: {
        login: {
          initial: "editing",
          on: {
            "auth.showRegister": { target: "register", actions: "clearError" },
            "auth.showForgot": { target: "forgot", actions: "clearError" },
          },
          states: {
            editing: {
              on: {
                "auth.submitLogin": {
                  target: "submitting",
                  actions: {
                    type: "setCredentials",
                    params: ({ event, context }) => ({
                      email: event.email,
                      password: event.password,
                      gpnetId: context.flow === "gpnet" ? (event.gpnetId?.trim() ?? "") : null,
                    }),
                  },
                },
              },
            },
            submitting: {
              tags: ["loading"],
              invoke: {
                id: "signIn",
                src: "signIn",
                input: ({ context, event }) => ({
                  flow: context.flow,
                  email: context.email,
                  password: context.password,
                  gpnetId: context.gpnetId,
                  recaptchaData: event.type === "auth.submitLogin" ? event.recaptchaData : "",
                }),
                onDone: [
                  {
                    guard: { type: "needsCode", params: ({ event }) => ({ output: event.output }) },
                    target: "#auth.open.code",
                    actions: "awaitCode",
                  },
                  {
                    guard: { type: "isSignedIn", params: ({ event }) => ({ output: event.output }) },
                    target: "#auth.welcome",
                    actions: [
                      "forgetPassword",
                      { type: "storeToken", params: ({ event }) => ({ token: event.output.token ?? "" }) },
                      { type: "announceSignedIn", params: ({ event }) => signedInOf(event.output) },
                      "reloadCategories",
                    ],
                  },
                  {
                    target: "editing",
                    actions: [
                      "deleteToken",
                      "forgetPassword",
                      { type: "setError", params: { errorId: "errors.server.access" } },
                      { type: "notify", params: { kind: "danger", messageId: "errors.server.access" } },
                    ],
                  },
                ],
                onError: {
                  target: "editing",
                  actions: [
                    "deleteToken",
                    "forgetPassword",
                    { type: "setError", params: ({ context, event }) => ({ errorId: formErrorId(context.flow, event.error) }) },
                    { type: "notify", params: ({ context, event }) => ({ kind: "danger", messageId: formErrorId(context.flow, event.error) }) },
                  ],
                },
              },
            },
          },
        },
        code: {
          description: "The six-digit code e-mailed at sign-in; back to login without a count.",
          initial: "editing",
          on: {
            "auth.showLogin": { target: "login", actions: "leaveCode" },
          },
          states: {
            editing: {
              on: { "auth.submitCode": { target: "submitting", actions: "clearError" } },
            },
            submitting: {
              tags: ["loading"],
              invoke: {
                id: "verifyCode",
                src: "verifyCode",
                input: ({ context, event }) => ({
                  flow: context.flow,
                  email: context.email,
                  password: context.password,
                  gpnetId: context.gpnetId,
                  oneTimePassword: event.type === "auth.submitCode" ? event.oneTimePassword.trim() : "",
                }),
                onDone: [
                  {
                    guard: { type: "isSignedIn", params: ({ event }) => ({ output: event.output }) },
                    target: "#auth.welcome",
                    actions: [
                      "leaveCode",
                      { type: "storeToken", params: ({ event }) => ({ token: event.output.token ?? "" }) },
                      { type: "announceSignedIn", params: ({ event }) => signedInOf(event.output) },
                      "reloadCategories",
                    ],
                  },
                  {
                    target: "editing",
                    actions: [
                      "deleteToken",
                      { type: "setError", params: { errorId: "errors.server.access" } },
                      { type: "notify", params: { kind: "danger", messageId: "errors.server.access" } },
                    ],
                  },
                ],
                onError: [
                  {
                    guard: { type: "keepsCodeView", params: ({ event }) => ({ error: event.error }) },
                    target: "editing",
                    actions: [
                      "deleteToken",
                      {
                        type: "failCode",
                        params: ({ context, event }) => ({
                          errorId: codeErrorId(event.error),
                          attemptsLeft: attemptsLeftOf(event.error) ?? context.attemptsLeft,
                        }),
                      },
                      { type: "notify", params: ({ event }) => ({ kind: "danger", messageId: codeErrorId(event.error) }) },
                    ],
                  },
                  {
                    target: "#auth.open.login",
                    actions: [
                      "deleteToken",
                      { type: "backToLoginWith", params: ({ event }) => ({ errorId: codeErrorId(event.error) }) },
                      { type: "notify", params: ({ event }) => ({ kind: "danger", messageId: codeErrorId(event.error) }) },
                    ],
                  },
                ],
              },
            },
          },
        },
        register: {
          initial: "editing",
          on: {
            "auth.showLogin": { target: "login", actions: "clearError" },
          },
          states: {
            editing: {
              on: {
                "auth.submitRegister": {
                  target: "submitting",
                  actions: [
                    "clearError",
                    { type: "setEmail", params: ({ event }) => ({ email: event.registration.email }) },
                  ],
                },
              },
            },
            submitting: {
              tags: ["loading"],
              invoke: {
                id: "register",
                src: "register",
                input: ({ context, event }) => registerInputOf(context.flow, event),
                onDone: [
                  {
                    guard: { type: "isSignedIn", params: ({ event }) => ({ output: event.output }) },
                    target: "#auth.welcome",
                    actions: [
                      { type: "storeToken", params: ({ event }) => ({ token: event.output.token ?? "" }) },
                      { type: "announceSignedIn", params: ({ event }) => signedInOf(event.output) },
                      "reloadCategories",
                    ],
                  },
                  {
                    target: "editing",
                    actions: [
                      { type: "setError", params: { errorId: "errors.server.access" } },
                      { type: "notify", params: { kind: "danger", messageId: "errors.server.access" } },
                    ],
                  },
                ],
                onError: {
                  target: "editing",
                  actions: [
                    { type: "setError", params: ({ context, event }) => ({ errorId: formErrorId(context.flow, event.error) }) },
                    { type: "notify", params: ({ context, event }) => ({ kind: "danger", messageId: formErrorId(context.flow, event.error) }) },
                  ],
                },
              },
            },
          },
        },
        forgot: {
          initial: "editing",
          on: {
            "auth.showLogin": { target: "login", actions: "clearError" },
          },
          states: {
            editing: {
              on: {
                "auth.submitForgot": {
                  target: "submitting",
                  actions: { type: "setEmail", params: ({ event }) => ({ email: event.email }) },
                },
              },
            },
            submitting: {
              tags: ["loading"],
              invoke: {
                id: "requestReset",
                src: "requestReset",
                input: ({ context, event }) => ({
                  flow: context.flow,
                  email: context.email,
                  recaptchaData: event.type === "auth.submitForgot" ? event.recaptchaData : "",
                }),
                onDone: { target: "#auth.resetSent" },
                onError: {
                  target: "editing",
                  actions: [
                    { type: "setError", params: ({ context, event }) => ({ errorId: formErrorId(context.flow, event.error) }) },
                    { type: "notify", params: ({ context, event }) => ({ kind: "danger", messageId: formErrorId(context.flow, event.error) }) },
                  ],
                },
              },
            },
          },
        },
        singleSignOn: {
          description: "The employee tab's Habile button: the browser leaves for the provider; a failure shows in the tab.",
          initial: "redirecting",
          exit: "forgetRequest",
          states: {
            redirecting: {
              tags: ["loading"],
              invoke: {
                id: "startSingleSignOn",
                src: "startSingleSignOn",
                input: ({ context }) => ({ habileType: context.singleSignOn?.habileType ?? "BRAND_EMPLOYEE" }),
                onDone: {
                  target: "leaving",
                  actions: [
                    { type: "keepSingleSignOn", params: ({ context, event }) => keptOf(context.singleSignOn, event.output) },
                    { type: "goToAuthorization", params: ({ event }) => ({ url: event.output.authorizationUrl }) },
                  ],
                },
                onError: { target: "failed", actions: { type: "failSingleSignOn", params: ({ event }) => ({ failure: singleSignOnFailureOf(event.error) }) } },
              },
            },
            leaving: {
              description: "The browser is on its way to the provider.",
              tags: ["loading"],
            },
            failed: {
              tags: ["error"],
              on: {
                "auth.showLogin": { target: "#auth.open.login" },
                "auth.showRegister": { target: "#auth.open.register" },
              },
            },
          },
        },
      },
    },
    singleSignOn: {
      description: "The single sign-on of a page or a guard (the dialog closed), and its return page's exchange.",
      initial: "redirecting",
      states: {
        redirecting: {
          tags: ["loading"],
          invoke: {
            id: "startSingleSignOn",
            src: "startSingleSignOn",
            input: ({ context }) => ({ habileType: context.singleSignOn?.habileType ?? "BRAND_EMPLOYEE" }),
            onDone: {
              target: "leaving",
              actions: [
                { type: "keepSingleSignOn", params: ({ context, event }) => keptOf(context.singleSignOn, event.output) },
                { type: "goToAuthorization", params: ({ event }) => ({ url: event.output.authorizationUrl }) },
              ],
            },
            onError: { target: "failed", actions: { type: "failSingleSignOn", params: ({ event }) => ({ failure: singleSignOnFailureOf(event.error) }) } },
          },
        },
        leaving: {
          description: "The browser is on its way to the provider.",
          tags: ["loading"],
        },
        returning: {
          description: "Back from the provider: only the state this tab kept is exchanged.",
          always: [
            { guard: "hasExpectedState", target: "exchanging" },
            {
              target: "failed",
              actions: ["deleteToken", "forgetAuthorization", { type: "failSingleSignOn", params: { failure: "stateRejected" } }],
            },
          ],
        },
        exchanging: {
          tags: ["loading"],
          invoke: {
            id: "exchangeCode",
            src: "exchangeCode",
            input: ({ context }) => exchangeOf(context.authorization),
            onDone: [
              {
                guard: { type: "isSignedIn", params: ({ event }) => ({ output: event.output }) },
                target: "#auth.welcome",
                actions: [
                  { type: "storeToken", params: ({ event }) => ({ token: event.output.token ?? "" }) },
                  { type: "announceSignedIn", params: ({ event }) => signedInOf(event.output) },
                  "reloadCategories",
                  "forgetSingleSignOn",
                  "forgetAuthorization",
                ],
              },
              {
                target: "failed",
                actions: ["deleteToken", "forgetAuthorization", { type: "failSingleSignOn", params: { failure: "unavailable" } }],
              },
            ],
            onError: {
              target: "failed",
              actions: ["deleteToken", "forgetAuthorization", { type: "failSingleSignOn", params: ({ event }) => ({ failure: singleSignOnFailureOf(event.error) }) }],
            },
          },
        },
        failed: {
          tags: ["error"],
          on: {
            "auth.startSingleSignOn": { target: "redirecting", actions: { type: "requestSingleSignOn", params: ({ event }) => ({ habileType: event.habileType, returnTo: event.returnTo }) } },
            "auth.returnFromSingleSignOn": { target: "returning", actions: { type: "takeAuthorization", params: ({ event }) => ({ code: event.code, state: event.state, expectedState: event.expectedState, habileType: event.habileType }) } },
            "auth.close": { target: "#auth.closed", actions: "resetDialog" },
            "auth.open": { target: "#auth.open.login", actions: { type: "openOn", params: ({ event }) => ({ flow: "personal", reloaded: event.reloaded ?? false }) } },
          },
        },
      },
    },
    welcome: {
      description: "The welcome modal: Continue shopping, or Check my account.",
      on: {
        "auth.close": { target: "closed", actions: "resetDialog" },
        "auth.startSingleSignOn": { target: "#auth.singleSignOn", actions: { type: "requestSingleSignOn", params: ({ event }) => ({ habileType: event.habileType, returnTo: event.returnTo }) } },
      },
    },
    resetSent: {
      description: "The reset modal: a link was e-mailed to the address.",
      on: {
        "auth.close": { target: "closed", actions: "resetDialog" },
        "auth.startSingleSignOn": { target: "#auth.singleSignOn", actions: { type: "requestSingleSignOn", params: ({ event }) => ({ habileType: event.habileType, returnTo: event.returnTo }) } },
      },
    },
  },
});

function signedInOf(output: SignInOutput): SignedIn {
  const customer: Customer | null = output.customer;
  if (output.token === null || customer === null) throw new Error("a sign-in without token or customer is not a success");
  return { token: output.token, customer };
}

function registerInputOf(flow: AuthFlow, event: AuthEvent): RegisterInput {
  if (event.type !== "auth.submitRegister") throw new Error("registration starts from auth.submitRegister");
  const { gpnetId, ...registration } = event.registration;
  return { ...registration, email: registration.email.trim(), flow, gpnetId: flow === "gpnet" ? (gpnetId?.trim() ?? "") : null };
}

function keptOf(request: SingleSignOnRequest | null, start: SingleSignOnStart): KeptSingleSignOn {
  if (request === null) throw new Error("a single sign-on starts with its request");
  return { state: start.state, habileType: request.habileType, returnTo: request.returnTo };
}

function exchangeOf(authorization: SingleSignOnReturn | null): ExchangeCodeInput {
  if (authorization === null) throw new Error("the exchange needs the provider's answer");
  return { code: authorization.code, state: authorization.state, habileType: authorization.habileType };
}
