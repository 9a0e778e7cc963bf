// The security headers of every answer, and the shop pages' Content-Security-Policy: their own
// scripts and the inline loader by its hash, nothing framed, nothing sniffed, HSTS only on https.
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.ts";
import { configuredSources, MAP_POLICY_SOURCES } from "../../server/http/security-headers.ts";
import { startTestApp, TEST_TOKEN, type TestApp } from "../support/test-app.ts";

let webRoot: string;

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), "escale-csp-"));
  await mkdir(path.join(webRoot, "assets"));
  await mkdir(path.join(webRoot, ".vite"));
  await writeFile(
    path.join(webRoot, "index.html"),
    '<!doctype html><html lang="fr"><head><title>shop</title><script type="module" crossorigin src="/assets/app-1234.js"></script>\n' +
      "</head><body><div id=root></div></body></html>",
  );
  await writeFile(path.join(webRoot, "assets", "app-1234.js"), "console.log('shop')");
  await writeFile(
    path.join(webRoot, ".vite", "manifest.json"),
    JSON.stringify({ "locales/fr/messages.po": { file: "assets/messages-fr01.js" }, "index.html": { file: "assets/app-1234.js", isEntry: true } }),
  );
});
afterAll(async () => {
  await rm(webRoot, { recursive: true, force: true });
});

/** The policy's directives by name. */
function directives(policy: string | string[] | number | undefined): Map<string, string[]> {
  return new Map(
    String(policy)
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = "", ...values]) => [name, values]),
  );
}

const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !(attributes ?? "").includes("application/json"));

describe("what the relay map needs", () => {
  it("is in every page's policy, whatever else the configuration brings", () => {
    expect(MAP_POLICY_SOURCES).toEqual({ workers: ["blob:"], images: ["data:", "blob:"], connections: ["'self'"] });
    expect(configuredSources(loadConfig({}))).toContainEqual(MAP_POLICY_SOURCES);
    expect(configuredSources(loadConfig({ RECAPTCHA_SECRET: "s", RECAPTCHA_SITE_KEY: "k" }))).toContainEqual(MAP_POLICY_SOURCES);
  });
});

describe("security headers over http", () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await startTestApp({ name: "pglite", url: null }, { seed: false, app: { webRoot }, env: { PUBLIC_URL: "http://localhost:3000" } });
  });
  afterAll(() => shop?.close());

  it("sends a page a policy allowing its own scripts and its inline loader by hash, and nothing framing it", async () => {
    const response = await shop.app.inject({ url: "/fr/produit/mug" });
    expect(response.statusCode).toBe(200);
    const policy = directives(response.headers["content-security-policy"]);
    const scripts = inlineScripts(response.body);
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, , body] of scripts) {
      const hash = `'sha256-${createHash("sha256").update(body ?? "").digest("base64")}'`;
      expect(policy.get("script-src")).toContain(hash);
    }
    expect(policy.get("script-src")).toContain("'self'");
    expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
    expect(policy.get("script-src")).not.toContain("'unsafe-eval'");
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("frame-src")).toEqual(["'none'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });

  it("lets the relay map work offline: its blob worker, its decoded images, its style and shapes from the shop only", async () => {
    const policy = directives((await shop.app.inject({ url: "/fr/commande/livraison" })).headers["content-security-policy"]);
    expect(policy.get("worker-src")).toEqual(expect.arrayContaining(["blob:"]));
    expect(policy.get("img-src")).toEqual(expect.arrayContaining(["'self'", "data:", "blob:"]));
    // The offline style and its shapes are the shop's: nothing outside it is reachable.
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    expect(policy.get("font-src")).toEqual(["'self'"]);
    const style = await shop.app.inject({ url: "/map/style.json" });
    expect(style.statusCode).toBe(200);
    expect(style.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("gives API answers a policy that allows nothing, and the same headers", async () => {
    const response = await shop.app.inject({ url: "/api/v1/categories?locale=fr_FR", headers: { authorization: `Bearer ${TEST_TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    const unknown = await shop.app.inject({ url: "/api/v1/nope" });
    expect(unknown.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

describe("security headers over https, with outside services configured", () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await startTestApp(
      { name: "pglite", url: null },
      {
        seed: false,
        app: { webRoot },
        env: {
          PUBLIC_URL: "https://boutique.example.com",
          RECAPTCHA_SECRET: "a-recaptcha-secret-for-tests",
          RECAPTCHA_SITE_KEY: "a-recaptcha-site-key",
          MAP_STYLE_URL: "https://tiles.example.net/styles/shop.json",
        },
      },
    );
  });
  afterAll(() => shop?.close());

  it("asks browsers to keep to https for a year", async () => {
    const response = await shop.app.inject({ url: "/fr" });
    expect(response.headers["strict-transport-security"]).toMatch(/^max-age=31536000/);
  });

  it("allows the configured captcha and map style, and only them", async () => {
    const policy = directives((await shop.app.inject({ url: "/fr" })).headers["content-security-policy"]);
    expect(policy.get("script-src")).toContain("https://www.google.com/recaptcha/");
    expect(policy.get("frame-src")).toContain("https://www.google.com/recaptcha/");
    expect(policy.get("connect-src")).toEqual(expect.arrayContaining(["'self'", "https://tiles.example.net"]));
    // The configured style's tiles and sprites are drawn as images, by the map's blob worker.
    expect(policy.get("img-src")).toEqual(expect.arrayContaining(["'self'", "data:", "blob:", "https://tiles.example.net"]));
    expect(policy.get("worker-src")).toEqual(expect.arrayContaining(["blob:"]));
    expect(policy.get("default-src")).toEqual(["'self'"]);
  });
});
