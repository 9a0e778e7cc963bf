// How the dialog reads a failed call (SPEC §8): a status for the login, register and forgot views,
// and for the code view the server's message split on '|' (message, then the attempts left).
import { statusOf } from "../shared/http-status.ts";
import type { AuthErrorId, AuthFlow, SingleSignOnFailure } from "./auth.types.ts";

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
