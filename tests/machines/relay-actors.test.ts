// The relay picker with its real IO actors, over the API client with a fake `fetch`: what the relay
// search and the geocoding send (SPEC §7), how their answers and failures reach the flow (SPEC §8).
import { createActor } from "xstate";
import { describe, expect, it } from "vitest";
import { createRelaySearchMachine } from "../../src/actors/relay-actors.ts";
import { createApiClient } from "../../src/api/client.ts";
import { NEAR_RELAY, PARIS_ADDRESS, PARIS_GEOCODED, RELAYS_ANSWER, SAMPLE_NOW, SAMPLE_WEIGHT } from "../../machines/relay-search/relay-search.model.ts";
import { selectCentre, selectErrorId, selectRelays } from "../../machines/relay-search/relay-search.selectors.ts";
import { settle } from "./support/fake-promise-actor.ts";

interface Exchange {
  request: Request;
  body: unknown;
  respond: (status: number, body: unknown) => void;
}

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
  const api = createApiClient({ baseUrl: "http://shop.test/api/v1", storefrontToken: "storefront-token", locale: () => "en_US", fetch });
  const find = (path: string) => {
    const exchange = exchanges.find((candidate) => new URL(candidate.request.url).pathname === `/api/v1${path}`);
    if (!exchange) throw new Error(`no request to ${path}`);
    return exchange;
  };
  return { api, exchanges, find };
}

async function untilRequests(exchanges: Exchange[], count: number) {
  for (let attempt = 0; attempt < 50 && exchanges.length < count; attempt += 1) await settle();
  expect(exchanges).toHaveLength(count);
}

async function untilSettled(check: () => boolean) {
  for (let attempt = 0; attempt < 50 && !check(); attempt += 1) await settle();
}

function startPicker() {
  const server = createFakeServer();
  const actor = createActor(createRelaySearchMachine(server.api), {
    input: { weight: SAMPLE_WEIGHT, now: () => SAMPLE_NOW, address: PARIS_ADDRESS, phone: null },
  }).start();
  return { server, actor };
}

describe("relay search actors", () => {
  it("posts the relay search and asks the geocoder, with the storefront token and the locale", async () => {
    const { server, actor } = startPicker();
    await untilRequests(server.exchanges, 2);
    const relays = server.find("/colissimo/relays");
    expect(relays.request.method).toBe("POST");
    expect(relays.body).toEqual({ address: "12 rue de Rivoli", countryCode: "FR", zipCode: "75004", city: "Paris", weight: 1200, shippingDate: "2026-03-12" });
    expect(relays.request.headers.get("authorization")).toBe("Bearer storefront-token");
    expect(new URL(relays.request.url).searchParams.get("locale")).toBe("en_US");
    const geocoding = server.find("/geocoding/search");
    expect(geocoding.request.method).toBe("GET");
    expect(new URL(geocoding.request.url).searchParams.get("q")).toBe("12 rue de Rivoli 75004 Paris");

    relays.respond(200, RELAYS_ANSWER);
    geocoding.respond(200, PARIS_GEOCODED);
    await untilSettled(() => selectRelays(actor.getSnapshot()).length > 0);
    expect(selectRelays(actor.getSnapshot()).map((relay) => relay.id)).toEqual(["R75004A", "R75004B"]);
    expect(selectCentre(actor.getSnapshot())).toEqual(PARIS_GEOCODED.position);
    actor.stop();
  });

  it.each([
    [500, "errors.server.access"],
    [502, "errors.server.relaisAddress"],
    [400, "errors.server.relaisAddress"],
  ])("tells a %i of the relay search as %s", async (status, messageId) => {
    const { server, actor } = startPicker();
    await untilRequests(server.exchanges, 2);
    server.find("/colissimo/relays").respond(status, { status, message: "failed" });
    await untilSettled(() => selectErrorId(actor.getSnapshot()) !== null);
    expect(selectErrorId(actor.getSnapshot())).toBe(messageId);
    actor.stop();
  });

  it("centres on the nearest point when the geocoder answers 404", async () => {
    const { server, actor } = startPicker();
    await untilRequests(server.exchanges, 2);
    server.find("/geocoding/search").respond(404, { status: 404, message: "Address not found", code: "NOT_FOUND" });
    server.find("/colissimo/relays").respond(200, RELAYS_ANSWER);
    await untilSettled(() => selectCentre(actor.getSnapshot()) !== null);
    expect(selectCentre(actor.getSnapshot())).toEqual(NEAR_RELAY.position);
    actor.stop();
  });

  it("aborts the requests of a search replaced by another", async () => {
    const { server, actor } = startPicker();
    await untilRequests(server.exchanges, 2);
    actor.send({ type: "relaySearch.search", address: { ...PARIS_ADDRESS, postCode: "75012" } });
    await untilRequests(server.exchanges, 4);
    expect(server.exchanges.slice(0, 2).every((exchange) => exchange.request.signal.aborted)).toBe(true);
    actor.stop();
  });
});
