// The shop's own cookies (the customer's token, the cart's id, the consent): read from a `Cookie`
// header or `document.cookie`, and written the one way SPEC §9 asks for (Path=/, SameSite=Strict,
// Secure on https), by the app and by the server alike.

/** The raw value of the cookie `name` in a cookie header; undefined when it has none. */
export function cookieValue(cookieHeader: string, name: string): string | undefined {
  return cookieHeader
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/** The `Set-Cookie`-style string (a `document.cookie` assignment) that keeps `value` for
 *  `maxAgeSeconds`, or deletes the cookie with 0 and an empty value. */
export function cookieString(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${name}=${value}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Strict${secure ? "; Secure" : ""}`;
}
