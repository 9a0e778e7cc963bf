// The customer's session token (SPEC §3 client storage, §9): a cookie of 30 minutes, refreshed each
// time it is read (every API call reads it), SameSite=Strict, Secure on https. The API client reads it
// and stores the renewed token the server returns.
import { cookieString, cookieValue } from "../../common/cookies.ts";

export const CUSTOMER_TOKEN_COOKIE = "customerToken";
const CUSTOMER_TOKEN_MINUTES = 30;
const SECONDS_PER_MINUTE = 60;

/** A JWT: three base64url parts. Anything else in the cookie cannot be a token we wrote. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/u;

export type StoredTokenRead = { state: "none" } | { state: "present"; token: string } | { state: "unreadable" };

/** What the cookie header holds under the token's name. */
export function readTokenCookie(cookieHeader: string): StoredTokenRead {
  const raw = cookieValue(cookieHeader, CUSTOMER_TOKEN_COOKIE);
  if (raw === undefined || raw === "") return { state: "none" };
  let token: string;
  try {
    token = decodeURIComponent(raw);
  } catch {
    return { state: "unreadable" };
  }
  return TOKEN_PATTERN.test(token) ? { state: "present", token } : { state: "unreadable" };
}

/** The `document.cookie` assignment that keeps the token 30 minutes more. */
export function tokenCookie(token: string, secure: boolean): string {
  return cookieString(CUSTOMER_TOKEN_COOKIE, encodeURIComponent(token), CUSTOMER_TOKEN_MINUTES * SECONDS_PER_MINUTE, secure);
}

/** The `document.cookie` assignment that deletes the token. */
function deletedTokenCookie(secure: boolean): string {
  return cookieString(CUSTOMER_TOKEN_COOKIE, "", 0, secure);
}

export interface CustomerTokenStore {
  /** The token, its cookie refreshed for 30 minutes; undefined when none (or unreadable). */
  read(): string | undefined;
  /** The token of a session just opened (a sign-in): a new session begins. */
  store(token: string): void;
  /** The same session's token, renewed by an answer. */
  renew(token: string): void;
  /** The session is over (signed out, expired): a new, anonymous one begins. */
  remove(): void;
  /** Which of this page's sessions is the current one: changes at each sign-in and each end, not at a
   *  renewal. An answer to a call made in an earlier one says nothing of the current one. */
  session(): number;
  /** What the cookie held when the app started. */
  readonly initial: StoredTokenRead;
}

/** The token store of a document (the browser's, or a test's). */
export function createCustomerTokenStore(target: { cookie: string } = document, secure = window.location.protocol === "https:"): CustomerTokenStore {
  const initial = readTokenCookie(target.cookie);
  let session = 0;
  return {
    initial,
    read() {
      const found = readTokenCookie(target.cookie);
      if (found.state !== "present") return undefined;
      target.cookie = tokenCookie(found.token, secure);
      return found.token;
    },
    store(token) {
      session += 1;
      target.cookie = tokenCookie(token, secure);
    },
    renew(token) {
      target.cookie = tokenCookie(token, secure);
    },
    remove() {
      session += 1;
      target.cookie = deletedTokenCookie(secure);
    },
    session: () => session,
  };
}
