// The `consent` cookie: written by the app on each decision, read back by the app at start and by
// the server's first paint (which shows the banner only to visitors who have not decided).
import {
  CONSENT_COOKIE_DAYS,
  type ConsentCategory,
  type ConsentChoices,
  type StoredConsent,
} from "../machines/cookie-consent/cookie-consent.types.ts";
import { cookieString, cookieValue } from "./cookies.ts";

export const CONSENT_COOKIE = "consent";
const SECONDS_PER_DAY = 86_400;

/** A category is allowed only where the cookie says `true` (one it does not name, added since, is refused).
 *  Not built with the consent machine's `allChoices`: the app reads the cookie before the machine's code
 *  is loaded, and the server reads it too; the compiler holds these keys to ConsentCategory. */
function choicesOf(categories: object): ConsentChoices {
  const allowed = (category: ConsentCategory) => Reflect.get(categories, category) === true;
  return { maps: allowed("maps"), captcha: allowed("captcha"), payment: allowed("payment") };
}

/** The decision kept in the cookie, or null when there is none or it is not one we wrote. */
export function readStoredConsent(cookieHeader: string): StoredConsent | null {
  const raw = cookieValue(cookieHeader, CONSENT_COOKIE);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(raw));
    if (typeof parsed !== "object" || parsed === null || !("categories" in parsed) || !("decidedAt" in parsed)) return null;
    const { categories, decidedAt } = parsed;
    if (typeof decidedAt !== "string" || typeof categories !== "object" || categories === null) return null;
    return { categories: choicesOf(categories), decidedAt };
  } catch {
    return null;
  }
}

/** The `Set-Cookie`-style string that keeps a decision. */
export function consentCookie(consent: StoredConsent, secure: boolean): string {
  const value = encodeURIComponent(JSON.stringify(consent));
  return cookieString(CONSENT_COOKIE, value, CONSENT_COOKIE_DAYS * SECONDS_PER_DAY, secure);
}
