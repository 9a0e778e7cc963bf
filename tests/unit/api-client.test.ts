import { describe, expect, it } from "vitest";
import { CANCELLED_STATUS, createApiClient, NO_RESPONSE_STATUS, unwrap, type ApiError } from "../../src/api/client.ts";

function recordingFetch(answer: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fetcher = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request);
    return answer(request);
  };
  return { requests, fetcher: fetcher as typeof fetch };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

async function failure(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error("the call did not fail");
}

describe("the API client", () => {
  it("adds the locale, the storefront token and the customer token to every call", async () => {
    const { requests, fetcher } = recordingFetch(() => json([]));
    const api = createApiClient({
      baseUrl: "http://shop.test/api/v1",
      storefrontToken: "storefront-123",
      locale: () => "en_US",
      customerToken: () => "jwt-abc",
      fetch: fetcher,
    });
    await unwrap(api.GET("/categories"));
    const request = requests[0];
    expect(new URL(request?.url ?? "").searchParams.get("locale")).toBe("en_US");
    expect(request?.headers.get("authorization")).toBe("Bearer storefront-123");
    expect(request?.headers.get("x-customer-authorization")).toBe("Bearer jwt-abc");
  });

  it("sends no customer header without a token and keeps an explicit locale", async () => {
    const { requests, fetcher } = recordingFetch(() => json({ terms: [] }));
    const api = createApiClient({ baseUrl: "http://shop.test/api/v1", storefrontToken: "t", locale: () => "fr_FR", fetch: fetcher });
    await unwrap(api.GET("/products/search-autocomplete", { params: { query: { searchTerm: "val", locale: "en_US" } } }));
    expect(requests[0]?.headers.has("x-customer-authorization")).toBe(false);
    expect(new URL(requests[0]?.url ?? "").searchParams.getAll("locale")).toEqual(["en_US"]);
  });

  it("sends a body as given, with the locale in the query", async () => {
    const { requests, fetcher } = recordingFetch(() => json({ email: "a@b.fr" }, 201));
    const api = createApiClient({ baseUrl: "http://shop.test/api/v1", storefrontToken: "t", locale: () => "en_US", fetch: fetcher });
    await unwrap(api.POST("/newsletter/subscriptions", { body: { email: "a@b.fr" } }));
    expect(new URL(requests[0]?.url ?? "").searchParams.get("locale")).toBe("en_US");
    expect(await requests[0]?.json()).toEqual({ email: "a@b.fr" });
  });

  it("hands over the renewed customer token an answer carries", async () => {
    const { fetcher } = recordingFetch(() => json([], 200, { "X-Customer-Token": "renewed-jwt" }));
    const seen: string[] = [];
    const api = createApiClient({
      baseUrl: "http://shop.test/api/v1",
      storefrontToken: "t",
      locale: () => "fr_FR",
      onCustomerToken: (token) => seen.push(token),
      fetch: fetcher,
    });
    await unwrap(api.GET("/categories"));
    expect(seen).toEqual(["renewed-jwt"]);
  });

  it("normalises an error answer to status, message and code", async () => {
    const { fetcher } = recordingFetch(() => json({ status: 409, message: "Already subscribed", code: "NEWSLETTER_ALREADY_SUBSCRIBED" }, 409));
    const api = createApiClient({ baseUrl: "http://shop.test/api/v1", storefrontToken: "t", locale: () => "fr_FR", fetch: fetcher });
    const error = await failure(unwrap(api.POST("/newsletter/subscriptions", { body: { email: "a@b.fr" } })));
    expect(error).toEqual({ status: 409, message: "Already subscribed", code: "NEWSLETTER_ALREADY_SUBSCRIBED" });
  });

  it("reports a cancelled call as 499 and a call without answer as -1", async () => {
    const api = (fetcher: typeof fetch) =>
      createApiClient({ baseUrl: "http://shop.test/api/v1", storefrontToken: "t", locale: () => "fr_FR", fetch: fetcher });
    const controller = new AbortController();
    const hanging = recordingFetch(
      (request) =>
        new Promise<Response>((_resolve, reject) => {
          const abort = () => reject(new DOMException("aborted", "AbortError"));
          if (request.signal.aborted) abort();
          else request.signal.addEventListener("abort", abort);
        }),
    );
    const pending = unwrap(api(hanging.fetcher).GET("/categories", { signal: controller.signal }));
    controller.abort();
    const cancelled = await failure(pending);
    expect(cancelled.status).toBe(CANCELLED_STATUS);
    expect(cancelled.message).toMatch(/cancelled due to a new request/);

    const offline = recordingFetch(() => {
      throw new TypeError("fetch failed");
    });
    const unreachable = await failure(unwrap(api(offline.fetcher).GET("/categories")));
    expect(unreachable.status).toBe(NO_RESPONSE_STATUS);
  });
});
