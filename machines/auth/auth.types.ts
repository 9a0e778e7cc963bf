// The vocabulary of the sign-in dialog (SPEC §2 login modal, §3 login and signup payloads, §4
// Authentication and Code view, §8 login, code step and employee errors, §9 code length and attempts).
// Two sub-flows share its views: the personal account and the staff-number (GPNet) account.
import type { components } from "../../common/api/schema.gen.ts";


export type Customer = components["schemas"]["Customer"];
export type CustomerGroup = components["schemas"]["CustomerGroup"];
/** Who signs in with the employees' single sign-on (Habile): a brand employee, or a beneficiary of the empowerment programme. */
export type HabileType = components["schemas"]["HabileAuthorizationRequest"]["habileType"];

/** SPEC §9: the one-time code has 6 digits (its attempts counter, CODE_ATTEMPTS, is the flow's: auth.machine.ts). */
export const CODE_LENGTH = 6;

/** Which account the dialog is working with: personal (e-mail) or staff number (GPNet). */
export type AuthFlow = "personal" | "gpnet";
/** The dialog's tabs (SPEC §2): personal account, airline employee. */
export type AuthTab = "personal" | "employee";

export interface AuthInput {
  /** The tab the dialog opens on when `auth.open` does not say. */
  tab?: AuthTab;
}

export interface AuthContext {
  flow: AuthFlow;
  /** Opened because the stored session could not be read (SPEC §4 Session expiry). */
  reloaded: boolean;
  /** The sign-in awaiting its one-time code, or the address a reset link was sent to. */
  email: string;
  password: string;
  gpnetId: string | null;
  /** Attempts left for the one-time code; null outside the code view. */
  attemptsLeft: number | null;
  /** What the current view says went wrong, as a message id. */
  errorId: AuthErrorId | null;
  /** The single sign-on under way: who signs in and where the shopper goes back to. */
  singleSignOn: SingleSignOnRequest | null;
  /** The provider's answer brought back to the return page, until it is exchanged. */
  authorization: SingleSignOnReturn | null;
  /** Why the single sign-on failed, in its failed states. */
  singleSignOnFailure: SingleSignOnFailure | null;
}

export interface SingleSignOnRequest {
  habileType: HabileType;
  /** The shop's address to show once signed in. */
  returnTo: string;
}

/** What the return page reads: the provider's code and state, and the state this tab kept. */
export interface SingleSignOnReturn {
  code: string;
  state: string;
  /** The state kept by this tab when it left (null when it kept none). */
  expectedState: string | null;
  habileType: HabileType;
}

/** What the app keeps for the tab while the browser is at the provider (sessionStorage). */
export interface KeptSingleSignOn {
  state: string;
  habileType: HabileType;
  returnTo: string;
}

interface Registration {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  twoFactorAuthenticationEnabled: boolean;
  newsLetterSubscribed: boolean;
  recaptchaData: string;
  /** Required for the GPNet flow. */
  gpnetId?: string;
}

export type AuthEvent =
  | { type: "auth.open"; reloaded?: boolean }
  | { type: "auth.close" }
  | { type: "auth.selectTab"; tab: AuthTab }
  | { type: "auth.showLogin" }
  | { type: "auth.showRegister" }
  | { type: "auth.showForgot" }
  | { type: "auth.submitLogin"; email: string; password: string; recaptchaData: string; gpnetId?: string }
  | { type: "auth.submitCode"; oneTimePassword: string }
  | { type: "auth.submitRegister"; registration: Registration }
  | { type: "auth.submitForgot"; email: string; recaptchaData: string }
  /** The Habile button, a guard or the empowerment sign-in page: off to the employees' identity provider. */
  | { type: "auth.startSingleSignOn"; habileType: HabileType; returnTo: string }
  /** The return page, with the provider's answer and what the tab kept. */
  | ({ type: "auth.returnFromSingleSignOn" } & SingleSignOnReturn);

export type AuthTag = "loading" | "error";

/** The IO inputs: the flow says which endpoint (customers/… or gpnet/…). */
export interface SignInInput {
  flow: AuthFlow;
  email: string;
  password: string;
  recaptchaData: string;
  gpnetId: string | null;
}

export interface VerifyCodeInput {
  flow: AuthFlow;
  email: string;
  password: string;
  gpnetId: string | null;
  oneTimePassword: string;
}

export interface RegisterInput extends Omit<Registration, "gpnetId"> {
  flow: AuthFlow;
  gpnetId: string | null;
}

export interface RequestResetInput {
  flow: AuthFlow;
  email: string;
  recaptchaData: string;
}

/** The answer of sign-in, one-time code and registration (the contract's SignInResponse). */
export interface SignInOutput {
  token: string | null;
  twoFactorRequired: boolean;
  customer: Customer | null;
}

/** The single sign-on's start: where to send the browser, and the state to keep for the tab. */
export interface SingleSignOnStart {
  authorizationUrl: string;
  state: string;
}

export interface ExchangeCodeInput {
  code: string;
  state: string;
  habileType: HabileType;
}

export interface SignedIn {
  token: string;
  customer: Customer;
}

/** The messages of SPEC §8 the dialog shows (and our own for limits the spec does not name). */
export type AuthErrorId =
  | "errors.login.unauthorized"
  | "errors.login.allReadyExist"
  | "errors.login.notFound"
  | "errors.server.access"
  | "errors.server.gpNet"
  | "errors.auth.unauthorized"
  | "errors.auth.tooMuch"
  | "errors.auth.timeOut"
  | "errors.notfound"
  | "auth.error.tooManyRequests"
  | "auth.error.captcha";

/** Why a single sign-on failed (the contract's codes, then the statuses told apart); the view says it. */
export type SingleSignOnFailure = "stateRejected" | "codeRejected" | "tokenRejected" | "identityIncomplete" | "accountExists" | "tooManyRequests" | "unavailable";

/** A notification the dialog asks the app to show (a `notifications.push` without its type). */
export interface AuthNotification {
  kind: "danger";
  messageId: AuthErrorId;
  values?: Readonly<Record<string, number>>;
}

