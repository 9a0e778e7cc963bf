// End-to-end tests: a real browser drives the built SPA served by a real server process.
// `npx playwright test` (E2E_SKIP_BUILD=1 reuses dist/web; a file or a name filters the run:
// `npx playwright test tests/e2e/cart.e2e.ts`, `npx playwright test -g "coupon"`).
import { defineConfig } from "@playwright/test";
import { CHROME_ARGS } from "./tests/e2e/support/chrome.ts";
import { CHROME_PATH_VARIABLE } from "./tests/e2e/support/environment.ts";
import { DESKTOP } from "./tests/e2e/support/screens.ts";

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.e2e.ts",
  // Builds the SPA and finds Chromium (the test workers, which load this file again, start after it);
  // each worker then starts a shop of its own on a fresh database (tests/e2e/support/fixtures.ts).
  globalSetup: "./tests/e2e/support/global-setup.ts",
  timeout: 60_000,
  // Web-first assertions wait this long for what the user would see.
  expect: { timeout: 15_000, toPass: { timeout: 15_000 } },
  // A failure is a failure: nothing is retried.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Test files run in parallel workers, each with its own browser and shop; a file's tests run in
  // order in one worker. E2E_WORKERS sets how many (default 2, one per core of the reference machine).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  // The flows' browser paths leave what they reached: docs/flows/<flow>.coverage.md and a line per flow.
  reporter: [["list"], ["json", { outputFile: ".test-results/e2e.json" }], ["./tests/e2e/flows/coverage-reporter.ts"]],
  outputDir: ".test-results/e2e-artifacts",
  use: {
    browserName: "chromium",
    headless: true,
    // The back/forward cache kept, as in the shoppers' browsers (Playwright switches it off by default):
    // coming back from the bank's page to the payment step the browser kept in memory needs it.
    launchOptions: { executablePath: process.env[CHROME_PATH_VARIABLE], args: CHROME_ARGS, ignoreDefaultArgs: ["--disable-back-forward-cache"] },
    viewport: DESKTOP,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    screenshot: "only-on-failure",
  },
});
