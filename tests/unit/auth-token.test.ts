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

describe("answers that come after the session changed", () => {
  const OLD = "b2xk.c2Vzc2lvbg.MQ";
  const NEW = "bmV3.c2Vzc2lvbg.Mg";
  const RENEWED_OLD = "b2xk.cmVuZXdlZA.Mw";

  /** The app's token store and client, with the server's answers held until the test gives them. */
  function shop(initialToken: string) {
    const cookies = jar(`customerToken=${initialToken}`);
    const tokens = createCustomerTokenStore(cookies, false);
    const unauthorized: string[] = [];
    const held: { request: Request; answer: (response: Response) => void }[] = [];
    const api = createApiClient({
      baseUrl: "http://shop.test/api/v1",
      storefrontToken: "t",
      locale: () => "fr_FR",
      customerToken: () => tokens.read(),
      customerSession: () => tokens.session(),
      onCustomerToken: (token) => tokens.renew(token),
      onUnauthorized: ({ schemaPath }) => unauthorized.push(schemaPath),
      fetch: ((input: RequestInfo | URL) =>
        new Promise<Response>((answer) => held.push({ request: input instanceof Request ? input : new Request(input), answer }))) as typeof fetch,
    });
    return { cookies, tokens, api, unauthorized, held };
  }
  const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
  const answer401 = () => json({ status: 401, message: "Session expired" }, 401);

  it("a 401 to a call made while signed out does not end the session signed in since", async () => {
    const { tokens, api, unauthorized, held } = shop(OLD);
    tokens.remove(); // the session ended (a 401, a sign-out)
    const call = unwrap(api.POST("/adyen/payment-methods", { body: { amount: { value: 2900, currency: "EUR" }, channel: "Web", countryCode: "FR" } }));
    await expect.poll(() => held.length).toBe(1);
    expect(held[0]?.request.headers.get("X-Customer-Authorization")).toBeNull();
    tokens.store(NEW); // signed in again before the answer came
    held[0]?.answer(answer401());
    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).toEqual([]);
    expect(tokens.read()).toBe(NEW);
  });

  it("an answer to a call of an ended session neither ends the next one nor brings its token back", async () => {
    const { tokens, api, unauthorized, held } = shop(OLD);
    const renewing = unwrap(api.GET("/categories"));
    const refused = unwrap(api.GET("/customers/me"));
    await expect.poll(() => held.length).toBe(2);
    expect(held.map(({ request }) => request.headers.get("X-Customer-Authorization"))).toEqual([`Bearer ${OLD}`, `Bearer ${OLD}`]);
    tokens.remove(); // signed out while both were on their way
    held[0]?.answer(json([], 200, { "X-Customer-Token": RENEWED_OLD }));
    await renewing;
    expect(tokens.read()).toBeUndefined();
    tokens.store(NEW);
    held[1]?.answer(answer401());
    await expect(refused).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).toEqual([]);
    expect(tokens.read()).toBe(NEW);
  });

  it("the current session's own answers still renew its token and end it, its cookie gone or not", async () => {
    const { cookies, tokens, api, unauthorized, held } = shop(OLD);
    const session = tokens.session();
    const renewing = unwrap(api.GET("/categories"));
    await expect.poll(() => held.length).toBe(1);
    held[0]?.answer(json([], 200, { "X-Customer-Token": RENEWED_OLD }));
    await renewing;
    expect(tokens.read()).toBe(RENEWED_OLD);
    expect(tokens.session()).toBe(session); // a renewal is the same session
    const refused = unwrap(api.GET("/customers/me"));
    await expect.poll(() => held.length).toBe(2);
    held[1]?.answer(answer401());
    await expect(refused).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).toEqual(["/customers/me"]);
    // The cookie expired while the page was left open: the call goes without a token, and its 401 ends the session too.
    cookies.cookie = "customerToken=; Max-Age=0; Path=/";
    const expired = unwrap(api.GET("/customers/me"));
    await expect.poll(() => held.length).toBe(3);
    expect(held[2]?.request.headers.get("X-Customer-Authorization")).toBeNull();
    held[2]?.answer(answer401());
    await expect(expired).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).toEqual(["/customers/me", "/customers/me"]);
  });
});
