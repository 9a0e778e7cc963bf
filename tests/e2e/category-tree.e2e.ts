// A category tree that cannot be fetched (SPEC §8): a danger notification says the shop cannot be
// reached, on a desktop (the mega menu) as on a phone (the drill-down menu), and the page stays.
import { expect, MOBILE, outsideNotifications, test, type BrowserContext, type Page } from "./support/fixtures.ts";
import { message } from "./support/messages.ts";

/** The categories call of both languages; the shop answers it with an error. */
const CATEGORIES = /\/api\/v1\/categories(\?|$)/;

async function failCategories(context: BrowserContext): Promise<void> {
  await context.route(CATEGORIES, (route) => route.fulfill({ status: 500, json: { status: 500, message: "Internal Server Error" } }));
}

function failureNotice(page: Page) {
  return page
    .getByRole("region", { name: message("fr", "notifications.label") })
    .getByRole("alert")
    .getByText(message("fr", "errors.server.access"), { exact: true });
}

test.describe("a category tree that cannot be fetched", () => {
  test("is announced once on a desktop, and the home page stays", async ({ context, openPage }) => {
    await failCategories(context);
    const page = await openPage("/fr");
    await expect(failureNotice(page).first()).toBeVisible();
    await expect(page.getByRole("main").getByRole("region", { name: message("fr", "home.slider.label") })).toBeVisible();
    // Counted at this moment: a retrying count could pass while a second notice leaves.
    expect(await failureNotice(page).count()).toBe(1);
  });

  test("is announced on a phone when the menu opens, which says so too", async ({ context, openPage }) => {
    await failCategories(context);
    const page = await openPage("/fr", { viewport: MOBILE });
    await page
      .getByRole("navigation", { name: message("fr", "layout.bottomBar") })
      .getByRole("button", { name: message("fr", "navigation.menu"), exact: true })
      .click();
    const menu = page.getByRole("dialog", { name: message("fr", "navigation.menu") });
    await expect(menu).toBeVisible();
    // The menu's own words, not the notification shown over it.
    await expect(menu.getByText(message("fr", "errors.server.access"), { exact: true }).and(outsideNotifications(page))).toBeVisible();
    await expect(failureNotice(page)).toBeVisible();
  });
});
