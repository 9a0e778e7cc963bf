// Where the shopper's cart is kept (SPEC §3 client storage, §9): the `cart_id` cookie, for one day,
// SameSite=Strict and Secure on https. Renewed each time the cart changes; deleted when its cart can no
// longer be fetched, when it is cleared, at sign-out, and at the sign-in of a customer outside the
// General public group. The auth flow reads it to hand the anonymous cart over at sign-in.
import { cookieString, cookieValue } from "../../common/cookies.ts";

const CART_COOKIE = "cart_id";
/** SPEC §9: the cart cookie lives 1 day. */
const CART_COOKIE_DAYS = 1;
const SECONDS_PER_DAY = 86_400;

const CART_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;

/**
 * The cart's uuid kept in a `Cookie` header (the browser's `document.cookie` by default), or null.
 * Anything else is ignored, the sequential ids older versions kept included: the next add makes a
 * new cart and overwrites the cookie.
 */
export function readStoredCartId(cookieHeader: string = typeof document === "undefined" ? "" : document.cookie): string | null {
  const raw = cookieValue(cookieHeader, CART_COOKIE);
  return raw !== undefined && CART_UUID.test(raw) ? raw.toLowerCase() : null;
}

/** The `Set-Cookie`-style string that keeps a cart's uuid for a day. */
export function cartIdCookie(cartId: string, secure: boolean): string {
  return cookieString(CART_COOKIE, cartId, CART_COOKIE_DAYS * SECONDS_PER_DAY, secure);
}

/** The string that deletes the cookie. */
export function expiredCartIdCookie(secure: boolean): string {
  return cookieString(CART_COOKIE, "", 0, secure);
}

const isSecurePage = () => window.location.protocol === "https:";

export function storeCartId(cartId: string): void {
  document.cookie = cartIdCookie(cartId, isSecurePage());
}

export function forgetCartId(): void {
  document.cookie = expiredCartIdCookie(isSecurePage());
}
