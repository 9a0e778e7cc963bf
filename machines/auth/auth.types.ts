// The vocabulary of the sign-in dialog (SPEC §2 login modal, §3 login and signup payloads, §4
// Authentication and Code view, §8 login, code step and employee errors, §9 code length and attempts).
// Two sub-flows share its views: the personal account and the staff-number (GPNet) account.
import type { components } from "../../common/api/schema.gen.ts";


export type Customer = components["schemas"]["Customer"];
export type CustomerGroup = components["schemas"]["CustomerGroup"];

/** SPEC §9: the one-time code has 6 digits and its attempts counter starts at 3. */
export const CODE_LENGTH = 6;
export const CODE_ATTEMPTS = 3;

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
  | { type: "auth.open"; tab?: AuthTab; reloaded?: boolean }
  | { type: "auth.close" }
  | { type: "auth.selectTab"; tab: AuthTab }
  | { type: "auth.showLogin" }
  | { type: "auth.showRegister" }
  | { type: "auth.showForgot" }
  | { type: "auth.submitLogin"; email: string; password: string; recaptchaData: string; gpnetId?: string }
  | { type: "auth.submitCode"; oneTimePassword: string }
  | { type: "auth.submitRegister"; registration: Registration }
  | { type: "auth.submitForgot"; email: string; recaptchaData: string };

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

/** A notification the dialog asks the app to show (a `notifications.push` without its type). */
export interface AuthNotification {
  kind: "danger";
  messageId: AuthErrorId;
  values?: Readonly<Record<string, number>>;
}

