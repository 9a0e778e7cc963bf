// One browser per test file, a fresh context (cookies, storage) per test; a test fails on an
// uncaught page error or on anything the shop's Content-Security-Policy blocked. `openPage` is how a
// test arrives at the shop: it loads a path and waits until the app has rendered its page.
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, inject } from "vitest";
import type { Lang } from "./api.ts";
import { CHROME_ARGS } from "./chrome.ts";
import { message } from "./messages.ts";

/** A desktop window, wider than the 768 px mobile breakpoint. */
export const DESKTOP = { width: 1280, height: 800 } as const;
/** A small phone (the spec's mobile layout applies under 768 px). */
export const MOBILE = { width: 375, height: 812 } as const;

export interface OpenPageOptions {
  viewport?: { width: number; height: number };
  /**
   * What the visitor answers the cookie banner on the test's first page: "refuse" (default) or
   * "accept" it with its buttons, or "undecided" to leave it to the test (consent and
   * accessibility tests), which then answers it itself if it needs to.
   */
  consent?: "refuse" | "accept" | "undecided";
}

let browser: Browser | undefined;
let context: BrowserContext | undefined;
/** The banner was answered (or left to the test) in this context: later pages do not show it. */
let consentHandled = false;
const pageErrors: string[] = [];
/** What the shop's Content-Security-Policy blocked, in any page of the test: a bug of the shop or its policy. */
const policyViolations: string[] = [];

/** Reports each `securitypolicyviolation` of every page of the context to the test. */
async function watchPolicyViolations(created: BrowserContext): Promise<void> {
  await created.exposeBinding("__reportPolicyViolation", ({ page }, violation: string) => {
    policyViolations.push(`${page.url()}: ${violation}`);
  });
  await created.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportPolicyViolation?: (violation: string) => void }).__reportPolicyViolation;
      report?.(`${event.effectiveDirective} blocked ${event.blockedURI || "an inline resource"} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
}

async function launchedBrowser(): Promise<Browser> {
  browser ??= await chromium.launch({ executablePath: inject("chromePath"), args: CHROME_ARGS, headless: true });
  return browser;
}

/** The current test's context, created on first use. */
async function testContext(): Promise<BrowserContext> {
  if (!context) {
    const created = await (await launchedBrowser()).newContext({
      baseURL: inject("baseUrl"),
      viewport: DESKTOP,
      locale: "fr-FR",
      timezoneId: "Europe/Paris",
    });
    await watchPolicyViolations(created);
    context = created;
  }
  return context;
}

/** The policy violations seen so far in the test (the check after each test fails on any). */
export function policyViolationsSoFar(): string[] {
  return [...policyViolations];
}

/** The language of the page's address (`/en/...` → en; anything else is French). */
export function langOf(page: Page): Lang {
  return new URL(page.url()).pathname.split("/")[1] === "en" ? "en" : "fr";
}

/** The cookie banner (a region named by its title), in the page's language. */
export function consentBanner(page: Page) {
  return page.getByRole("region", { name: message(langOf(page), "consent.title") });
}

/**
 * Opens `path` of the shop in a new tab of the test's context and waits for the app to render
 * its main landmark. Later calls in the same test share cookies and storage with the first.
 */
export async function openPage(path: string, options: OpenPageOptions = {}): Promise<Page> {
  const page = await (await testContext()).newPage();
  if (options.viewport) await page.setViewportSize(options.viewport);
  page.on("pageerror", (error) => pageErrors.push(`${page.url()}: ${error.message}`));
  await page.goto(path);
  await page.getByRole("main").waitFor();
  const consent = options.consent ?? "refuse";
  if (!consentHandled && consent !== "undecided") {
    // A new visitor is always asked (the banner may come a moment after the page).
    const banner = consentBanner(page);
    const answer = message(langOf(page), consent === "accept" ? "consent.acceptAll" : "consent.refuseAll");
    await banner.getByRole("button", { name: answer, exact: true }).click();
    await banner.waitFor({ state: "hidden" });
  }
  consentHandled = true;
  return page;
}

/** The test's browser context (for cookies), created if the test has not opened a page yet. */
export function currentContext(): Promise<BrowserContext> {
  return testContext();
}

afterEach(async () => {
  await context?.close();
  context = undefined;
  consentHandled = false;
  // An uncaught exception in the page is a bug even when the assertions passed.
  const errors = pageErrors.splice(0);
  if (errors.length > 0) throw new Error(`uncaught error(s) in the page:\n${errors.join("\n")}`);
  // So is anything the page asked for that its Content-Security-Policy refused.
  const violations = policyViolations.splice(0);
  if (violations.length > 0) throw new Error(`Content-Security-Policy violation(s):\n${violations.join("\n")}`);
});

afterAll(async () => {
  await browser?.close();
  browser = undefined;
});
