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
    await mkdir(path.join(webRoot, ".vite"));
    await writeFile(path.join(webRoot, "index.html"), "<!doctype html><html><head><title>shop</title></head><body><div id=root></div></body></html>");
    await writeFile(path.join(webRoot, "assets", "app-1234.js"), "console.log('shop')");
    // The build's manifest names each language's message catalogue.
    await writeFile(
      path.join(webRoot, ".vite", "manifest.json"),
      JSON.stringify({
        "locales/fr/messages.po": { file: "assets/messages-fr01.js", isDynamicEntry: true },
        "locales/en/messages.po": { file: "assets/messages-en01.js", isDynamicEntry: true },
        "index.html": { file: "assets/app-1234.js", isEntry: true },
      }),
    );
    shop = await startTestApp({ name: "pglite", url: null }, { seed: false, app: { webRoot }, env: { BRAND_NAME: "Aile </script><b>" } });
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
    expect(config).toMatchObject({ storefrontToken: TEST_TOKEN, brandName: "Aile </script><b>", mapStyleUrl: null });
    expect(JSON.stringify(config)).not.toMatch(/DATABASE|postgres:|secret/i);
  });

  it("writes the same configuration into every page, so the app starts without asking for it", async () => {
    const served = (await shop.app.inject({ url: "/runtime-config.json" })).json();
    for (const url of ["/", "/fr/produit/mug", "/en/search?searchTerm=mug", "/produit/mug"]) {
      const html = (await shop.app.inject({ url })).body;
      const inline = /<script id="runtime-config" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
      expect(inline, url).toBeDefined();
      // The brand's `</script>` stays inside the JSON: nothing of the configuration becomes markup.
      expect(inline).not.toContain("<");
      expect(JSON.parse(inline ?? "null"), url).toEqual(served);
      expect(html).toContain("<div id=root></div>");
    }
  });

  it("asks early for the messages of the page's language, and none for an address without one", async () => {
    const preload = (file: string) => `<link rel="modulepreload" crossorigin href="/assets/${file}">`;
    const french = (await shop.app.inject({ url: "/fr/categorie/voyage" })).body;
    expect(french).toContain(preload("messages-fr01.js"));
    expect(french).not.toContain("messages-en01.js");
    const english = (await shop.app.inject({ url: "/en" })).body;
    expect(english).toContain(preload("messages-en01.js"));
    expect(english).not.toContain("messages-fr01.js");
    expect((await shop.app.inject({ url: "/produit/mug" })).body).not.toContain("modulepreload");
    // Inline additions go in the head, before the app's own markup.
    expect(english.indexOf("runtime-config")).toBeLessThan(english.indexOf("</head>"));
  });
});
