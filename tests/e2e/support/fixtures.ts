// The end-to-end tests' `test` and `expect`. Each test has a fresh browser context (cookies,
// storage) and fails, once it has run, on an uncaught error in any of its pages or on anything the
// shop's Content-Security-Policy blocked (the auto fixture `pageChecks`). `openPage` is how a test
// arrives at the shop: it loads a path in a new tab and waits until the app has rendered its page,
// answering the cookie banner on the test's first page. Each worker has a shop of its own (the
// auto worker fixture `workerShop`): the real server on a fresh embedded database, started before
// the worker's first test and stopped after its last.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import type { Lang } from "./api.ts";
import { BASE_URL_VARIABLE } from "./environment.ts";
import { message } from "./messages.ts";
import { startShop } from "./shop-process.ts";

export { expect };
export type { BrowserContext, Locator, Page } from "@playwright/test";
export { DESKTOP, MOBILE } from "./screens.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/** Building the demo catalogue of a fresh database takes a few seconds, more on a busy machine. */
const SHOP_START_TIMEOUT_MS = 180_000;

/** A first page load on a cold server may take longer than an assertion's usual wait. */
const FIRST_RENDER_TIMEOUT_MS = 30_000;

export interface OpenPageOptions {
  viewport?: { width: number; height: number };
  /**
   * What the visitor answers the cookie banner on the test's first page: "refuse" (default) or
   * "accept" it with its buttons, or "undecided" to leave it to the test (consent and
   * accessibility tests), which then answers it itself if it needs to.
   */
  consent?: "refuse" | "accept" | "undecided";
}

/**
 * Opens `path` of the shop in a new tab of the test's context and waits for the app to render its
 * main landmark. Later calls in the same test share cookies and storage with the first.
 */
export type OpenPage = (path: string, options?: OpenPageOptions) => Promise<Page>;

export interface PageChecks {
  /** The policy violations seen so far in the test (the test fails on any once it has run). */
  policyViolations(): string[];
}

/** The language of the page's address (`/en/...` → en; anything else is French). */
function langOf(page: Page): Lang {
  return new URL(page.url()).pathname.split("/")[1] === "en" ? "en" : "fr";
}

/** The cookie banner (a region named by its title), in the page's language. */
export function consentBanner(page: Page) {
  return page.getByRole("region", { name: message(langOf(page), "consent.title") });
}

/**
 * Every element outside the notifications, which an open dialog takes in (to show them above it):
 * `dialog.getByText(text).and(outsideNotifications(page))` is the dialog's own text.
 */
export function outsideNotifications(page: Page) {
  return page.locator(":not(.notifications *)");
}

/** Reports each `securitypolicyviolation` of every page of the context to `violations`. */
async function watchPolicyViolations(context: BrowserContext, violations: string[]): Promise<void> {
  await context.exposeBinding("__reportPolicyViolation", ({ page }, violation: string) => {
    violations.push(`${page.url()}: ${violation}`);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportPolicyViolation?: (violation: string) => void }).__reportPolicyViolation;
      report?.(`${event.effectiveDirective} blocked ${event.blockedURI || "an inline resource"} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
}

export const test = base.extend<{ pageChecks: PageChecks; openPage: OpenPage }, { workerShop: string }>({
  workerShop: [
    // Playwright reads a fixture's dependencies from this pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const dataDir = await mkdtemp(path.join(tmpdir(), `escale-e2e-w${workerInfo.workerIndex}-`));
      // Behind a trusted loopback proxy, a test may be a client of its own address (X-Forwarded-For),
      // so that the per-address limits it drives (a real 429) count it alone: tests/e2e/flows/world.ts.
      const shop = await startShop({ cwd: ROOT, dataDir, env: { TRUST_PROXY: "loopback" } }).catch(async (error: unknown) => {
        await rm(dataDir, { recursive: true, force: true });
        throw error;
      });
      console.log(`e2e: worker ${workerInfo.workerIndex}'s shop at ${shop.baseUrl} (ready in ${shop.startSeconds.toFixed(1)} s)`);
      // The API helpers (baseUrl()) read it; a group with a shop of its own swaps it meanwhile.
      process.env[BASE_URL_VARIABLE] = shop.baseUrl;
      await use(shop.baseUrl);
      const warnings = shop.logLines();
      await shop.stop();
      await rm(dataDir, { recursive: true, force: true });
      if (warnings.length > 0) {
        console.log(`e2e: worker ${workerInfo.workerIndex}'s shop logged ${warnings.length} warning(s) or error(s); the last ones:`);
        for (const line of warnings.slice(-10)) console.log(`  ${line}`);
      }
    },
    { scope: "worker", auto: true, timeout: SHOP_START_TIMEOUT_MS },
  ],

  // Relative addresses (page.goto, openPage) go to the worker's shop, or to the running group's own
  // shop where it has one (support/postgres-shop.ts): both are what baseUrl() gives once the worker's is up.
  baseURL: async ({ workerShop }, use) => {
    await use(process.env[BASE_URL_VARIABLE] ?? workerShop);
  },

  pageChecks: [
    async ({ context }, use) => {
      const pageErrors: string[] = [];
      // What the shop's Content-Security-Policy blocked, in any page of the test: a bug of the shop or its policy.
      const policyViolations: string[] = [];
      context.on("weberror", (error) => pageErrors.push(`${error.page()?.url() ?? "a page"}: ${error.error().message}`));
      await watchPolicyViolations(context, policyViolations);

      await use({ policyViolations: () => [...policyViolations] });

      // An uncaught exception in the page is a bug even when the assertions passed.
      if (pageErrors.length > 0) throw new Error(`uncaught error(s) in the page:\n${pageErrors.join("\n")}`);
      // So is anything the page asked for that its Content-Security-Policy refused.
      if (policyViolations.length > 0) throw new Error(`Content-Security-Policy violation(s):\n${policyViolations.join("\n")}`);
    },
    { auto: true },
  ],

  openPage: async ({ context }, use) => {
    // The banner was answered (or left to the test) in this context: later pages do not show it.
    let consentHandled = false;
    await use(async (path, options = {}) => {
      const page = await context.newPage();
      if (options.viewport) await page.setViewportSize(options.viewport);
      await page.goto(path);
      await expect(page.getByRole("main")).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT_MS });
      const consent = options.consent ?? "refuse";
      if (!consentHandled && consent !== "undecided") {
        // A new visitor is always asked (the banner may come a moment after the page).
        const banner = consentBanner(page);
        const answer = message(langOf(page), consent === "accept" ? "consent.acceptAll" : "consent.refuseAll");
        await banner.getByRole("button", { name: answer, exact: true }).click();
        await expect(banner).toBeHidden();
      }
      consentHandled = true;
      return page;
    });
  },
});
