// What the shopper reads when the employees' single sign-on fails: its reasons as message ids.
import type { SingleSignOnFailure } from "../../../machines/auth/auth.types.ts";

export const SINGLE_SIGN_ON_MESSAGES: Readonly<Record<SingleSignOnFailure, string>> = {
  stateRejected: "sso.error.state",
  codeRejected: "sso.error.code",
  tokenRejected: "sso.error.token",
  identityIncomplete: "sso.error.incomplete",
  accountExists: "errors.login.allReadyExist",
  tooManyRequests: "auth.error.tooManyRequests",
  unavailable: "errors.server.access",
};
