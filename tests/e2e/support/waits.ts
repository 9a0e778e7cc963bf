// Waiting on what the user would see: an element, an address, a text. Never a fixed delay.
import type { Locator, Page } from "playwright-core";

const DEFAULT_TIMEOUT_MS = 15_000;

/** Waits until the locator's (first) element is visible, and returns it. */
export async function visible(locator: Locator, timeout = DEFAULT_TIMEOUT_MS): Promise<Locator> {
  await locator.first().waitFor({ state: "visible", timeout });
  return locator.first();
}

/** Waits until no element of the locator is visible (removed or hidden). */
export async function hidden(locator: Locator, timeout = DEFAULT_TIMEOUT_MS): Promise<void> {
  await locator.first().waitFor({ state: "hidden", timeout });
}

/** Waits until the page's address has this pathname (and, when given, this search and hash). */
export async function waitForPath(
  page: Page,
  pathname: string | RegExp,
  options: { search?: (params: URLSearchParams) => boolean; hash?: string } = {},
): Promise<URL> {
  await page.waitForURL(
    (url) =>
      (typeof pathname === "string" ? url.pathname === pathname : pathname.test(url.pathname)) &&
      (options.search ? options.search(url.searchParams) : true) &&
      (options.hash === undefined ? true : url.hash === options.hash),
    { timeout: DEFAULT_TIMEOUT_MS, waitUntil: "commit" },
  );
  return new URL(page.url());
}

/** Waits until `<html lang>` is `lang`. */
export async function waitForHtmlLang(page: Page, lang: string): Promise<void> {
  await page.waitForFunction((expected) => document.documentElement.lang === expected, lang, { timeout: DEFAULT_TIMEOUT_MS });
}

/** Clicks a checkbox and waits until it shows `checked` (the state may follow a moment later). */
export async function setChecked(checkbox: Locator, checked: boolean, timeout = DEFAULT_TIMEOUT_MS): Promise<void> {
  if ((await checkbox.isChecked()) !== checked) await checkbox.click();
  await checkbox.page().waitForFunction(
    ([element, wanted]) => (element as HTMLInputElement).checked === wanted,
    [await checkbox.elementHandle(), checked] as const,
    { timeout },
  );
}
