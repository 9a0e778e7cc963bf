// Once before the end-to-end tests (playwright.config.ts): find Chromium and build the SPA (unless
// E2E_SKIP_BUILD=1), and hand the browser to the tests. Each worker then starts a shop of its own
// on that build (the worker fixture `workerShop` in fixtures.ts).
import path from "node:path";
import { findChrome } from "./chrome.ts";
import { CHROME_PATH_VARIABLE } from "./environment.ts";
import { buildSpa } from "./shop-process.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");

export default async function globalSetup(): Promise<void> {
  // Fail before the slow steps when there is no browser to drive.
  const chromePath = await findChrome();

  if (process.env.E2E_SKIP_BUILD === "1") {
    console.log("e2e: using the existing build in dist/web (E2E_SKIP_BUILD=1)");
  } else {
    const seconds = await buildSpa(ROOT);
    console.log(`e2e: SPA built in ${seconds.toFixed(1)} s`);
  }
  console.log(`e2e: browser ${chromePath}`);

  // The configuration's `launchOptions` reads it in the test workers.
  process.env[CHROME_PATH_VARIABLE] = chromePath;
}
