// The sign-in dialog's model: opening on either tab (and flagged as reloaded), moving between the
// views, one valid submission per form, and the answers of each call that SPEC §8 tells apart: a
// sign-in with or without two-factor, the code's mismatch with and without attempts left, too many
// attempts, expiry, server failures; the staff directory unreachable for GPNet. The single sign-on:
// started from the employee tab (a brand employee) or by a page (the empowerment programme), its start
// failing, the return with the state this tab kept or another one, and each failure of the exchange.
import { defineFlowModel, type ModelEvent } from "../shared/flow-model.ts";
import { authMachine } from "./auth.machine.ts";
import type { AuthEvent, Customer, SignInOutput, SingleSignOnStart } from "./auth.types.ts";

export const SAMPLE_EMAIL = "ann.martin@example.fr";
export const SAMPLE_PASSWORD = "Sunny@Flight42!";
export const SAMPLE_STAFF_NUMBER = "GP100001";
export const SAMPLE_CODE = "123456";
export const SAMPLE_CAPTCHA = "captcha-answer";
export const SAMPLE_TOKEN = "header.payload.signature";

export const SAMPLE_CUSTOMER: Customer = {
  id: 7,
  gender: null,
  firstName: "Ann",
  lastName: "Martin",
  email: SAMPLE_EMAIL,
  birthDate: null,
  locale: "fr_FR",
  customerGroup: "GENERAL_PUBLIC",
  shoppingCart: null,
  defaultBillingAddress: null,
  defaultShippingAddress: null,
  addresses: [],
  miles: null,
  twoFactorAuthenticationEnabled: false,
  newsLetterSubscribed: false,
  isEmpowermentAdmin: false,
};

export const SIGNED_IN: SignInOutput = { token: SAMPLE_TOKEN, twoFactorRequired: false, customer: SAMPLE_CUSTOMER };
export const CODE_REQUIRED: SignInOutput = { token: null, twoFactorRequired: true, customer: null };
/** A success without a session nor a code to ask for: the contract allows it, the dialog refuses it. */
export const NO_SESSION: SignInOutput = { token: null, twoFactorRequired: false, customer: null };

export const MISMATCH_TWO_LEFT = { status: 401, code: "OTP_MISMATCH", message: "The provided one time password doesn't match|2" };
export const MISMATCH_NO_COUNT = { status: 401, code: "OTP_MISMATCH", message: "The provided one time password doesn't match" };
export const TOO_MANY = { status: 401, code: "OTP_TOO_MANY_ATTEMPTS", message: "Too much attempts for one time password" };
export const EXPIRED = { status: 401, code: "OTP_EXPIRED", message: "One time password is expired" };
export const BAD_CREDENTIALS = { status: 401, code: "BAD_CREDENTIALS", message: "Wrong e-mail or password" };
const CONFLICT = { status: 409, code: "EMAIL_ALREADY_EXISTS", message: "An account already exists" };
export const SERVER_ERROR = { status: 500, message: "Internal Server Error" };
export const DIRECTORY_DOWN = { status: 502, code: "GPNET_UNAVAILABLE", message: "Staff directory unavailable" };

export const SAMPLE_RETURN_TO = "/fr/produit/mug-email";
export const SAMPLE_HOME = "/fr";
export const SAMPLE_STATE = "k3Vd9rQx";
export const SAMPLE_AUTHORIZATION_CODE = "c0de-from-provider";
export const AUTHORIZATION: SingleSignOnStart = { authorizationUrl: "https://sso.example.fr/authorize?state=k3Vd9rQx", state: SAMPLE_STATE };

export const SSO_STATE_REJECTED = { status: 401, code: "SSO_STATE_REJECTED", message: "Unknown or expired state" };
export const SSO_CODE_REJECTED = { status: 401, code: "SSO_CODE_REJECTED", message: "The provider refused the code" };
export const SSO_TOKEN_REJECTED = { status: 401, code: "SSO_TOKEN_REJECTED", message: "Invalid ID token" };
export const SSO_IDENTITY_INCOMPLETE = { status: 403, code: "SSO_IDENTITY_INCOMPLETE", message: "No staff number" };
export const SSO_TOO_MANY = { status: 429, code: "TOO_MANY_REQUESTS", message: "Slow down" };
export const PROVIDER_DOWN = { status: 502, code: "SSO_PROVIDER_UNAVAILABLE", message: "Identity provider unreachable" };

/** Every failure of the code exchange that the return page tells apart. */
export const EXCHANGE_FAILURES = [SSO_STATE_REJECTED, SSO_CODE_REJECTED, SSO_TOKEN_REJECTED, SSO_IDENTITY_INCOMPLETE, CONFLICT, SSO_TOO_MANY, PROVIDER_DOWN];

export const authModel = defineFlowModel(authMachine, {
  name: "auth",
  input: {},
  events: (snapshot): ModelEvent<AuthEvent>[] => [
    // The employee tab's button signs a brand employee in; a page or a guard starts the programme's.
    ...(snapshot.matches("open")
      ? snapshot.context.flow === "gpnet"
        ? [{ type: "auth.startSingleSignOn", habileType: "BRAND_EMPLOYEE", returnTo: SAMPLE_RETURN_TO } as const]
        : []
      : [{ type: "auth.startSingleSignOn", habileType: "EMPOWERMENT", returnTo: SAMPLE_HOME } as const]),
    { type: "auth.returnFromSingleSignOn", code: SAMPLE_AUTHORIZATION_CODE, state: SAMPLE_STATE, expectedState: SAMPLE_STATE, habileType: "EMPOWERMENT" },
    { type: "auth.returnFromSingleSignOn", code: SAMPLE_AUTHORIZATION_CODE, state: "forged-state", expectedState: SAMPLE_STATE, habileType: "EMPOWERMENT" },
    { type: "auth.open" },
    // Sent by the app only as it starts (a stored session it cannot read): the dialog is closed then.
    ...(snapshot.matches("closed") ? [{ type: "auth.open", reloaded: true } as const] : []),
    { type: "auth.close" },
    // The tabs send a choice only for the tab not selected (clicking the selected one does nothing).
    { type: "auth.selectTab", tab: snapshot.context.flow === "gpnet" ? "personal" : "employee" },
    { type: "auth.showLogin" },
    { type: "auth.showRegister" },
    { type: "auth.showForgot" },
    { type: "auth.submitLogin", email: SAMPLE_EMAIL, password: SAMPLE_PASSWORD, recaptchaData: SAMPLE_CAPTCHA, gpnetId: SAMPLE_STAFF_NUMBER },
    { type: "auth.submitCode", oneTimePassword: SAMPLE_CODE },
    {
      type: "auth.submitRegister",
      registration: {
        email: SAMPLE_EMAIL,
        firstName: "Ann",
        lastName: "Martin",
        password: SAMPLE_PASSWORD,
        twoFactorAuthenticationEnabled: true,
        newsLetterSubscribed: false,
        recaptchaData: SAMPLE_CAPTCHA,
        gpnetId: SAMPLE_STAFF_NUMBER,
      },
    },
    { type: "auth.submitForgot", email: SAMPLE_EMAIL, recaptchaData: SAMPLE_CAPTCHA },
    { type: "xstate.done.actor.signIn", output: SIGNED_IN },
    { type: "xstate.done.actor.signIn", output: CODE_REQUIRED },
    { type: "xstate.done.actor.signIn", output: NO_SESSION },
    { type: "xstate.error.actor.signIn", error: BAD_CREDENTIALS },
    { type: "xstate.error.actor.signIn", error: DIRECTORY_DOWN },
    { type: "xstate.done.actor.verifyCode", output: SIGNED_IN },
    { type: "xstate.done.actor.verifyCode", output: NO_SESSION },
    { type: "xstate.error.actor.verifyCode", error: MISMATCH_TWO_LEFT },
    { type: "xstate.error.actor.verifyCode", error: MISMATCH_NO_COUNT },
    { type: "xstate.error.actor.verifyCode", error: TOO_MANY },
    { type: "xstate.error.actor.verifyCode", error: EXPIRED },
    { type: "xstate.error.actor.verifyCode", error: SERVER_ERROR },
    { type: "xstate.done.actor.register", output: SIGNED_IN },
    { type: "xstate.done.actor.register", output: NO_SESSION },
    { type: "xstate.error.actor.register", error: CONFLICT },
    { type: "xstate.done.actor.requestReset", output: undefined },
    { type: "xstate.error.actor.requestReset", error: SERVER_ERROR },
    { type: "xstate.done.actor.startSingleSignOn", output: AUTHORIZATION },
    { type: "xstate.error.actor.startSingleSignOn", error: PROVIDER_DOWN },
    { type: "xstate.done.actor.exchangeCode", output: SIGNED_IN },
    { type: "xstate.done.actor.exchangeCode", output: NO_SESSION },
    ...EXCHANGE_FAILURES.map((error) => ({ type: "xstate.error.actor.exchangeCode" as const, error })),
  ],
  describeEvent: (event) => {
    if (event.type.startsWith("xstate.done.actor.")) {
      const name = event.type.slice("xstate.done.actor.".length);
      if ("output" in event && event.output === CODE_REQUIRED) return `(${name} asks for the one-time code)`;
      if ("output" in event && event.output === NO_SESSION) return `(${name} answers without a session)`;
      return `(${name} succeeds)`;
    }
    if (event.type.startsWith("xstate.error.actor.") && "error" in event) {
      const name = event.type.slice("xstate.error.actor.".length);
      const error = event.error;
      if (typeof error === "object" && error !== null && "message" in error && "status" in error) {
        return `(${name} answers ${String(error.status)} "${String(error.message)}")`;
      }
    }
    if (event.type === "auth.submitLogin") return "auth.submitLogin";
    if (event.type === "auth.submitRegister") return "auth.submitRegister";
    if (event.type === "auth.submitForgot") return "auth.submitForgot";
    if (event.type === "auth.returnFromSingleSignOn") {
      return event.state === event.expectedState ? "auth.returnFromSingleSignOn (the state kept)" : "auth.returnFromSingleSignOn (another state)";
    }
    return undefined;
  },
});
