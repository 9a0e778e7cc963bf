// The cookie banner: a first visit asks; accepting or refusing is remembered across reloads and
// shown on the cookie page; the choice is kept for a year.
import { describe, expect, it } from "vitest";
import { consentBanner, currentContext, openPage } from "./support/browser.ts";
import { message } from "./support/messages.ts";
import { hidden, visible } from "./support/waits.ts";

const DAY_SECONDS = 86_400;
const CONSENT_DAYS = 365;

/** The cookies the shop set that are kept about a year (the consent's lifetime). */
async function yearLongCookies(): Promise<string[]> {
  const cookies = await (await currentContext()).cookies();
  const now = Date.now() / 1000;
  return cookies
    .filter((cookie) => {
      const days = (cookie.expires - now) / DAY_SECONDS;
      return days > CONSENT_DAYS - 1 && days <= CONSENT_DAYS;
    })
    .map((cookie) => cookie.name);
}

describe("cookie consent", () => {
  it("asks a first-time visitor, with refusing as easy as accepting", async () => {
    const page = await openPage("/fr", { consent: "undecided" });
    const banner = await visible(consentBanner(page));
    await visible(banner.getByRole("button", { name: message("fr", "consent.acceptAll"), exact: true }));
    await visible(banner.getByRole("button", { name: message("fr", "consent.refuseAll"), exact: true }));
    await visible(banner.getByRole("button", { name: message("fr", "consent.choose"), exact: true }));
    expect(await yearLongCookies()).toEqual([]);
  });

  it.each([
    ["accept", "consent.acceptAll", "cookies.status.allowed"],
    ["refuse", "consent.refuseAll", "cookies.status.refused"],
  ] as const)("remembers a visitor who chose to %s, across reloads, for a year", async (_choice, button, status) => {
    const page = await openPage("/fr", { consent: "undecided" });
    const banner = await visible(consentBanner(page));
    await banner.getByRole("button", { name: message("fr", button), exact: true }).click();
    await hidden(banner);

    await page.reload();
    await page.getByRole("main").waitFor();
    expect(await consentBanner(page).isVisible()).toBe(false);

    expect(await yearLongCookies()).toHaveLength(1);

    await page.goto("/fr/gestion-des-cookies");
    await visible(page.getByRole("heading", { level: 1, name: message("fr", "cookies.title") }));
    const statuses = page.getByText(message("fr", status), { exact: true });
    await visible(statuses);
    expect(await page.getByText(message("fr", "cookies.status.undecided"), { exact: true }).count()).toBe(0);
    expect(await consentBanner(page).isVisible()).toBe(false);
  });

  it("lets the visitor change the choice from the cookie page", async () => {
    const page = await openPage("/en/gestion-des-cookies", { consent: "refuse" });
    await visible(page.getByText(message("en", "cookies.status.refused"), { exact: true }));
    await page.getByRole("button", { name: message("en", "cookies.change"), exact: true }).click();
    const banner = await visible(consentBanner(page));
    await banner.getByRole("button", { name: message("en", "consent.acceptAll"), exact: true }).click();
    await hidden(banner);
    await visible(page.getByText(message("en", "cookies.status.allowed"), { exact: true }));
    await page.reload();
    await visible(page.getByText(message("en", "cookies.status.allowed"), { exact: true }));
  });
});
