// The cookie consent in the browser: the banner asking, its panel of switches, the decision kept in the
// consent cookie and shown on the cookie page; every event is a click of the visitor's.
import { cookieConsentModel } from "../../../machines/cookie-consent/cookie-consent.model.ts";
import { CONSENT_CATEGORIES, type ConsentCategory, type ConsentChoices } from "../../../machines/cookie-consent/cookie-consent.types.ts";
import type { Lang } from "../support/api.ts";
import { baseUrl } from "../support/environment.ts";
import { consentBanner, expect, type BrowserContext, type Locator, type Page } from "../support/fixtures.ts";
import { message } from "../support/messages.ts";
import { defineFlowBinding } from "./binding.ts";

const CONSENT_COOKIE = "consent";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const langOf = (page: Page): Lang => (new URL(page.url()).pathname.split("/")[1] === "en" ? "en" : "fr");

/** A switch of the panel, by its category's name (its description follows in the label). */
function categorySwitch(banner: Locator, lang: Lang, category: ConsentCategory | "necessary"): Locator {
  return banner.getByRole("switch", { name: new RegExp(`^${escapeRegExp(message(lang, `consent.category.${category}`))}`) });
}

function button(banner: Locator, lang: Lang, id: string): Locator {
  return banner.getByRole("button", { name: message(lang, id), exact: true });
}

/** The categories the consent cookie holds, or null without one. */
async function storedChoices(context: BrowserContext): Promise<ConsentChoices | null> {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === CONSENT_COOKIE);
  if (cookie === undefined) return null;
  return (JSON.parse(decodeURIComponent(cookie.value)) as { categories: ConsentChoices }).categories;
}

export const cookieConsentBinding = defineFlowBinding(cookieConsentModel, {
  inEnglish: true,
  start: async ({ lang, openPage, context, snapshot }) => {
    // A returning visitor: the decision the flow starts with is in the consent cookie.
    const { consent } = snapshot.context;
    if (consent !== null) {
      const value = encodeURIComponent(JSON.stringify({ categories: consent, decidedAt: new Date().toISOString() }));
      await context.addCookies([{ name: CONSENT_COOKIE, value, url: baseUrl(), sameSite: "Strict" }]);
    }
    return openPage(`/${lang}`, { consent: "undecided" });
  },
  states: {
    "asking.undecided": async (page, { lang, context }) => {
      const banner = consentBanner(page);
      await expect(banner).toBeVisible();
      for (const id of ["consent.acceptAll", "consent.refuseAll", "consent.choose"]) await expect(button(banner, lang, id)).toBeVisible();
      await expect(banner.getByRole("switch")).toHaveCount(0);
      expect(await storedChoices(context)).toBeNull();
    },
    "asking.choosing": async (page, { lang, snapshot }) => {
      const banner = consentBanner(page);
      await expect(banner).toBeVisible();
      const necessary = categorySwitch(banner, lang, "necessary");
      await expect(necessary).toBeChecked();
      await expect(necessary).toBeDisabled();
      for (const category of CONSENT_CATEGORIES) {
        await expect(categorySwitch(banner, lang, category), category).toBeChecked({ checked: snapshot.context.draft[category] });
      }
      await expect(button(banner, lang, "consent.save")).toBeVisible();
      await expect(button(banner, lang, "consent.choose")).toHaveCount(0);
      // Only a decision made before can be kept by closing the panel.
      await expect(button(banner, lang, "consent.cancel")).toHaveCount(snapshot.context.consent === null ? 0 : 1);
    },
    decided: async (page, { lang, snapshot, context }) => {
      await expect(consentBanner(page)).toBeHidden();
      const { consent } = snapshot.context;
      await expect.poll(() => storedChoices(context)).toEqual(consent);
      // On the cookie page, each category tells the decision in force.
      if (consent !== null && (await page.getByRole("heading", { level: 1, name: message(lang, "cookies.title") }).isVisible())) {
        const main = page.getByRole("main");
        for (const category of CONSENT_CATEGORIES) {
          const row = main.locator("dl > div").filter({ has: page.getByText(message(lang, `consent.category.${category}`), { exact: true }) });
          await expect(row.getByText(message(lang, consent[category] ? "cookies.status.allowed" : "cookies.status.refused"), { exact: true })).toBeVisible();
        }
      }
    },
  },
  events: {
    "consent.acceptAll": (page) => button(consentBanner(page), langOf(page), "consent.acceptAll").click(),
    "consent.refuseAll": (page) => button(consentBanner(page), langOf(page), "consent.refuseAll").click(),
    "consent.choose": (page) => button(consentBanner(page), langOf(page), "consent.choose").click(),
    "consent.save": (page) => button(consentBanner(page), langOf(page), "consent.save").click(),
    "consent.cancel": (page) => button(consentBanner(page), langOf(page), "consent.cancel").click(),
    "consent.toggle": async (page, event) => {
      if (event.type !== "consent.toggle") throw new Error(`not a toggle: ${event.type}`);
      await categorySwitch(consentBanner(page), langOf(page), event.category).click();
    },
    "consent.reopen": async (page) => {
      const lang = langOf(page);
      // The footer's link, within the app: the running consent flow is the one reopened.
      await page.getByRole("contentinfo").getByRole("link", { name: message(lang, "footer.link.cookies"), exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: message(lang, "cookies.title") })).toBeVisible();
      await page.getByRole("button", { name: message(lang, "cookies.change"), exact: true }).click();
    },
  },
});
