// The sign-in dialog's model: opening on either tab (and flagged as reloaded), moving between the
// views, one valid submission per form, and the answers of each call that SPEC §8 tells apart: a
// sign-in with or without two-factor, the code's mismatch with and without attempts left, too many
// attempts, expiry, server failures; the staff directory unreachable for GPNet.
import { defineFlowModel, type ModelEvent } from "../shared/flow-model.ts";
import { authMachine } from "./auth.machine.ts";
import type { AuthEvent, Customer, SignInOutput } from "./auth.types.ts";

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

export const MISMATCH_TWO_LEFT = { status: 401, code: "OTP_MISMATCH", message: "The provided one time password doesn't match|2" };
export const MISMATCH_NO_COUNT = { status: 401, code: "OTP_MISMATCH", message: "The provided one time password doesn't match" };
export const TOO_MANY = { status: 401, code: "OTP_TOO_MANY_ATTEMPTS", message: "Too much attempts for one time password" };
export const EXPIRED = { status: 401, code: "OTP_EXPIRED", message: "One time password is expired" };
export const BAD_CREDENTIALS = { status: 401, code: "BAD_CREDENTIALS", message: "Wrong e-mail or password" };
const CONFLICT = { status: 409, code: "EMAIL_ALREADY_EXISTS", message: "An account already exists" };
export const SERVER_ERROR = { status: 500, message: "Internal Server Error" };
export const DIRECTORY_DOWN = { status: 502, code: "GPNET_UNAVAILABLE", message: "Staff directory unavailable" };

export const authModel = defineFlowModel(authMachine, {
  name: "auth",
  input: {},
  events: (): ModelEvent<AuthEvent>[] => [
    { type: "auth.open" },
    { type: "auth.open", tab: "employee" },
    { type: "auth.open", reloaded: true },
    { type: "auth.close" },
    { type: "auth.selectTab", tab: "personal" },
    { type: "auth.selectTab", tab: "employee" },
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
    { type: "xstate.error.actor.signIn", error: BAD_CREDENTIALS },
    { type: "xstate.error.actor.signIn", error: DIRECTORY_DOWN },
    { type: "xstate.done.actor.verifyCode", output: SIGNED_IN },
    { type: "xstate.error.actor.verifyCode", error: MISMATCH_TWO_LEFT },
    { type: "xstate.error.actor.verifyCode", error: MISMATCH_NO_COUNT },
    { type: "xstate.error.actor.verifyCode", error: TOO_MANY },
    { type: "xstate.error.actor.verifyCode", error: EXPIRED },
    { type: "xstate.error.actor.verifyCode", error: SERVER_ERROR },
    { type: "xstate.done.actor.register", output: SIGNED_IN },
    { type: "xstate.error.actor.register", error: CONFLICT },
    { type: "xstate.done.actor.requestReset", output: undefined },
    { type: "xstate.error.actor.requestReset", error: SERVER_ERROR },
  ],
  describeEvent: (event) => {
    if (event.type.startsWith("xstate.done.actor.")) {
      const name = event.type.slice("xstate.done.actor.".length);
      if ("output" in event && event.output === CODE_REQUIRED) return `(${name} asks for the one-time code)`;
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
    return undefined;
  },
});
