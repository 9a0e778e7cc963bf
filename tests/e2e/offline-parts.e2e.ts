// Parts loaded apart from their page (the footer, the bestsellers' cards, the dialogs) whose code
// cannot be downloaded, as on a lost connection: the page stays, without them; a dialog the
// shopper opened says the shop cannot be reached, and opens when asked again once it can load; a
// returning customer's cart, which waits for the session, loads the stored cart without it.
import type { Route } from "@playwright/test";
import { CHUNK_LOAD_TIMEOUT_MS } from "../../src/ui/chunk-load.ts";
import { data, storefrontApi } from "./support/api.ts";
import { simpleProductWithStock } from "./support/catalogue.ts";
import { registerCustomer, signInBrowser } from "./support/customers.ts";
import { baseUrl } from "./support/environment.ts";
import { expect, test, type Page } from "./support/fixtures.ts";
import { message } from "./support/messages.ts";
import { chunkOf } from "./support/chunks.ts";

/** What src/app/lazy-actor.ts's reportLoadFailure writes to the console. */
const LOAD_FAILURE = "a part of the shop could not be loaded";

function notifications(page: Page) {
  return page.getByRole("region", { name: message("fr", "notifications.label") });
}

test.describe("parts whose code cannot be loaded", () => {
  test("leave the home page in place, without the footer and the bestsellers' cards", async ({ context, openPage }) => {
    const content = await data((await storefrontApi("fr")).GET("/afs_marketing_other/homepage"));
    await context.route(chunkOf("src/features/footer/footer.tsx", "src/features/home/bestseller-list.tsx"), (route) => route.abort("internetdisconnected"));
    const reports: string[] = [];
    const mentions: string[] = [];
    context.on("console", (entry) => {
      if (entry.text().startsWith(LOAD_FAILURE)) reports.push(entry.text());
      if (entry.text().includes(LOAD_FAILURE)) mentions.push(entry.text());
    });

    const page = await openPage("/fr");
    // Both failures have been taken in (the footer's and the cards').
    await expect.poll(() => reports.length).toBe(2);
    const main = page.getByRole("main");
    await expect(main.getByRole("region", { name: message("fr", "home.slider.label") })).toBeVisible();
    const bestsellers = main.getByRole("region", { name: content.bestsellers.title });
    await expect(bestsellers).toBeVisible();
    await expect(bestsellers.getByRole("heading", { level: 3 })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    // Each failure is written to the console once (not again by React's error logging).
    expect(mentions).toEqual(reports);
  });

  test("say so when a dialog cannot be loaded, and open it when asked again", async ({ openPage }) => {
    const page = await openPage("/fr");
    const chunk = chunkOf("src/shell/login-modal.tsx");
    await page.route(chunk, (route) => route.abort("internetdisconnected"));
    const account = page.getByRole("banner").getByRole("button", { name: message("fr", "layout.account") });
    await account.click();
    await expect(notifications(page).getByRole("alert").getByText(message("fr", "errors.server.access"), { exact: true })).toBeVisible();

    await page.unroute(chunk);
    await account.click();
    await expect(page.getByRole("dialog", { name: message("fr", "layout.login.title") })).toBeVisible();
  });

  test("say so when a dialog's code is still on its way after 120 s, and open it once it has arrived", async ({ context, openPage }) => {
    // The page's clock is the test's: two minutes pass at once instead of being waited for.
    await context.clock.install();
    const page = await openPage("/fr");
    const held: Route[] = [];
    await page.route(chunkOf("src/shell/login-modal.tsx"), (route) => void held.push(route));
    // The notification area is loaded just after the page's first render; its download, too, is
    // given up after 120 s of the page's time: it must have arrived before two minutes are passed
    // at once, as it would have in the shopper's two minutes.
    await expect(notifications(page)).toBeAttached();
    // From the press on, the page's time moves only when the test says so: the 120 s count from
    // the press exactly, however long the test takes to see the download held, and the notice,
    // once there, stays (it would leave after 3 s of the page's time).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    const account = page.getByRole("banner").getByRole("button", { name: message("fr", "layout.account") });
    await account.click();
    await expect.poll(() => held.length).toBe(1);

    const failure = notifications(page).getByRole("alert").getByText(message("fr", "errors.server.access"), { exact: true });
    await page.clock.fastForward(CHUNK_LOAD_TIMEOUT_MS - 1_000);
    await expect(failure).toHaveCount(0);
    await page.clock.fastForward(1_000);
    await expect(failure).toBeVisible();

    // The stalled download ends after all: asking again opens the dialog.
    await page.clock.resume();
    await held[0]?.continue();
    await account.click();
    await expect(page.getByRole("dialog", { name: message("fr", "layout.login.title") })).toBeVisible();
  });

  test("let a returning customer's cart load when the session's code cannot be loaded", async ({ context, openPage }) => {
    // A customer's session stored, with their cart of 1 item: the cart waits for the session, whose code never comes.
    const customer = await registerCustomer("fr");
    const product = await simpleProductWithStock("fr", "in stock", (stock) => stock > 2);
    const offerId = product.offer?.id;
    if (offerId === undefined) throw new Error(`${product.slug} has no offer`);
    const header = { "X-Customer-Authorization": `Bearer ${customer.token}` };
    const cart = await data((await storefrontApi("fr")).PUT("/shopping-cart/set-offer-quantity", { params: { header }, body: { offerId, quantity: 1 } }));
    await context.addCookies([{ name: "cart_id", value: cart.uuid, url: baseUrl(), sameSite: "Strict" }]);
    await signInBrowser(context, customer.token);
    await context.route(chunkOf("src/app/auth-wiring.ts"), (route) => route.abort("internetdisconnected"));
    const reports: string[] = [];
    context.on("console", (entry) => {
      if (entry.text().startsWith(LOAD_FAILURE)) reports.push(entry.text());
    });

    const page = await openPage("/fr/mon-panier");
    await expect.poll(() => reports.length).toBeGreaterThan(0);
    // The stored cart, loaded as a visitor's would be: its line on the cart page.
    await expect(page.getByRole("main").getByRole("article", { name: product.name, exact: true })).toBeVisible();
  });
});
