// The server serves the built SPA with a history fallback, and its runtime configuration.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TEST_TOKEN, type TestApp } from "../support/test-app.ts";

describe("serving the shop", () => {
  let shop: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(tmpdir(), "escale-web-"));
    await mkdir(path.join(webRoot, "assets"));
    await writeFile(path.join(webRoot, "index.html"), "<!doctype html><title>shop</title><div id=root></div>");
    await writeFile(path.join(webRoot, "assets", "app-1234.js"), "console.log('shop')");
    shop = await startTestApp({ name: "pglite", url: null }, { seed: false, app: { webRoot }, env: { BRAND_NAME: "Aile" } });
  });
  afterAll(async () => {
    await shop?.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  it("answers the app for any page address, in either language or none", async () => {
    for (const url of ["/", "/fr", "/en/product/mug?variant=X", "/produit/mug", "/fr/categorie/a/b/c"]) {
      const response = await shop.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.body).toContain('<div id=root>');
    }
  });

  it("serves built assets for a year and keeps JSON 404s for the API, media and missing files", async () => {
    const asset = await shop.app.inject({ url: "/assets/app-1234.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
    for (const url of ["/api/v1/nope", "/media/nope", "/assets/missing.js", "/favicon-missing.png"]) {
      const response = await shop.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ status: 404, code: "NO_ROUTE" });
    }
    expect((await shop.app.inject({ method: "POST", url: "/fr/produit/mug" })).statusCode).toBe(404);
  });

  it("gives the app its runtime configuration, and nothing secret", async () => {
    const response = await shop.app.inject({ url: "/runtime-config.json" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const config = response.json();
    expect(config).toMatchObject({ storefrontToken: TEST_TOKEN, brandName: "Aile", mapStyleUrl: null });
    expect(JSON.stringify(config)).not.toMatch(/DATABASE|postgres:|secret/i);
  });
});
