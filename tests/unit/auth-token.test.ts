// The customer token cookie (SPEC §3, §9) and the API client's report of a 401 that ends a session.
import { describe, expect, it } from "vitest";
import { createApiClient, unwrap } from "../../src/api/client.ts";
import { createCustomerTokenStore, readTokenCookie, tokenCookie } from "../../src/app/customer-token.ts";

const TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.c2lnbmF0dXJl";

/** A cookie jar that behaves like document.cookie for one cookie name. */
function jar(initial = "") {
  const cookies = new Map<string, string>();
  for (const part of initial.split(";").filter(Boolean)) {
    const [name = "", value = ""] = part.trim().split("=");
    cookies.set(name, value);
  }
  const writes: string[] = [];
  return {
    writes,
    get cookie() {
      return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    },
    set cookie(assignment: string) {
      writes.push(assignment);
      const [pair = "", ...attributes] = assignment.split(";").map((part) => part.trim());
      const [name = "", value = ""] = pair.split("=");
      if (attributes.includes("Max-Age=0")) cookies.delete(name);
      else cookies.set(name, value);
    },
  };
}

describe("customer token cookie", () => {
  it("reads a stored token, none, or an unreadable one", () => {
    expect(readTokenCookie(`consent=x; customerToken=${TOKEN}`)).toEqual({ state: "present", token: TOKEN });
    expect(readTokenCookie("consent=x")).toEqual({ state: "none" });
    expect(readTokenCookie("customerToken=not-a-token")).toEqual({ state: "unreadable" });
    expect(readTokenCookie("customerToken=%E0%A4%A")).toEqual({ state: "unreadable" });
  });

  it("keeps the token 30 minutes, strict, secure on https", () => {
    expect(tokenCookie(TOKEN, true)).toBe(`customerToken=${TOKEN}; Max-Age=1800; Path=/; SameSite=Strict; Secure`);
    expect(tokenCookie(TOKEN, false)).not.toContain("Secure");
  });

  it("refreshes the cookie each time the token is read, and forgets it", () => {
    const cookies = jar(`customerToken=${TOKEN}`);
    const store = createCustomerTokenStore(cookies, false);
    expect(store.initial).toEqual({ state: "present", token: TOKEN });
    expect(store.read()).toBe(TOKEN);
    expect(cookies.writes).toEqual([tokenCookie(TOKEN, false)]);
    store.remove();
    expect(store.read()).toBeUndefined();
    store.store("a.b.c");
    expect(store.read()).toBe("a.b.c");
  });
});

describe("API client and the session", () => {
  it("reports a 401 with the operation's contract path, and stores a renewed token", async () => {
    const unauthorized: string[] = [];
    const renewed: string[] = [];
    const api = createApiClient({
      baseUrl: "http://shop.test/api/v1",
      storefrontToken: "t",
      locale: () => "fr_FR",
      customerToken: () => TOKEN,
      onCustomerToken: (token) => renewed.push(token),
      onUnauthorized: ({ schemaPath }) => unauthorized.push(schemaPath),
      fetch: (async (input: RequestInfo | URL) => {
        const url = new URL(input instanceof Request ? input.url : input.toString());
        return url.pathname.endsWith("/customers/me")
          ? new Response(JSON.stringify({ status: 401, message: "Session expired" }), { status: 401, headers: { "content-type": "application/json" } })
          : new Response("[]", { status: 200, headers: { "content-type": "application/json", "X-Customer-Token": "renewed.jwt.token" } });
      }) as typeof fetch,
    });
    await unwrap(api.GET("/categories"));
    await expect(unwrap(api.GET("/customers/me"))).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).toEqual(["/customers/me"]);
    expect(renewed).toEqual(["renewed.jwt.token"]);
  });
});
