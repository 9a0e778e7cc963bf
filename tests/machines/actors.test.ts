// The machines with their real IO actors, over the API client with a fake `fetch`: what is requested,
// how answers and failures reach the machine, and that a stopped request is aborted on the wire.
import { createActor, SimulatedClock } from "xstate";
import { describe, expect, it } from "vitest";
import { createApiClient } from "../../src/api/client.ts";
import { createNewsletterMachine } from "../../src/actors/newsletter-actors.ts";
import { createSearchMachine } from "../../src/actors/search-actors.ts";
import { createStockAlertMachine } from "../../src/actors/stock-alert-actors.ts";
import { selectMessageId } from "../../machines/newsletter/newsletter.selectors.ts";
import { sampleProduct } from "../../machines/search/search.model.ts";
import { selectSuggestions } from "../../machines/search/search.selectors.ts";
import { HEADER_DEBOUNCE_MS } from "../../machines/search/search.types.ts";
import type { StockAlertNotification } from "../../machines/stock-alert/stock-alert.types.ts";
import { settle } from "./support/fake-promise-actor.ts";

interface Exchange {
  request: Request;
  body: unknown;
  respond: (status: number, body: unknown) => void;
}

/** A `fetch` that records each request and answers when the test says so (or fails when aborted). */
function createFakeServer() {
  const exchanges: Exchange[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const body: unknown = request.method === "GET" ? undefined : await request.clone().json();
    return new Promise<Response>((resolve, reject) => {
      request.signal.addEventListener("abort", () => reject(new DOMException("The operation was aborted.", "AbortError")), { once: true });
      exchanges.push({
        request,
        body,
        respond: (status, answer) => resolve(new Response(JSON.stringify(answer), { status, headers: { "Content-Type": "application/json" } })),
      });
    });
  };
  const api = createApiClient({ baseUrl: "http://shop.test/api/v1", storefrontToken: "storefront-token", locale: () => "fr_FR", fetch });
  const find = (path: string) => {
    const exchange = exchanges.find((candidate) => new URL(candidate.request.url).pathname === `/api/v1${path}`);
    if (!exchange) throw new Error(`no request to ${path}`);
    return exchange;
  };
  return { api, exchanges, find };
}

/** Lets the fake fetch receive what the client sends (it reads bodies asynchronously). */
async function untilRequests(exchanges: Exchange[], count: number) {
  for (let attempt = 0; attempt < 50 && exchanges.length < count; attempt += 1) await settle();
  expect(exchanges).toHaveLength(count);
}

function searchPage(total: number) {
  const content = [sampleProduct(1, "Sac cabine"), sampleProduct(2, "Sac de voyage")];
  return { searchTerm: "sac", products: { content, totalElements: total, totalPages: 1, size: 4, number: 0 }, facets: [] };
}

describe("search actor", () => {
  function startSearch() {
    const server = createFakeServer();
    const navigations: string[] = [];
    let serverErrors = 0;
    const machine = createSearchMachine(server.api, {
      navigateToSearchPage: (term) => navigations.push(term),
      notifyServerError: () => (serverErrors += 1),
    });
    const clock = new SimulatedClock();
    const actor = createActor(machine, { input: { debounceMs: HEADER_DEBOUNCE_MS }, clock }).start();
    return { server, actor, clock, navigations, serverErrors: () => serverErrors };
  }

  it("asks for 10 terms and a 4-product preview of the trimmed term, and shows both", async () => {
    const search = startSearch();
    search.actor.send({ type: "search.type", term: " sac " });
    search.clock.increment(HEADER_DEBOUNCE_MS);
    await untilRequests(search.server.exchanges, 2);

    const autocomplete = search.server.find("/products/search-autocomplete");
    const preview = search.server.find("/products/search");
    expect(Object.fromEntries(new URL(autocomplete.request.url).searchParams)).toEqual({ searchTerm: "sac", size: "10", locale: "fr_FR" });
    expect(Object.fromEntries(new URL(preview.request.url).searchParams)).toEqual({ searchTerm: "sac", size: "4", locale: "fr_FR" });
    expect(autocomplete.request.headers.get("Authorization")).toBe("Bearer storefront-token");

    autocomplete.respond(200, { terms: ["sac", "sac à dos"] });
    preview.respond(200, searchPage(7));
    await settle();
    expect(search.actor.getSnapshot().value).toBe("showingResults");
    expect(selectSuggestions(search.actor.getSnapshot())).toEqual({ terms: ["sac", "sac à dos"], products: searchPage(7).products.content, total: 7 });
  });

  it("aborts both requests on the wire when a newer term is typed", async () => {
    const search = startSearch();
    search.actor.send({ type: "search.type", term: "sac" });
    search.clock.increment(HEADER_DEBOUNCE_MS);
    await untilRequests(search.server.exchanges, 2);
    search.actor.send({ type: "search.type", term: "sacoche" });
    expect(search.server.exchanges.map((exchange) => exchange.request.signal.aborted)).toEqual([true, true]);
    await settle();
    expect(search.actor.getSnapshot().value).toBe("debouncing");
    expect(search.serverErrors()).toBe(0);
  });

  it("stops the other request and shows the server error when one fails", async () => {
    const search = startSearch();
    search.actor.send({ type: "search.type", term: "sac" });
    search.clock.increment(HEADER_DEBOUNCE_MS);
    await untilRequests(search.server.exchanges, 2);
    search.server.find("/products/search-autocomplete").respond(500, { status: 500, message: "Internal Server Error" });
    await settle();
    expect(search.server.find("/products/search").request.signal.aborted).toBe(true);
    expect(search.actor.getSnapshot().value).toBe("failed");
    expect(search.serverErrors()).toBe(1);
  });

  it("hands the submitted term to the app's navigation", () => {
    const search = startSearch();
    search.actor.send({ type: "search.type", term: "sac à dos " });
    search.actor.send({ type: "search.submit" });
    expect(search.navigations).toEqual(["sac à dos"]);
    expect(search.server.exchanges).toHaveLength(0);
  });
});

describe("newsletter actor", () => {
  async function submit(status: number, answer: unknown) {
    const server = createFakeServer();
    const actor = createActor(createNewsletterMachine(server.api)).start();
    actor.send({ type: "newsletter.toggleTerms" });
    actor.send({ type: "newsletter.submit", email: "ann.martin@example.fr" });
    await untilRequests(server.exchanges, 1);
    const [exchange] = server.exchanges;
    exchange?.respond(status, answer);
    await settle();
    return { exchange, messageId: selectMessageId(actor.getSnapshot()) };
  }

  it("posts the address and shows the valid message", async () => {
    const { exchange, messageId } = await submit(201, { email: "ann.martin@example.fr" });
    expect(exchange?.request.method).toBe("POST");
    expect(new URL(exchange?.request.url ?? "").pathname).toBe("/api/v1/newsletter/subscriptions");
    expect(exchange?.body).toEqual({ email: "ann.martin@example.fr" });
    expect(messageId).toBe("newsLetter.validMessage");
  });

  it("shows 'already subscribed' on 409 and the server error otherwise", async () => {
    expect((await submit(409, { status: 409, message: "Conflict", code: "NEWSLETTER_ALREADY_SUBSCRIBED" })).messageId).toBe("newsLetter.errorMailExist");
    expect((await submit(503, { status: 503, message: "Unavailable" })).messageId).toBe("errors.server.access");
  });
});

describe("stock alert actor", () => {
  async function submit(status: number, answer: unknown) {
    const server = createFakeServer();
    const notified: StockAlertNotification[] = [];
    const machine = createStockAlertMachine(server.api, { notify: (notification) => notified.push(notification) });
    const actor = createActor(machine, { input: { offerId: 42, email: "ann.martin@example.fr" } }).start();
    actor.send({ type: "stockAlert.submit", email: "ann.martin@example.fr" });
    await untilRequests(server.exchanges, 1);
    const [exchange] = server.exchanges;
    exchange?.respond(status, answer);
    await settle();
    return { exchange, notified, done: actor.getSnapshot().status === "done" };
  }

  it("posts the address and the offer, then notifies success", async () => {
    const { exchange, notified, done } = await submit(201, { id: 1, email: "ann.martin@example.fr", offerId: 42, createdAt: "2026-03-02T09:30:00.000Z" });
    expect(exchange?.request.method).toBe("POST");
    expect(new URL(exchange?.request.url ?? "").pathname).toBe("/api/v1/products/offer/restock-alert");
    expect(exchange?.body).toEqual({ email: "ann.martin@example.fr", offerId: 42 });
    expect(notified).toEqual([{ kind: "info", messageId: "stockAlert.validMessage" }]);
    expect(done).toBe(true);
  });

  it("notifies 'already registered' on 409", async () => {
    const { notified, done } = await submit(409, { status: 409, message: "Conflict", code: "STOCK_ALERT_EXISTS" });
    expect(notified).toEqual([{ kind: "danger", messageId: "stockAlert.errorMailExist" }]);
    expect(done).toBe(false);
  });
});
