// Once before the end-to-end tests (playwright.config.ts): find Chromium, build the SPA (unless
// E2E_SKIP_BUILD=1), start the real server on a free port with a fresh data folder, and hand its
// address and the browser to the tests. The function it returns is the run's teardown.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { findChrome } from "./chrome.ts";
import { BASE_URL_VARIABLE, CHROME_PATH_VARIABLE } from "./environment.ts";
import { buildSpa, startShop } from "./shop-process.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");

export default async function globalSetup(): Promise<() => Promise<void>> {
  // Fail before the slow steps when there is no browser to drive.
  const chromePath = await findChrome();

  if (process.env.E2E_SKIP_BUILD === "1") {
    console.log("e2e: using the existing build in dist/web (E2E_SKIP_BUILD=1)");
  } else {
    const seconds = await buildSpa(ROOT);
    console.log(`e2e: SPA built in ${seconds.toFixed(1)} s`);
  }

  const dataDir = await mkdtemp(path.join(tmpdir(), "escale-e2e-"));
  // Behind a trusted loopback proxy, a test may be a client of its own address (X-Forwarded-For), so
  // that the per-address limits it drives (a real 429) count it alone: tests/e2e/flows/world.ts.
  const shop = await startShop({ cwd: ROOT, dataDir, env: { TRUST_PROXY: "loopback" } }).catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  console.log(`e2e: shop at ${shop.baseUrl} (ready in ${shop.startSeconds.toFixed(1)} s), browser ${chromePath}`);

  // The configuration's `use.baseURL` and `launchOptions` read them in the test workers.
  process.env[BASE_URL_VARIABLE] = shop.baseUrl;
  process.env[CHROME_PATH_VARIABLE] = chromePath;

  return async () => {
    const warnings = shop.logLines();
    await shop.stop();
    await rm(dataDir, { recursive: true, force: true });
    if (warnings.length > 0) {
      console.log(`e2e: the server logged ${warnings.length} warning(s) or error(s) during the tests; the last ones:`);
      for (const line of warnings.slice(-10)) console.log(`  ${line}`);
    }
  };
}
