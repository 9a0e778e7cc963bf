import { describe, expect, it } from "vitest";
import { CANCELLED_STATUS, createApiClient, NO_RESPONSE_STATUS, unwrap, type ApiError } from "../../src/api/client.ts";
import { attachmentFilename, unwrapFile } from "../../src/api/download.ts";

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

  it("hands back a download as a file named by its content-disposition, not as JSON", async () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]);
    const { fetcher } = recordingFetch(
      () => new Response(pdf, { status: 200, headers: { "content-type": "application/pdf", "content-disposition": 'attachment; filename="facture-F-000042.pdf"' } }),
    );
    const api = createApiClient({ baseUrl: "http://shop.test/api/v1", storefrontToken: "t", locale: () => "fr_FR", fetch: fetcher });
    const file = await unwrapFile(api.GET("/order-invoices/pdf/order/{id}", { params: { path: { id: 42 } }, parseAs: "blob" }));
    expect(file.filename).toBe("facture-F-000042.pdf");
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(pdf);
  });

  it("refuses as a download an answer that is not an attachment, and keeps the API's errors", async () => {
    const { fetcher } = recordingFetch((request) =>
      request.url.includes("/7") ? json({ status: 409, message: "No invoice yet", code: "INVOICE_NOT_AVAILABLE" }, 409) : json({ not: "a file" }),
    );
    const api = createApiClient({ baseUrl: "http://shop.test/api/v1", storefrontToken: "t", locale: () => "fr_FR", fetch: fetcher });
    expect(await failure(unwrapFile(api.GET("/order-invoices/pdf/order/{id}", { params: { path: { id: 1 } }, parseAs: "blob" })))).toMatchObject({ status: 415 });
    expect(await failure(unwrapFile(api.GET("/order-invoices/pdf/order/{id}", { params: { path: { id: 7 } }, parseAs: "blob" })))).toEqual({
      status: 409,
      message: "No invoice yet",
      code: "INVOICE_NOT_AVAILABLE",
    });
  });

  it("reads the file name of a content-disposition header, encoded or not, without a folder", () => {
    const named = (value: string) => attachmentFilename(new Response(null, { headers: { "content-disposition": value } }));
    expect(named('attachment; filename="invoice-F-000001.pdf"')).toBe("invoice-F-000001.pdf");
    expect(named("attachment; filename=plain.pdf")).toBe("plain.pdf");
    expect(named("attachment; filename=\"x.pdf\"; filename*=UTF-8''facture%20%C3%A9t%C3%A9.pdf")).toBe("facture été.pdf");
    expect(named('attachment; filename="../../etc/passwd"')).toBe("passwd");
    expect(named("attachment")).toBe("download");
    expect(named('inline; filename="shown.pdf"')).toBeNull();
    expect(attachmentFilename(new Response(null))).toBeNull();
  });
});
