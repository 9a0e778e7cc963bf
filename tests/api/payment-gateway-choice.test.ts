// Which card payment the shop runs on, as its clients see it: the runtime configuration tells the
// SPA (Drop-in's client key and environment), the pages' policy allows Adyen's hosts only when
// Adyen is configured, and the sandbox's issuer pages exist only when the sandbox is the gateway.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const ADYEN = {
  ADYEN_API_KEY: "AQEyhmfxKo3NaxZDw0m-test-api-key",
  ADYEN_MERCHANT_ACCOUNT: "EscaleECOM",
  ADYEN_CLIENT_KEY: "test_7XKQ2Z3LFBDHPIKVRJ4QD5FZXY2XA5OM",
  ADYEN_HMAC_KEY: "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056",
};

let webRoot: string;
const shops: TestApp[] = [];

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), "escale-payment-"));
  await mkdir(path.join(webRoot, ".vite"), { recursive: true });
  await writeFile(path.join(webRoot, "index.html"), '<!doctype html><html lang="fr"><head><title>shop</title></head><body><div id=root></div></body></html>');
  await writeFile(path.join(webRoot, ".vite", "manifest.json"), "{}");
});
afterAll(async () => {
  for (const shop of shops) await shop.close();
  await rm(webRoot, { recursive: true, force: true });
});

async function shopWith(env: Record<string, string>): Promise<TestApp> {
  const shop = await startTestApp({ name: "pglite", url: null }, { seed: false, env, app: { webRoot } });
  shops.push(shop);
  return shop;
}

/** The page policy's sources of one directive. */
async function pageDirective(shop: TestApp, name: string): Promise<string[]> {
  const page = await shop.app.inject({ method: "GET", url: "/fr/commande/paiement" });
  const directive = String(page.headers["content-security-policy"])
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return directive?.slice(1) ?? [];
}

describe("the payment sandbox as the gateway", () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await shopWith({});
  });

  it("is told to the SPA with a client key of Adyen's test form, and the page loads nothing of Adyen's", async () => {
    const runtime = await shop.app.inject({ method: "GET", url: "/runtime-config.json" });
    expect(runtime.json().payment).toEqual({ provider: "sandbox", clientKey: expect.stringMatching(/^test_\w+$/), environment: "test" });
    for (const name of ["script-src", "frame-src", "connect-src", "img-src"]) expect((await pageDirective(shop, name)).join(" ")).not.toContain("adyen");
    expect(await pageDirective(shop, "form-action")).toEqual(["'self'"]);
  });

  it("serves its issuer pages", async () => {
    const page = await shop.app.inject({ method: "GET", url: "/payment-sandbox/pay/bm90LmE.dG9rZW4" });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain("Lien de paiement invalide");
  });
});

describe("Adyen as the gateway", () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await shopWith(ADYEN);
  });

  it("is told to the SPA with its client key and environment", async () => {
    const runtime = await shop.app.inject({ method: "GET", url: "/runtime-config.json" });
    expect(runtime.json().payment).toEqual({ provider: "adyen", clientKey: ADYEN.ADYEN_CLIENT_KEY, environment: "test" });
    expect(shop.adapters.paymentGateway.kind).toBe("adyen");
  });

  it("opens the pages' policy to Drop-in's hosts of the test environment", async () => {
    const checkoutshopper = "https://checkoutshopper-test.adyen.com";
    expect(await pageDirective(shop, "script-src")).toContain(checkoutshopper);
    expect(await pageDirective(shop, "style-src")).toContain(checkoutshopper);
    expect(await pageDirective(shop, "img-src")).toContain("https://checkoutshopper-test.cdn.adyen.com");
    expect(await pageDirective(shop, "frame-src")).toEqual(expect.arrayContaining([checkoutshopper, "https:"]));
    expect(await pageDirective(shop, "connect-src")).toEqual(expect.arrayContaining([checkoutshopper, "https://checkoutanalytics-test.adyen.com"]));
    expect((await pageDirective(shop, "script-src")).join(" ")).not.toContain("live");
  });

  it("has no sandbox pages", async () => {
    const page = await shop.app.inject({ method: "GET", url: "/payment-sandbox/pay/bm90LmE.dG9rZW4" });
    expect(page.statusCode).toBe(404);
  });
});
