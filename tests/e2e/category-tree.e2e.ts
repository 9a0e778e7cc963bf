// A category tree that cannot be fetched (SPEC §8): a danger notification says the shop cannot be
// reached, on a desktop (the mega menu) as on a phone (the drill-down menu), and the page stays.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { currentContext, MOBILE, openPage } from "./support/browser.ts";
import { message } from "./support/messages.ts";
import { visible } from "./support/waits.ts";

/** The categories call of both languages; the shop answers it with an error. */
const CATEGORIES = /\/api\/v1\/categories(\?|$)/;

async function failCategories(): Promise<void> {
  const context = await currentContext();
  await context.route(CATEGORIES, (route) => route.fulfill({ status: 500, json: { status: 500, message: "Internal Server Error" } }));
}

function failureNotice(page: Page) {
  return page
    .getByRole("region", { name: message("fr", "notifications.label") })
    .getByRole("alert")
    .getByText(message("fr", "errors.server.access"), { exact: true });
}

describe("a category tree that cannot be fetched", () => {
  it("is announced once on a desktop, and the home page stays", async () => {
    await failCategories();
    const page = await openPage("/fr");
    await visible(failureNotice(page));
    await visible(page.getByRole("main").getByRole("region", { name: message("fr", "home.slider.label") }));
    expect(await failureNotice(page).count()).toBe(1);
  });

  it("is announced on a phone when the menu opens, which says so too", async () => {
    await failCategories();
    const page = await openPage("/fr", { viewport: MOBILE });
    await page
      .getByRole("navigation", { name: message("fr", "layout.bottomBar") })
      .getByRole("button", { name: message("fr", "navigation.menu"), exact: true })
      .click();
    const menu = await visible(page.getByRole("dialog", { name: message("fr", "navigation.menu") }));
    await visible(menu.getByText(message("fr", "errors.server.access"), { exact: true }));
    await visible(failureNotice(page));
  });
});
