// The 401 and 404 pages: they say what happened, in the page and in its title, and lead back home.
import type { Lang } from "./support/api.ts";
import { expect, test, type Page } from "./support/fixtures.ts";
import { message } from "./support/messages.ts";
import { atPath } from "./support/waits.ts";

async function expectErrorPage(page: Page, lang: Lang, titleId: string, textId: string): Promise<void> {
  const title = message(lang, titleId);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(message(lang, textId), { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${title} – `));
}

test.describe("error pages", () => {
  for (const lang of ["fr", "en"] as const) {
    test(`/${lang}/401 says access is refused and leads back to the home page (${lang})`, async ({ openPage }) => {
      const page = await openPage(`/${lang}/401`);
      await expectErrorPage(page, lang, "errorPage.unauthorized.title", "errorPage.unauthorized.text");
      await page.getByRole("link", { name: message(lang, "errorPage.backHome"), exact: true }).click();
      await expect(page).toHaveURL(atPath(`/${lang}`));
    });

    test(`an unknown address shows the 404 page, which leads back to the home page (${lang})`, async ({ openPage }) => {
      const page = await openPage(`/${lang}/nowhere/to/be/found`);
      await expect(page).toHaveURL(atPath(`/${lang}/404`));
      await expectErrorPage(page, lang, "errorPage.notFound.title", "errors.notfound");
      await page.getByRole("link", { name: message(lang, "errorPage.backHome"), exact: true }).click();
      await expect(page).toHaveURL(atPath(`/${lang}`));
    });
  }
});
