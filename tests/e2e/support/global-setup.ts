// Global setup of the end-to-end tests: build the SPA once, find a Chromium, start the real
// server on a free port with a fresh data folder, and hand the tests its address.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { findChrome } from "./chrome.ts";
import { buildSpa, startShop, type RunningShop } from "./shop-process.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** `http://127.0.0.1:<port>` of the shop under test. */
    baseUrl: string;
    /** The Chromium binary the tests drive. */
    chromePath: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, "../../..");

let shop: RunningShop | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  // Fail before the slow steps when there is no browser to drive.
  const chromePath = await findChrome();

  if (process.env.E2E_SKIP_BUILD === "1") {
    console.log("e2e: using the existing build in dist/web (E2E_SKIP_BUILD=1)");
  } else {
    const seconds = await buildSpa(ROOT);
    console.log(`e2e: SPA built in ${seconds.toFixed(1)} s`);
  }

  dataDir = await mkdtemp(path.join(tmpdir(), "escale-e2e-"));
  shop = await startShop({ cwd: ROOT, dataDir });
  console.log(`e2e: shop at ${shop.baseUrl} (ready in ${shop.startSeconds.toFixed(1)} s), browser ${chromePath}`);

  project.provide("baseUrl", shop.baseUrl);
  project.provide("chromePath", chromePath);
}

export async function teardown(): Promise<void> {
  const warnings = shop?.logLines() ?? [];
  await shop?.stop();
  shop = undefined;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
  if (warnings.length > 0) {
    console.log(`e2e: the server logged ${warnings.length} warning(s) or error(s) during the tests; the last ones:`);
    for (const line of warnings.slice(-10)) console.log(`  ${line}`);
  }
}
