// The consent cookie: written by consentCookie() (by the app on each decision), read back by
// readStoredConsent(), which the app and the server's first paint both use. How a real browser keeps
// it (expiry, SameSite) is checked end to end in tests/e2e/cookie-consent.e2e.ts.
import { afterEach, describe, expect, it, vi } from "vitest";
import { CONSENT_COOKIE, consentCookie, readStoredConsent } from "../../common/consent-cookie.ts";
import { createConsent } from "../../src/app/consent.tsx";
import type { StoredConsent } from "../../machines/cookie-consent/cookie-consent.types.ts";

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const CHOSEN: StoredConsent = { categories: { maps: true, captcha: true, payment: false }, decidedAt: "2026-03-02T09:30:00.000Z" };

/** A `Set-Cookie`-style string as a browser reads it: name, value, and attributes by lower-case name. */
function parseCookie(written: string) {
  const [pair = "", ...attributes] = written.split(";").map((part) => part.trim());
  const equals = pair.indexOf("=");
  return {
    name: pair.slice(0, equals),
    value: pair.slice(equals + 1),
    attributes: new Map(
      attributes.map((attribute) => {
        const [key = "", ...rest] = attribute.split("=");
        return [key.toLowerCase(), rest.join("=")] as const;
      }),
    ),
  };
}

/** A page of the shop at `protocol`: what the app writes to document.cookie is kept in `written`. */
function stubPage(protocol: "https:" | "http:", cookieHeader = "") {
  const written: string[] = [];
  vi.stubGlobal("window", { location: { protocol } });
  vi.stubGlobal("document", {
    get cookie() {
      return cookieHeader;
    },
    set cookie(value: string) {
      written.push(value);
    },
  });
  return written;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("writing the consent cookie", () => {
  it("keeps the decision 365 days, for the whole site, same-site only, readable by the app", () => {
    const cookie = parseCookie(consentCookie(CHOSEN, false));
    expect(cookie.name).toBe(CONSENT_COOKIE);
    expect(cookie.attributes.get("max-age")).toBe(String(YEAR_SECONDS));
    expect(cookie.attributes.get("path")).toBe("/");
    expect(cookie.attributes.get("samesite")).toBe("Strict");
    // The app reads it from document.cookie.
    expect(cookie.attributes.has("httponly")).toBe(false);
    // Its value holds nothing a cookie may not: no separator, no space.
    expect(cookie.value).toMatch(/^[^;,\s"]+$/);
  });

  it("marks it Secure for a shop on https only: on http a browser would drop a Secure cookie", () => {
    expect(parseCookie(consentCookie(CHOSEN, true)).attributes.has("secure")).toBe(true);
    expect(parseCookie(consentCookie(CHOSEN, false)).attributes.has("secure")).toBe(false);
  });

  it.each([
    ["https:", true],
    ["http:", false],
  ] as const)("is written by the app on a decision, Secure only on https (%s)", async (protocol, secure) => {
    const written = stubPage(protocol);
    const consent = createConsent();
    expect(consent.stored).toBeNull();
    (await consent.actor.load()).send({ type: "consent.acceptAll" });
    consent.actor.stop();

    expect(written).toHaveLength(1);
    const cookie = parseCookie(written[0] ?? "");
    expect(cookie.name).toBe(CONSENT_COOKIE);
    expect(cookie.attributes.has("secure")).toBe(secure);
    expect(cookie.attributes.get("max-age")).toBe(String(YEAR_SECONDS));
    expect(readStoredConsent(`${cookie.name}=${cookie.value}`)?.categories).toEqual({ maps: true, captcha: true, payment: true });
  });
});

describe("reading the consent cookie", () => {
  // document.cookie and a request's Cookie header both read `name=value; name=value`.
  const stored = consentCookie(CHOSEN, true).split(";")[0] ?? "";

  it("reads back a stored choice among the site's other cookies", () => {
    expect(readStoredConsent(stored)).toEqual(CHOSEN);
    expect(readStoredConsent(`theme=dark; ${stored}; cart=abc`)).toEqual(CHOSEN);
    expect(readStoredConsent(`theme=dark;${stored}`)).toEqual(CHOSEN);
  });

  it("starts the app from the stored decision on a later visit", () => {
    stubPage("https:", `cart=abc; ${stored}`);
    expect(createConsent().stored).toEqual(CHOSEN);
  });

  it("counts a category the cookie does not name, or names with anything but true, as refused, and ignores unknown ones", () => {
    const older = `${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify({ categories: { captcha: true, maps: "yes", analytics: true }, decidedAt: CHOSEN.decidedAt }))}`;
    expect(readStoredConsent(older)).toEqual({ categories: { maps: false, captcha: true, payment: false }, decidedAt: CHOSEN.decidedAt });
  });

  const encoded = (value: unknown) => `${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify(value))}`;
  it.each([
    ["no cookie at all", ""],
    ["other cookies only", "theme=dark; cart=abc"],
    ["a cookie whose name only ends like it", `my${stored}`],
    ["an empty value", `${CONSENT_COOKIE}=`],
    ["a value that is not JSON", `${CONSENT_COOKIE}=yes`],
    ["broken escapes", `${CONSENT_COOKIE}=%7B%ZZ`],
    ["truncated JSON", `${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify(CHOSEN)).slice(0, 30)}`],
    ["JSON null", encoded(null)],
    ["a list", encoded([CHOSEN])],
    ["no date", encoded({ categories: CHOSEN.categories })],
    ["a date that is not text", encoded({ categories: CHOSEN.categories, decidedAt: 20260302 })],
    ["no categories", encoded({ decidedAt: CHOSEN.decidedAt })],
    ["categories that are not an object", encoded({ categories: "all", decidedAt: CHOSEN.decidedAt })],
    ["null categories", encoded({ categories: null, decidedAt: CHOSEN.decidedAt })],
  ])("finds no choice in %s", (_case, header) => {
    expect(readStoredConsent(header)).toBeNull();
  });
});
