import { describe, expect, it } from "vitest";
import { ConfigError, DEMO_STOREFRONT_TOKEN, loadConfig } from "../../server/config.ts";

describe("configuration", () => {
  it("runs on embedded defaults when nothing is configured", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      dataDir: ".data",
      databaseUrl: undefined,
      storefrontToken: DEMO_STOREFRONT_TOKEN,
      demoMode: true,
      brandName: "Escale",
      publicUrl: "http://localhost:3000",
      logLevel: "info",
      seedOnStart: true,
      catalogCacheSeconds: 30,
    });
  });

  it("reads every documented variable", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: "/var/lib/escale",
      DATABASE_URL: "postgres://shop@db:5432/escale",
      STOREFRONT_API_TOKEN: "a-very-long-storefront-token",
      BRAND_NAME: "Air Boutique",
      PUBLIC_URL: "https://shop.example.com/",
      LOG_LEVEL: "warn",
      CATALOG_CACHE_SECONDS: "5",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      dataDir: "/var/lib/escale",
      databaseUrl: "postgres://shop@db:5432/escale",
      storefrontToken: "a-very-long-storefront-token",
      demoMode: false,
      brandName: "Air Boutique",
      publicUrl: "https://shop.example.com",
      logLevel: "warn",
      catalogCacheSeconds: 5,
    });
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it.each([
    ["PORT", "http", /PORT/],
    ["PORT", "70000", /PORT/],
    ["DATABASE_URL", "mysql://localhost/shop", /DATABASE_URL/],
    ["STOREFRONT_API_TOKEN", "short", /STOREFRONT_API_TOKEN/],
    ["PUBLIC_URL", "not a url", /PUBLIC_URL/],
    ["LOG_LEVEL", "loud", /LOG_LEVEL/],
    ["CATALOG_CACHE_SECONDS", "soon", /CATALOG_CACHE_SECONDS/],
  ])("refuses a bad %s with a one-line message naming it", (name, value, pattern) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(pattern);
    expect(message).not.toContain("\n");
  });
});
