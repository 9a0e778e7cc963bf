// The cookie banner: a first visit asks; accepting, refusing or choosing category by category is
// remembered across reloads (the `consent` cookie, kept a year) and shown on the cookie page, where it
// can be changed. Nothing is asked of an outside host until the visitor allows it. Every decision and
// change of the flow, in both languages, is walked by its paths: tests/e2e/flows/cookie-consent.e2e.ts.
import type { Lang } from "./support/api.ts";
import { largestTopCategory } from "./support/catalogue.ts";
import { baseUrl } from "./support/environment.ts";
import { consentBanner, expect, test, type BrowserContext, type Locator, type Page } from "./support/fixtures.ts";
import { message } from "./support/messages.ts";
import { setChecked } from "./support/waits.ts";

const DAY_SECONDS = 86_400;
const CONSENT_DAYS = 365;
const CONSENT_COOKIE = "consent";
const CATEGORIES = ["maps", "captcha", "payment"] as const;
type Category = (typeof CATEGORIES)[number];
type Choices = Record<Category, boolean>;
const ALL: Choices = { maps: true, captcha: true, payment: true };
const NONE: Choices = { maps: false, captcha: false, payment: false };

/** The cookies the shop set that are kept about a year (the consent's lifetime). */
async function yearLongCookies(context: BrowserContext): Promise<string[]> {
  const cookies = await context.cookies();
  const now = Date.now() / 1000;
  return cookies
    .filter((cookie) => {
      const days = (cookie.expires - now) / DAY_SECONDS;
      return days > CONSENT_DAYS - 1 && days <= CONSENT_DAYS;
    })
    .map((cookie) => cookie.name);
}

/** The consent cookie holds `choices`, decided since `decidedAfter` (ms), and lasts 365 days from then. */
async function expectConsentCookie(context: BrowserContext, choices: Choices, decidedAfter: number): Promise<void> {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === CONSENT_COOKIE);
  if (!cookie) throw new Error("no consent cookie was set");
  expect(cookie).toMatchObject({ path: "/", sameSite: "Strict", httpOnly: false, secure: false });
  const stored: unknown = JSON.parse(decodeURIComponent(cookie.value));
  expect(stored).toEqual({ categories: choices, decidedAt: expect.any(String) });
  const decidedAt = Date.parse((stored as { decidedAt: string }).decidedAt);
  expect(decidedAt).toBeGreaterThanOrEqual(decidedAfter);
  expect(decidedAt).toBeLessThanOrEqual(Date.now());
  // Expires ≈ the moment of the decision + 365 days (a second of rounding either way).
  expect(Math.abs(cookie.expires - (decidedAt / 1000 + CONSENT_DAYS * DAY_SECONDS))).toBeLessThan(2);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A switch of the banner's panel, by its category's name (its description follows in the label). */
function categorySwitch(banner: Locator, lang: Lang, category: Category | "necessary"): Locator {
  return banner.getByRole("switch", { name: new RegExp(`^${escapeRegExp(message(lang, `consent.category.${category}`))}`) });
}

/** The cookie page shows `choices`, category by category, and no category left undecided. */
async function expectStatuses(page: Page, lang: Lang, choices: Choices): Promise<void> {
  const main = page.getByRole("main");
  for (const category of CATEGORIES) {
    const row = main.locator("dl > div").filter({ has: page.getByText(message(lang, `consent.category.${category}`), { exact: true }) });
    await expect(row.getByText(message(lang, choices[category] ? "cookies.status.allowed" : "cookies.status.refused"), { exact: true })).toBeVisible();
  }
  await expect(main.getByText(message(lang, "cookies.status.undecided"), { exact: true })).toHaveCount(0);
}

const BANNER_SEEN_KEY = "e2e-undecided-consent-banner";

/**
 * From the next page load on, notes in the tab's session storage (kept across reloads) every time a
 * banner that asks (the region without its panel), painted by the server or the app, enters the page.
 */
async function recordAskingBanner(context: BrowserContext, lang: Lang): Promise<void> {
  await context.addInitScript(
    ({ title, key }) => {
      const look = () => {
        for (const heading of document.querySelectorAll("h2")) {
          if (heading.textContent === title && !heading.closest("section")?.querySelector("fieldset")) sessionStorage.setItem(key, location.pathname);
        }
      };
      new MutationObserver(look).observe(document, { childList: true, subtree: true });
    },
    { title: message(lang, "consent.title"), key: BANNER_SEEN_KEY },
  );
}

/** Where an asking banner was last noted (null: nowhere), and forgets it. */
async function takeAskingBannerRecord(page: Page): Promise<string | null> {
  return page.evaluate((key) => {
    const seen = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    return seen;
  }, BANNER_SEEN_KEY);
}

test.describe("cookie consent", () => {
  test("asks a first-time visitor, with refusing as easy as accepting", async ({ context, openPage }) => {
    const page = await openPage("/fr", { consent: "undecided" });
    const banner = consentBanner(page);
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("button", { name: message("fr", "consent.acceptAll"), exact: true })).toBeVisible();
    await expect(banner.getByRole("button", { name: message("fr", "consent.refuseAll"), exact: true })).toBeVisible();
    await expect(banner.getByRole("button", { name: message("fr", "consent.choose"), exact: true })).toBeVisible();
    expect(await yearLongCookies(context)).toEqual([]);
  });

  for (const [choice, button, choices] of [
    ["accept", "consent.acceptAll", ALL],
    ["refuse", "consent.refuseAll", NONE],
  ] as const) {
    test(`remembers a visitor who chose to ${choice}, across reloads, for a year`, async ({ context, openPage }) => {
      await recordAskingBanner(context, "fr");
      const page = await openPage("/fr", { consent: "undecided" });
      const banner = consentBanner(page);
      await expect(banner).toBeVisible();
      const decidedAfter = Date.now();
      await banner.getByRole("button", { name: message("fr", button), exact: true }).click();
      await expect(banner).toBeHidden();
      // The record saw the banner of the first visit: its silence later means something.
      expect(await takeAskingBannerRecord(page)).toBe("/fr");
      await expectConsentCookie(context, choices, decidedAfter);
      expect(await yearLongCookies(context)).toEqual([CONSENT_COOKIE]);

      await page.reload();
      await expect(page.getByRole("main")).toBeVisible();
      await page.goto("/fr/gestion-des-cookies");
      await expect(page.getByRole("heading", { level: 1, name: message("fr", "cookies.title") })).toBeVisible();
      await expectStatuses(page, "fr", choices);
      // The consent flow loads after the first render; reopening the choice waits for it. Its panel
      // showing the stored choice proves that the flow started from the cookie.
      await page.getByRole("button", { name: message("fr", "cookies.change"), exact: true }).click();
      const panel = consentBanner(page);
      await expect(panel).toBeVisible();
      for (const category of CATEGORIES) {
        const toggle = categorySwitch(panel, "fr", category);
        await expect(toggle).toBeVisible();
        await expect(toggle, category).toBeChecked({ checked: choices[category] });
      }
      await expectStatuses(page, "fr", choices);
      // Saved unchanged, the running flow is back to decided: no banner stays or comes back.
      const savedAfter = Date.now();
      await panel.getByRole("button", { name: message("fr", "consent.save"), exact: true }).click();
      await expect(panel).toBeHidden();
      await expectConsentCookie(context, choices, savedAfter);
      await expectStatuses(page, "fr", choices);
      expect(await takeAskingBannerRecord(page)).toBeNull();
    });
  }

  test("lets a visitor choose category by category from the banner, keeps that choice, and change it on the cookie page", async ({ context, openPage }) => {
    const chosen: Choices = { ...NONE, maps: true, captcha: true };
    const changed: Choices = { ...NONE, maps: true, payment: true };
    const page = await openPage("/fr", { consent: "undecided" });
    const banner = consentBanner(page);
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: message("fr", "consent.choose"), exact: true }).click();
    // The necessary cookies are on and stay on; every other category starts refused.
    const necessary = categorySwitch(banner, "fr", "necessary");
    await expect(necessary).toBeVisible();
    await expect(necessary).toBeChecked();
    await expect(necessary).toBeDisabled();
    for (const category of CATEGORIES) await expect(categorySwitch(banner, "fr", category), category).toBeChecked({ checked: false });
    await setChecked(categorySwitch(banner, "fr", "maps"), true);
    await setChecked(categorySwitch(banner, "fr", "captcha"), true);
    const decidedAfter = Date.now();
    await banner.getByRole("button", { name: message("fr", "consent.save"), exact: true }).click();
    await expect(banner).toBeHidden();
    await expectConsentCookie(context, chosen, decidedAfter);

    await page.reload();
    await expect(page.getByRole("main")).toBeVisible();
    await page.goto("/fr/gestion-des-cookies");
    await expectStatuses(page, "fr", chosen);

    await page.getByRole("button", { name: message("fr", "cookies.change"), exact: true }).click();
    const panel = consentBanner(page);
    await expect(panel).toBeVisible();
    for (const category of CATEGORIES) {
      await expect(categorySwitch(panel, "fr", category)).toBeVisible();
      await expect(categorySwitch(panel, "fr", category), category).toBeChecked({ checked: chosen[category] });
    }
    await setChecked(categorySwitch(panel, "fr", "payment"), true);
    await setChecked(categorySwitch(panel, "fr", "captcha"), false);
    // Until saved, the choice in force is the old one.
    await expectStatuses(page, "fr", chosen);
    const changedAfter = Date.now();
    await panel.getByRole("button", { name: message("fr", "consent.save"), exact: true }).click();
    await expect(panel).toBeHidden();
    await expectStatuses(page, "fr", changed);
    await expectConsentCookie(context, changed, changedAfter);
    await page.reload();
    await expectStatuses(page, "fr", changed);
  });

  test("lets the visitor close the reopened choice without changing it, the first visit's banner offering no such way out", async ({ context, openPage }) => {
    const page = await openPage("/fr", { consent: "undecided" });
    const banner = consentBanner(page);
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: message("fr", "consent.choose"), exact: true }).click();
    await expect(categorySwitch(banner, "fr", "maps")).toBeVisible();
    await expect(banner.getByRole("button", { name: message("fr", "consent.cancel"), exact: true })).toHaveCount(0);
    await setChecked(categorySwitch(banner, "fr", "maps"), true);
    const decidedAfter = Date.now();
    await banner.getByRole("button", { name: message("fr", "consent.save"), exact: true }).click();
    await expect(banner).toBeHidden();
    const chosen: Choices = { ...NONE, maps: true };
    await expectConsentCookie(context, chosen, decidedAfter);
    const cookieBefore = (await context.cookies()).find((cookie) => cookie.name === CONSENT_COOKIE);

    await page.goto("/fr/gestion-des-cookies");
    const change = page.getByRole("button", { name: message("fr", "cookies.change"), exact: true });
    await change.click();
    const panel = consentBanner(page);
    await expect(panel).toBeVisible();
    await setChecked(categorySwitch(panel, "fr", "payment"), true);
    await panel.getByRole("button", { name: message("fr", "consent.cancel"), exact: true }).click();
    await expect(panel).toBeHidden();
    // The choice in force, and the cookie that keeps it, are as they were; the focus is back on the button.
    await expectStatuses(page, "fr", chosen);
    const cookieAfter = (await context.cookies()).find((cookie) => cookie.name === CONSENT_COOKIE);
    expect(cookieAfter).toEqual(cookieBefore);
    await expect(change).toBeFocused();
  });
});

/** Every address the browser asked for, from now on. */
function requestsOf(context: BrowserContext): URL[] {
  const requested: URL[] = [];
  context.on("request", (request) => requested.push(new URL(request.url())));
  return requested;
}

/** The addresses that left the shop's host (data: and blob: addresses never leave the browser). */
function outside(requested: URL[], shopHost: string): string[] {
  return requested.filter((url) => /^(https?|wss?):$/.test(url.protocol) && url.hostname !== shopHost).map((url) => url.href);
}

/** Waits until the page has its title and nothing in it is still loading. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState("networkidle");
}

test.describe("outside services and consent", () => {
  test("asks nothing of another host on the home, listing, product and contact pages, before or after refusing", async ({ context, openPage }) => {
    const top = await largestTopCategory("fr");
    const product = top.listing.products.content[0];
    if (!product) throw new Error("the largest category has no product");
    const paths = ["/fr", `/fr/categorie/${top.node.path}`, `/fr/produit/${product.slug}`, "/fr/contact"];
    const requested = requestsOf(context);

    const page = await openPage("/fr", { consent: "undecided" });
    const shopHost = new URL(page.url()).hostname;
    for (const path of paths) {
      await page.goto(path);
      await settled(page);
      await expect(consentBanner(page)).toBeVisible();
    }
    // The contact form's captcha (the shop's own ALTCHA) is on the page, its code loaded.
    await expect(page.locator("altcha-widget")).toBeAttached();
    expect(requested.some((url) => url.pathname.startsWith("/api/v1/"))).toBe(true);
    expect(outside(requested, shopHost)).toEqual([]);

    const banner = consentBanner(page);
    await banner.getByRole("button", { name: message("fr", "consent.refuseAll"), exact: true }).click();
    await expect(banner).toBeHidden();
    const beforeRefusal = requested.length;
    for (const path of paths) {
      await page.goto(path);
      await settled(page);
    }
    await expect(page.locator("altcha-widget")).toBeAttached();
    expect(requested.length).toBeGreaterThan(beforeRefusal);
    expect(outside(requested, shopHost)).toEqual([]);
  });

  test("with reCAPTCHA configured, loads it from its host only once the visitor allows the captcha category", async ({ context, openPage }) => {
    // The shop under test runs with its own ALTCHA captcha: its pages are given the configuration a
    // shop with a reCAPTCHA site key writes, and the reCAPTCHA script is answered here, offline.
    const shopOrigin = new URL(baseUrl()).origin;
    await context.route(
      (url) => url.origin === shopOrigin,
      async (route) => {
        if (route.request().resourceType() !== "document") return route.fallback();
        const response = await route.fetch();
        const html = (await response.text()).replace(/(<script id="runtime-config" type="application\/json">)(.*?)(<\/script>)/, (_all, open: string, json: string, close: string) => {
          const config = JSON.parse(json) as Record<string, unknown>;
          const withRecaptcha = { ...config, captcha: { provider: "recaptcha", siteKey: "e2e-recaptcha-site-key", challengeUrl: null } };
          return `${open}${JSON.stringify(withRecaptcha).replace(/</g, "\\u003c")}${close}`;
        });
        await route.fulfill({ status: response.status(), contentType: "text/html; charset=utf-8", body: html });
      },
    );
    await context.route(/^https:\/\/www\.google\.com\/recaptcha\//, (route) =>
      route.fulfill({
        contentType: "text/javascript",
        body: "window.grecaptcha={ready:(callback)=>callback(),render:()=>0,execute:()=>{},reset:()=>{}};",
      }),
    );
    const requested = requestsOf(context);

    const page = await openPage("/fr/contact", { consent: "undecided" });
    const shopHost = new URL(page.url()).hostname;
    const form = page.getByRole("main");
    const askingConsent = form.getByText(message("fr", "auth.captcha.consent"));
    await settled(page);
    expect(outside(requested, shopHost)).toEqual([]);
    await expect(askingConsent).toBeVisible();

    const banner = consentBanner(page);
    await banner.getByRole("button", { name: message("fr", "consent.refuseAll"), exact: true }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await settled(page);
    expect(outside(requested, shopHost)).toEqual([]);
    await expect(askingConsent).toBeVisible();

    // Allowing the captcha category alone is what lets the script come.
    await page.goto("/fr/gestion-des-cookies");
    await page.getByRole("button", { name: message("fr", "cookies.change"), exact: true }).click();
    const panel = consentBanner(page);
    await expect(panel).toBeVisible();
    await setChecked(categorySwitch(panel, "fr", "captcha"), true);
    await panel.getByRole("button", { name: message("fr", "consent.save"), exact: true }).click();
    await expect(panel).toBeHidden();
    const script = page.waitForRequest((request) => new URL(request.url()).hostname === "www.google.com");
    await page.goto("/fr/contact");
    expect(new URL((await script).url()).pathname).toBe("/recaptcha/api.js");
    await expect(askingConsent).toBeHidden();
    expect(outside(requested, shopHost).map((href) => new URL(href).hostname)).toEqual(["www.google.com"]);
  });
});
