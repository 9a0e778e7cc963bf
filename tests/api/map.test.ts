// The relay map's offline style and shapes: served by the shop, valid, with no address outside it,
// cached for long; the runtime configuration says which style the map loads and whether it is
// another site's (then only after the 'maps' consent).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RuntimeConfig } from "../../common/runtime-config.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

interface Style {
  version: number;
  glyphs?: string;
  sprite?: string;
  sources: Record<string, { type: string; data: string }>;
  layers: { id: string; type: string; source?: string }[];
}

interface FeatureCollection {
  type: string;
  features: { type: string; geometry: { type: string; coordinates: unknown[] }; properties: Record<string, unknown> }[];
}

describe("the offline map", () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await startTestApp({ name: "pglite", url: null }, { seed: false });
  });
  afterAll(() => shop?.close());

  it("is a MapLibre style drawing from the shop's own shapes, with no address elsewhere and no text to need fonts", async () => {
    const response = await shop.app.inject({ url: "/map/style.json" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers["cache-control"]).toBe("public, max-age=86400");
    expect(response.body).not.toMatch(/https?:|\/\//);
    const style = response.json<Style>();
    expect(style.version).toBe(8);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(style.layers.filter((layer) => layer.type === "symbol")).toEqual([]);
    expect(Object.keys(style.sources).sort()).toEqual(["borders", "countries", "departments"]);
    for (const layer of style.layers) if (layer.source) expect(Object.keys(style.sources)).toContain(layer.source);
  });

  it("serves each shape as GeoJSON cached for good, France's departments among them", async () => {
    const style = (await shop.app.inject({ url: "/map/style.json" })).json<Style>();
    let total = 0;
    for (const [name, source] of Object.entries(style.sources)) {
      expect(source.type).toBe("geojson");
      expect(source.data).toMatch(new RegExp(`^/map/${name}\\.[0-9a-f]{10}\\.geojson$`));
      const response = await shop.app.inject({ url: source.data });
      expect(response.statusCode, name).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^application\/geo\+json/);
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      total += response.body.length;
      const shapes = response.json<FeatureCollection>();
      expect(shapes.type).toBe("FeatureCollection");
      expect(shapes.features.length).toBeGreaterThan(0);
      for (const feature of shapes.features) expect(["Polygon", "MultiPolygon", "MultiLineString"]).toContain(feature.geometry.type);
    }
    const countries = (await shop.app.inject({ url: style.sources.countries?.data ?? "" })).json<FeatureCollection>();
    expect(countries.features.map((feature) => feature.properties.name)).toEqual(expect.arrayContaining(["France", "Spain", "Italy", "Germany", "United Kingdom"]));
    // Light enough for a phone: under 500 kB before compression.
    expect(total).toBeLessThan(500_000);
  });

  it("sends the shapes compressed to a browser that accepts it", async () => {
    const style = (await shop.app.inject({ url: "/map/style.json" })).json<Style>();
    const plain = await shop.app.inject({ url: style.sources.countries?.data ?? "" });
    const compressed = await shop.app.inject({ url: style.sources.countries?.data ?? "", headers: { "accept-encoding": "br, gzip" } });
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });

  it("answers a JSON 404 for a shape it does not have, never the SPA", async () => {
    for (const url of ["/map/countries.geojson", "/map/countries.0000000000.geojson", "/map/nothing"]) {
      const response = await shop.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ status: 404, code: "NO_ROUTE" });
    }
  });

  it("is the style the runtime configuration gives the map, as the shop's own", async () => {
    const config = (await shop.app.inject({ url: "/runtime-config.json" })).json<RuntimeConfig>();
    expect(config.mapStyleUrl).toBe("/map/style.json");
    expect(config.mapStyleExternal).toBe(false);
  });
});

describe("a configured map style (MAP_STYLE_URL)", () => {
  it("is another site's unless it is on the shop's own address", async () => {
    const external = await startTestApp({ name: "pglite", url: null }, { seed: false, env: { MAP_STYLE_URL: "https://tiles.example.net/styles/liberty.json" } });
    const own = await startTestApp(
      { name: "pglite", url: null },
      { seed: false, env: { PUBLIC_URL: "https://boutique.example.com", MAP_STYLE_URL: "https://boutique.example.com/tiles/style.json" } },
    );
    try {
      expect((await external.app.inject({ url: "/runtime-config.json" })).json<RuntimeConfig>()).toMatchObject({
        mapStyleUrl: "https://tiles.example.net/styles/liberty.json",
        mapStyleExternal: true,
      });
      expect((await own.app.inject({ url: "/runtime-config.json" })).json<RuntimeConfig>()).toMatchObject({
        mapStyleUrl: "https://boutique.example.com/tiles/style.json",
        mapStyleExternal: false,
      });
    } finally {
      await external.close();
      await own.close();
    }
  });
});
