// The footer, in both languages: the reassurance banner, the information links (blog included),
// the social links (the default ones, and those of a second shop started with its own SOCIAL_LINKS),
// and the newsletter's policy link opening in a new tab. The newsletter form itself is tested in
// newsletter.e2e.ts.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEFAULT_SOCIAL_LINKS } from "../../server/config.ts";
import type { SocialLink } from "../../common/runtime-config.ts";
import { SOCIAL_NETWORK_DISPLAY } from "../../src/features/footer/social-links.ts";
import { data, storefrontApi, type Lang } from "./support/api.ts";
import { expect, test, type Locator, type Page } from "./support/fixtures.ts";
import { message } from "./support/messages.ts";
import { startShop, type RunningShop } from "./support/shop-process.ts";
import { atPath } from "./support/waits.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** A second shop's start, seeding included, on a machine the first shop and the browser share. */
const SECOND_SHOP_START_MS = 150_000;

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

/** The footer links to exactly `expected`, in its order, each with its network's icon and name, in a new tab. */
async function expectSocialLinks(page: Page, lang: Lang, expected: readonly SocialLink[]) {
  const footer = await footerOf(page);
  const social = footer.getByRole("region", { name: message(lang, "footer.followUs"), exact: true });
  const links = social.getByRole("link");
  await expect(links.first()).toBeVisible();
  await expect.poll(async () => Promise.all((await links.all()).map((link) => link.getAttribute("href")))).toEqual(expected.map(({ url }) => url));
  const icons = new Set<string>();
  for (const { network, url } of expected) {
    const { label, icon } = SOCIAL_NETWORK_DISPLAY[network];
    // Its name says that it opens a new tab; what the eye reads is the network's name.
    const link = social.getByRole("link", { name: new RegExp(`^${escapeRegExp(label)}\\s+${escapeRegExp(message(lang, "layout.newWindow"))}$`) });
    await expect(link.getByText(label, { exact: true })).toBeVisible();
    await expect(link).toHaveAttribute("href", url);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /(^|\s)noopener(\s|$)/);
    const svg = link.locator("svg");
    await expect(svg).toBeVisible();
    await expect(svg).toHaveAttribute("aria-hidden", "true");
    const drawn = svg.locator("path");
    await expect(drawn).toHaveAttribute("d", icon.path);
    icons.add((await drawn.getAttribute("d")) ?? "");
  }
  expect(icons.size).toBe(expected.length);
}

async function footerOf(page: Page): Promise<Locator> {
  // The footer's code loads after the page's first render.
  const footer = page.getByRole("contentinfo");
  await expect(footer).toBeVisible();
  return footer;
}

/** The pathname a link leads to. */
async function pathOf(link: Locator): Promise<string> {
  return new URL((await link.getAttribute("href")) ?? "", link.page().url()).pathname;
}

for (const lang of ["fr", "en"] as const) {
  test.describe(`the footer in ${lang}`, () => {
    test("shows the three commitments of the reassurance banner, the free return's asterisk explained below", async ({ openPage }) => {
      const page = await openPage(`/${lang}`);
      const footer = await footerOf(page);
      const banner = footer.getByRole("region", { name: message(lang, "footer.reassurance"), exact: true });
      const items = banner.getByRole("listitem");
      await expect(items).toHaveText(
        [message(lang, "footer.reassurance.securePayment"), message(lang, "footer.reassurance.delivery48h"), `${message(lang, "footer.reassurance.freeReturn")} *`],
        { useInnerText: true },
      );
      for (const item of await items.all()) await expect(item.locator("svg")).toBeVisible();
      // The asterisk is decoration for the eye; the note at the foot of the page says what it means.
      const note = footer.getByText(message(lang, "footer.freeReturnNote"));
      await expect(note).toBeVisible();
      await expect(note).toHaveText(/^\s*\*/, { useInnerText: true });
      await expect.poll(() => pathOf(note.getByRole("link", { name: message(lang, "footer.freeReturnLink"), exact: true }))).toBe(`/${lang}/echange-retour`);
    });

    test("lists the information pages, blog included, and leads to the blog", async ({ openPage }) => {
      const page = await openPage(`/${lang}`);
      const footer = await footerOf(page);
      const information = footer.getByRole("navigation", { name: message(lang, "footer.information"), exact: true });
      const links = information.getByRole("link");
      await expect(links.first()).toBeVisible();
      await expect(links).toHaveText(
        INFORMATION_LINKS.map(([id]) => message(lang, id)),
        { useInnerText: true },
      );
      const shown = await Promise.all((await links.all()).map(async (link) => [(await link.innerText()).trim(), await pathOf(link)]));
      expect(shown).toEqual(INFORMATION_LINKS.map(([id, path]) => [message(lang, id), `/${lang}${path}`]));

      await information.getByRole("link", { name: message(lang, "footer.link.blog"), exact: true }).click();
      await expect(page).toHaveURL(atPath(`/${lang}/blog`));
      const blog = await data((await storefrontApi(lang)).GET("/afs_marketing_other/blog"));
      await expect(page.getByRole("heading", { level: 1, name: blog.title })).toBeVisible();
    });

    test("links to each social account of the default configuration with its icon and name, in a new tab", async ({ openPage }) => {
      const page = await openPage(`/${lang}`);
      await expectSocialLinks(page, lang, DEFAULT_SOCIAL_LINKS);
    });

    test("opens the newsletter's data protection policy in a new tab, without giving it the shop's window", async ({ openPage }) => {
      const page = await openPage(`/${lang}`);
      const footer = await footerOf(page);
      const newsletter = footer.getByRole("region", { name: message(lang, "footer.newsletter.title"), exact: true });
      const policy = newsletter.getByRole("link", { name: new RegExp(`^${escapeRegExp(message(lang, "footer.newsletter.policy"))}`) });
      await expect(policy).toHaveAttribute("target", "_blank");
      await expect(policy).toHaveAttribute("rel", /(^|\s)noopener(\s|$)/);

      const [tab] = await Promise.all([page.context().waitForEvent("page"), policy.click()]);
      await expect(tab).toHaveURL(atPath(`/${lang}/politique-de-protection-des-donnees-personnelles`));
      await expect(tab.getByRole("heading", { level: 1 })).toBeVisible();
      // noopener: the new tab cannot reach back to the shop's window.
      expect(await tab.evaluate(() => window.opener)).toBeNull();
      // The shop's tab stays where it was.
      expect(new URL(page.url()).pathname).toBe(`/${lang}`);
    });
  });
}

test.describe("the footer of a shop started with its own SOCIAL_LINKS", () => {
  const CONFIGURED: readonly SocialLink[] = [
    { network: "youtube", url: "https://www.youtube.com/@escale" },
    { network: "linkedin", url: "https://www.linkedin.com/company/escale/?viewAsMember=true" },
  ];
  let shop: RunningShop | undefined;
  let dataDir: string | undefined;

  test.beforeAll(async () => {
    test.setTimeout(SECOND_SHOP_START_MS);
    dataDir = await mkdtemp(path.join(tmpdir(), "escale-e2e-social-"));
    shop = await startShop({ cwd: ROOT, dataDir, env: { SOCIAL_LINKS: CONFIGURED.map(({ network, url }) => `${network}=${url}`).join(",") } });
  });
  test.afterAll(async () => {
    await shop?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test("links to exactly those accounts, in their order", async ({ openPage }) => {
    if (!shop) throw new Error("the second shop did not start");
    const page = await openPage(`${shop.baseUrl}/en`);
    await expectSocialLinks(page, "en", CONFIGURED);
  });
});
