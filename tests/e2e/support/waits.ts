// Waiting on what the user would see, the web-first way: an address, a ticked box. Never a fixed delay.
import { expect, type Locator } from "@playwright/test";

/**
 * For `expect(page).toHaveURL(...)`: the address has this pathname and, when given, a query that
 * satisfies `search` and this hash.
 */
export function atPath(
  pathname: string | RegExp,
  options: { search?: (params: URLSearchParams) => boolean; hash?: string } = {},
): (url: URL) => boolean {
  return (url) =>
    (typeof pathname === "string" ? url.pathname === pathname : pathname.test(url.pathname)) &&
    (options.search ? options.search(url.searchParams) : true) &&
    (options.hash === undefined ? true : url.hash === options.hash);
}

/** Clicks a checkbox or switch unless it already is as wanted, and expects it to show that state (it may follow a moment later). */
export async function setChecked(checkbox: Locator, checked: boolean): Promise<void> {
  if ((await checkbox.isChecked()) !== checked) await checkbox.click();
  await expect(checkbox).toBeChecked({ checked });
}
