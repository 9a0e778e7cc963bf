// Where the shopper's cart id is kept (SPEC §3 client storage, §9): the `cart_id` cookie, for one day,
// SameSite=Strict and Secure on https. Renewed each time the cart changes; deleted when its cart can no
// longer be fetched, when it is cleared, at sign-out, and at the sign-in of a customer outside the
// General public group. The auth flow reads it to hand the anonymous cart over at sign-in.

export const CART_COOKIE = "cart_id";
/** SPEC §9: the cart cookie lives 1 day. */
export const CART_COOKIE_DAYS = 1;
const SECONDS_PER_DAY = 86_400;

/** The cart id kept in a `Cookie` header (the browser's `document.cookie` by default), or null. */
export function readStoredCartId(cookieHeader: string = typeof document === "undefined" ? "" : document.cookie): number | null {
  const raw = cookieHeader
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${CART_COOKIE}=`))
    ?.slice(CART_COOKIE.length + 1);
  if (raw === undefined || !/^[1-9]\d{0,15}$/u.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/** The `Set-Cookie`-style string that keeps a cart id for a day. */
export function cartIdCookie(cartId: number, secure: boolean): string {
  return `${CART_COOKIE}=${cartId}; Max-Age=${CART_COOKIE_DAYS * SECONDS_PER_DAY}; Path=/; SameSite=Strict${secure ? "; Secure" : ""}`;
}

/** The string that deletes the cookie. */
export function expiredCartIdCookie(secure: boolean): string {
  return `${CART_COOKIE}=; Max-Age=0; Path=/; SameSite=Strict${secure ? "; Secure" : ""}`;
}

const isSecurePage = () => window.location.protocol === "https:";

export function storeCartId(cartId: number): void {
  document.cookie = cartIdCookie(cartId, isSecurePage());
}

export function forgetCartId(): void {
  document.cookie = expiredCartIdCookie(isSecurePage());
}
