// The 401 and 404 pages: they say what happened, in the page and in its title, and lead back home.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Lang } from "./support/api.ts";
import { openPage } from "./support/browser.ts";
import { message } from "./support/messages.ts";
import { visible, waitForPath } from "./support/waits.ts";

async function expectErrorPage(page: Page, lang: Lang, titleId: string, textId: string): Promise<void> {
  const title = message(lang, titleId);
  await visible(page.getByRole("heading", { level: 1, name: title }));
  await visible(page.getByText(message(lang, textId), { exact: true }));
  await expect.poll(() => page.title(), { timeout: 10_000 }).toMatch(new RegExp(`^${title} – `));
}

describe("error pages", () => {
  for (const lang of ["fr", "en"] as const) {
    it(`/${lang}/401 says access is refused and leads back to the home page (${lang})`, async () => {
      const page = await openPage(`/${lang}/401`);
      await expectErrorPage(page, lang, "errorPage.unauthorized.title", "errorPage.unauthorized.text");
      await page.getByRole("link", { name: message(lang, "errorPage.backHome"), exact: true }).click();
      await waitForPath(page, `/${lang}`);
    });

    it(`an unknown address shows the 404 page, which leads back to the home page (${lang})`, async () => {
      const page = await openPage(`/${lang}/nowhere/to/be/found`);
      await waitForPath(page, `/${lang}/404`);
      await expectErrorPage(page, lang, "errorPage.notFound.title", "errors.notfound");
      await page.getByRole("link", { name: message(lang, "errorPage.backHome"), exact: true }).click();
      await waitForPath(page, `/${lang}`);
    });
  }
});
