// Address geocoding: the embedded gazetteer of French towns (postcode and/or town, accents and case
// ignored), and a configured geocoding service of the French address base's API shape, answering
// from recorded answers on a local server.
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../common/api/schema.gen.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

type GeocodingResult = components["schemas"]["GeocodingResult"];

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), "utf8");

// The gazetteer lives in memory: the database does not matter, PGlite is enough.
describe("geocoding with the embedded gazetteer", () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await startTestApp({ name: "pglite", url: null }, { seed: false });
  });
  afterAll(() => shop?.close());

  const geocode = (q: string) => shop.request({ url: `/api/v1/geocoding/search?locale=fr_FR&q=${encodeURIComponent(q)}` });
  const found = async (q: string) => {
    const response = await geocode(q);
    expect(response.statusCode, q).toBe(200);
    return response.json<GeocodingResult>();
  };

  it("places a town by its name, whatever its accents, case and abbreviations", async () => {
    const reference = await found("Saint-Étienne");
    expect(reference.label).toBe("Saint-Étienne");
    expect(reference.position.lat).toBeCloseTo(45.43, 1);
    expect(reference.position.lng).toBeCloseTo(4.39, 1);
    for (const variant of ["saint etienne", "SAINT-ETIENNE", "St-Étienne", "st etienne"]) expect(await found(variant)).toEqual(reference);
  });

  it("places a postcode alone, at the district it names in Paris, Lyon and Marseille", async () => {
    expect(await found("29200")).toMatchObject({ label: "29200 Brest", position: { lat: expect.closeTo(48.39, 1), lng: expect.closeTo(-4.49, 1) } });
    const lyon3 = await found("69003");
    expect(lyon3.label).toBe("69003 Lyon 3e Arrondissement");
    const lyon5 = await found("69005");
    expect(lyon5.position).not.toEqual(lyon3.position);
  });

  it("places a whole address by its postcode and town, the town written in any way", async () => {
    const address = await found("12 rue de Rivoli 75001 paris");
    expect(address.label).toBe("75001 Paris 1er Arrondissement");
    expect(address.position.lat).toBeCloseTo(48.86, 1);
    expect(address.position.lng).toBeCloseTo(2.34, 1);
    // A street named after another town does not move the answer: the postcode's town wins.
    expect((await found("3 rue de Lyon 13001 Marseille")).label).toBe("13001 Marseille 1er Arrondissement");
    expect((await found("8 avenue de Paris, Versailles")).label).toMatch(/Versailles$/);
  });

  it("tells apart towns of the same name by their postcode", async () => {
    const inYonne = await found("89140 Évry");
    const inEssonne = await found("91000 Évry-Courcouronnes");
    expect(inYonne.label).toBe("89140 Évry");
    expect(inEssonne.position.lat).toBeCloseTo(48.63, 1);
    expect(inYonne.position).not.toEqual(inEssonne.position);
  });

  it("places a village it has no position for at the main town nearby, under its own name", async () => {
    const village = await found("L'Abergement-Clémenciat");
    expect(village.label).toBe("01400 L'Abergement-Clémenciat");
    // Châtillon-sur-Chalaronne, the town of its intercommunal group, 5 km away.
    expect(village.position.lat).toBeCloseTo(46.12, 1);
    expect(village.position.lng).toBeCloseTo(4.96, 1);
  });

  it("answers 404 when nothing matches", async () => {
    for (const q of ["qwxzt", "00000", "12 rue Introuvable"]) {
      const response = await geocode(q);
      expect(response.statusCode, q).toBe(404);
      expect(response.json()).toMatchObject({ status: 404, code: "NOT_FOUND" });
    }
  });

  it("refuses a query without words or too long, naming q", async () => {
    for (const q of ["a", "  ", "x".repeat(201)]) {
      const response = await geocode(q);
      expect(response.statusCode, JSON.stringify(q)).toBe(400);
      expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", fields: [{ field: "q" }] });
    }
    const missing = await shop.request({ url: "/api/v1/geocoding/search" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ fields: [{ field: "q" }] });
  });
});

describe("geocoding with a configured service (GEOCODER_URL)", () => {
  let service: Server;
  let serviceUrl: string;
  let shop: TestApp;
  const received: URL[] = [];

  beforeAll(async () => {
    // Recorded answers of the French address base's /search, by query.
    service = createServer((request, response) => {
      const url = new URL(request.url ?? "/", "http://localhost");
      received.push(url);
      const q = url.searchParams.get("q") ?? "";
      if (url.pathname !== "/search") return void response.writeHead(404).end();
      if (q.includes("broken")) return void response.writeHead(500).end("upstream error");
      if (q.includes("garbled")) return void response.writeHead(200, { "content-type": "application/json" }).end("{\"type\":\"Feature");
      if (q.length < 3) return void response.writeHead(400, { "content-type": "application/json" }).end('{"code":400,"message":"q must contain between 3 and 200 chars"}');
      response.writeHead(200, { "content-type": "application/json" }).end(q.toLowerCase().includes("rivoli") ? fixture("ban-search-rivoli.json") : fixture("ban-search-nothing.json"));
    });
    await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
    serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
    shop = await startTestApp({ name: "pglite", url: null }, { seed: false, env: { GEOCODER_URL: `${serviceUrl}/` } });
  });
  afterAll(async () => {
    await shop?.close();
    await new Promise((resolve) => service.close(resolve));
  });

  const geocode = (q: string) => shop.request({ url: `/api/v1/geocoding/search?q=${encodeURIComponent(q)}` });

  it("asks the service for the best match and answers its position and label", async () => {
    const response = await geocode("12 rue de Rivoli 75004 Paris");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ position: { lat: 48.855346, lng: 2.361183 }, label: "12 Rue de Rivoli 75004 Paris" });
    expect(received.at(-1)?.searchParams.get("q")).toBe("12 rue de Rivoli 75004 Paris");
    expect(received.at(-1)?.searchParams.get("limit")).toBe("1");
  });

  it("answers 404 when the service finds nothing, or refuses the query as too short", async () => {
    expect((await geocode("qwxzt")).statusCode).toBe(404);
    expect((await geocode("ab")).statusCode).toBe(404);
  });

  it("answers 502 when the service fails or answers something else than its shape", async () => {
    for (const q of ["broken", "garbled"]) {
      const response = await geocode(q);
      expect(response.statusCode, q).toBe(502);
      expect(response.json()).toMatchObject({ status: 502, code: "UPSTREAM_UNAVAILABLE" });
    }
  });

  it("answers 502 when the service cannot be reached", async () => {
    const unreachable = await startTestApp({ name: "pglite", url: null }, { seed: false, env: { GEOCODER_URL: "http://127.0.0.1:1" } });
    try {
      const response = await unreachable.request({ url: "/api/v1/geocoding/search?q=Lyon" });
      expect(response.statusCode).toBe(502);
    } finally {
      await unreachable.close();
    }
  });
});
