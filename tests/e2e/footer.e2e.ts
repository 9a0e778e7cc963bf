// The footer, in both languages: the reassurance banner, the information links (blog included),
// the social links, and the newsletter's policy link opening in a new tab. The newsletter form itself
// is tested in newsletter.e2e.ts.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SOCIAL_LINKS } from "../../src/features/footer/social-links.ts";
import type { Lang } from "./support/api.ts";
import { openPage } from "./support/browser.ts";
import { message } from "./support/messages.ts";
import { visible, waitForPath } from "./support/waits.ts";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The information pages in the footer's order, with their address below `/{lang}`. */
const INFORMATION_LINKS: readonly [string, string][] = [
  ["footer.link.contact", "/contact"],
  ["footer.link.faq", "/faq"],
  ["footer.link.delivery", "/livraison"],
  ["footer.link.exchangeReturn", "/echange-retour"],
  ["footer.link.blog", "/blog"],
  ["footer.link.legalMentions", "/mentions-legales"],
  ["footer.link.termsOfSale", "/conditions-generales-de-vente"],
  ["footer.link.privacy", "/politique-de-protection-des-donnees-personnelles"],
  ["footer.link.cookies", "/gestion-des-cookies"],
];

async function footerOf(page: Page): Promise<Locator> {
  // The footer's code loads after the page's first render.
  return visible(page.getByRole("contentinfo"));
}

/** The pathname a link leads to. */
async function pathOf(link: Locator): Promise<string> {
  return new URL((await link.getAttribute("href")) ?? "", link.page().url()).pathname;
}

describe.each(["fr", "en"] as const)("the footer in %s", (lang: Lang) => {
  it("shows the three commitments of the reassurance banner, the free return's asterisk explained below", async () => {
    const page = await openPage(`/${lang}`);
    const footer = await footerOf(page);
    const banner = footer.getByRole("region", { name: message(lang, "footer.reassurance"), exact: true });
    const items = banner.getByRole("listitem");
    await visible(items);
    expect((await items.allInnerTexts()).map((text) => text.replace(/\s+/g, " ").trim())).toEqual([
      message(lang, "footer.reassurance.securePayment"),
      message(lang, "footer.reassurance.delivery48h"),
      `${message(lang, "footer.reassurance.freeReturn")} *`,
    ]);
    for (const item of await items.all()) await visible(item.locator("svg"));
    // The asterisk is decoration for the eye; the note at the foot of the page says what it means.
    const note = footer.getByText(message(lang, "footer.freeReturnNote"));
    await visible(note);
    expect((await note.innerText()).trim().startsWith("*")).toBe(true);
    expect(await pathOf(note.getByRole("link", { name: message(lang, "footer.freeReturnLink"), exact: true }))).toBe(`/${lang}/echange-retour`);
  });

  it("lists the information pages, blog included, and leads to the blog", async () => {
    const page = await openPage(`/${lang}`);
    const footer = await footerOf(page);
    const information = footer.getByRole("navigation", { name: message(lang, "footer.information"), exact: true });
    const links = information.getByRole("link");
    await visible(links);
    const shown = await Promise.all((await links.all()).map(async (link) => [(await link.innerText()).trim(), await pathOf(link)]));
    expect(shown).toEqual(INFORMATION_LINKS.map(([id, path]) => [message(lang, id), `/${lang}${path}`]));

    await information.getByRole("link", { name: message(lang, "footer.link.blog"), exact: true }).click();
    await waitForPath(page, `/${lang}/blog`);
    await visible(page.getByRole("heading", { level: 1, name: message(lang, "content.blog.title") }));
  });

  it("links to each social account with its icon and name, in a new tab", async () => {
    expect(SOCIAL_LINKS.length).toBeGreaterThan(0);
    const page = await openPage(`/${lang}`);
    const footer = await footerOf(page);
    const social = footer.getByRole("region", { name: message(lang, "footer.followUs"), exact: true });
    const links = social.getByRole("link");
    await visible(links);
    expect(await links.count()).toBe(SOCIAL_LINKS.length);
    const icons = new Set<string>();
    for (const { label, link: href, icon } of SOCIAL_LINKS) {
      // Its name says that it opens a new tab; what the eye reads is the network's name.
      const link = social.getByRole("link", { name: new RegExp(`^${escapeRegExp(label)}\\s+${escapeRegExp(message(lang, "layout.newWindow"))}$`) });
      await visible(link.getByText(label, { exact: true }));
      expect(await link.getAttribute("href")).toBe(href);
      expect(new URL(href).protocol).toBe("https:");
      expect(await link.getAttribute("target")).toBe("_blank");
      expect((await link.getAttribute("rel"))?.split(/\s+/)).toContain("noopener");
      const svg = await visible(link.locator("svg"));
      expect(await svg.getAttribute("aria-hidden")).toBe("true");
      const drawn = await svg.locator("path").getAttribute("d");
      expect(drawn).toBe(icon.path);
      icons.add(drawn ?? "");
    }
    expect(icons.size).toBe(SOCIAL_LINKS.length);
  });

  it("opens the newsletter's data protection policy in a new tab, without giving it the shop's window", async () => {
    const page = await openPage(`/${lang}`);
    const footer = await footerOf(page);
    const newsletter = footer.getByRole("region", { name: message(lang, "footer.newsletter.title"), exact: true });
    const policy = newsletter.getByRole("link", { name: new RegExp(`^${escapeRegExp(message(lang, "footer.newsletter.policy"))}`) });
    expect(await policy.getAttribute("target")).toBe("_blank");
    expect((await policy.getAttribute("rel"))?.split(/\s+/)).toContain("noopener");

    const [tab] = await Promise.all([page.context().waitForEvent("page"), policy.click()]);
    await waitForPath(tab, `/${lang}/politique-de-protection-des-donnees-personnelles`);
    await visible(tab.getByRole("heading", { level: 1 }));
    // noopener: the new tab cannot reach back to the shop's window.
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    // The shop's tab stays where it was.
    expect(new URL(page.url()).pathname).toBe(`/${lang}`);
  });
});
