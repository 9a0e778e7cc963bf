// Parts loaded apart from their page (the footer, the bestsellers' cards, the dialogs) whose code
// cannot be downloaded, as on a lost connection: the page stays, without them; a dialog the
// shopper opened says the shop cannot be reached, and opens when asked again once it can load.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { data, storefrontApi } from "./support/api.ts";
import { currentContext, openPage } from "./support/browser.ts";
import { message } from "./support/messages.ts";
import { visible } from "./support/waits.ts";

/** What src/app/lazy-actor.ts's reportLoadFailure writes to the console. */
const LOAD_FAILURE = "a part of the shop could not be loaded";

function notifications(page: Page) {
  return page.getByRole("region", { name: message("fr", "notifications.label") });
}

describe("parts whose code cannot be loaded", () => {
  it("leave the home page in place, without the footer and the bestsellers' cards", async () => {
    const content = await data((await storefrontApi("fr")).GET("/afs_marketing_other/homepage"));
    const context = await currentContext();
    await context.route(/\/assets\/(footer|bestseller-list)-[^/]*\.js$/, (route) => route.abort("internetdisconnected"));
    const reports: string[] = [];
    const mentions: string[] = [];
    context.on("console", (entry) => {
      if (entry.text().startsWith(LOAD_FAILURE)) reports.push(entry.text());
      if (entry.text().includes(LOAD_FAILURE)) mentions.push(entry.text());
    });

    const page = await openPage("/fr");
    // Both failures have been taken in (the footer's and the cards').
    await expect.poll(() => reports.length, { timeout: 15_000 }).toBe(2);
    const main = page.getByRole("main");
    await visible(main.getByRole("region", { name: message("fr", "home.slider.label") }));
    const bestsellers = await visible(main.getByRole("region", { name: content.bestsellers.title }));
    expect(await bestsellers.getByRole("heading", { level: 3 }).count()).toBe(0);
    expect(await page.getByRole("contentinfo").count()).toBe(0);
    // Each failure is written to the console once (not again by React's error logging).
    expect(mentions).toEqual(reports);
  });

  it("say so when a dialog cannot be loaded, and open it when asked again", async () => {
    const page = await openPage("/fr");
    const chunk = /\/assets\/login-modal-[^/]*\.js$/;
    await page.route(chunk, (route) => route.abort("internetdisconnected"));
    const account = page.getByRole("banner").getByRole("button", { name: message("fr", "layout.account") });
    await account.click();
    await visible(notifications(page).getByRole("alert").getByText(message("fr", "errors.server.access"), { exact: true }));

    await page.unroute(chunk);
    await account.click();
    await visible(page.getByRole("dialog", { name: message("fr", "layout.login.title") }));
  });
});
