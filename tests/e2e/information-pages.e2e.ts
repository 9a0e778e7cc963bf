// The information pages and the blog show the shop's texts from the API; the terms of sale open at
// their withdrawal section when the address says `#retractation`.
import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { data, storefrontApi, type Lang } from "./support/api.ts";
import { openPage } from "./support/browser.ts";
import { brandName } from "./support/catalogue.ts";
import { message } from "./support/messages.ts";
import { visible, waitForPath } from "./support/waits.ts";

/** Whether the element's top edge is inside the window. */
async function topIsInViewport(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const { top } = element.getBoundingClientRect();
    return top >= 0 && top < window.innerHeight;
  });
}

async function contentPages(lang: Lang) {
  const api = await storefrontApi(lang);
  return {
    "mentions-legales": await data(api.GET("/platform/legal-mentions")),
    "conditions-generales-de-vente": await data(api.GET("/platform/terms-of-use")),
    livraison: await data(api.GET("/afs_marketing_other/delivery")),
    "echange-retour": await data(api.GET("/afs_marketing_other/exchange-return")),
    "politique-de-protection-des-donnees-personnelles": await data(api.GET("/afs_marketing_other/data-protection")),
  };
}

describe("information pages", () => {
  it.each(["fr", "en"] as const)("show the title and every section of the content pages in %s", async (lang) => {
    const pages = await contentPages(lang);
    const page = await openPage(`/${lang}`);
    for (const [path, content] of Object.entries(pages)) {
      await page.goto(`/${lang}/${path}`);
      await visible(page.getByRole("heading", { level: 1, name: content.title }));
      for (const section of content.sections) await visible(page.getByRole("heading", { name: section.title, exact: true }));
    }
  });

  it.each(["fr", "en"] as const)("shows the blog's articles, newest first, dated, with their links, in %s", async (lang) => {
    const blog = await data((await storefrontApi(lang)).GET("/afs_marketing_other/blog"));
    expect(blog.articles.length).toBeGreaterThan(1);
    const page = await openPage(`/${lang}/blog`);
    const main = page.getByRole("main");
    await visible(main.getByRole("heading", { level: 1, name: blog.title }));
    // Each article is named by its title (the page around them is not).
    const headings = main.getByRole("article", { name: /./ }).getByRole("heading", { level: 2 });
    await expect.poll(() => headings.allInnerTexts()).toEqual(blog.articles.map((article) => article.title));
    const dates = new Intl.DateTimeFormat(lang === "en" ? "en-GB" : "fr-FR", { dateStyle: "long", timeZone: "UTC" });
    for (const article of blog.articles) {
      const shown = main.getByRole("article", { name: article.title });
      await visible(shown.getByText(dates.format(new Date(`${article.publishedOn}T00:00:00Z`)), { exact: true }));
      await visible(shown.getByText(article.summary, { exact: true }));
    }

    // The contents lead to an article; a link inside an article leads on, in the page's language.
    const second = blog.articles[1];
    if (!second) throw new Error("the blog has one article");
    await main.getByRole("navigation").getByRole("link", { name: second.title, exact: true }).click();
    await waitForPath(page, `/${lang}/blog`, { hash: `#${second.anchor}` });
    const withLink = blog.articles.find((article) => article.html.includes('href="/faq"'));
    if (!withLink) throw new Error("no article links to the FAQ");
    await main.getByRole("article", { name: withLink.title }).getByRole("link", { name: "FAQ", exact: true }).click();
    await waitForPath(page, `/${lang}/faq`);
  });

  it.each(["fr", "en"] as const)("shows the questions of the FAQ in %s", async (lang) => {
    const api = await storefrontApi(lang);
    const faq = await data(api.GET("/afs_marketing_other/faq"));
    const page = await openPage(`/${lang}/faq`);
    await visible(page.getByRole("heading", { level: 1, name: faq.title }));
    const firstGroup = faq.groups[0];
    const firstQuestion = firstGroup?.questions[0];
    if (!firstGroup || !firstQuestion) throw new Error("the FAQ has no question");
    await visible(page.getByRole("heading", { name: firstGroup.title, exact: true }));
    await visible(page.getByText(firstQuestion.question, { exact: true }));
  });

  it.each(["fr", "en"] as const)("opens the terms of sale at the withdrawal section from #retractation in %s", async (lang) => {
    const api = await storefrontApi(lang);
    const terms = await data(api.GET("/platform/terms-of-use"));
    const withdrawal = terms.sections.find((section) => section.anchor === "retractation");
    if (!withdrawal) throw new Error("the terms of sale have no #retractation section");

    const page = await openPage(`/${lang}/conditions-generales-de-vente#retractation`);
    const heading = await visible(page.getByRole("heading", { name: withdrawal.title, exact: true }));
    await expect.poll(() => topIsInViewport(heading), { timeout: 10_000 }).toBe(true);
    // It is a real jump: the page's own title has scrolled away.
    expect(await topIsInViewport(page.getByRole("heading", { level: 1, name: terms.title }))).toBe(false);
  });

  it("keeps #retractation when an address without a language is redirected", async () => {
    const page = await openPage("/conditions-generales-de-vente#retractation");
    await waitForPath(page, "/fr/conditions-generales-de-vente", { hash: "#retractation" });
  });

  it("lists every information page in the footer", async () => {
    const page = await openPage("/en");
    const footer = page.getByRole("contentinfo");
    const links: [string, string][] = [
      ["footer.link.contact", "/en/contact"],
      ["footer.link.faq", "/en/faq"],
      ["footer.link.delivery", "/en/livraison"],
      ["footer.link.exchangeReturn", "/en/echange-retour"],
      ["footer.link.blog", "/en/blog"],
      ["footer.link.legalMentions", "/en/mentions-legales"],
      ["footer.link.termsOfSale", "/en/conditions-generales-de-vente"],
      ["footer.link.privacy", "/en/politique-de-protection-des-donnees-personnelles"],
      ["footer.link.cookies", "/en/gestion-des-cookies"],
    ];
    for (const [id, href] of links) {
      const link = footer.getByRole("link", { name: message("en", id), exact: true });
      expect(new URL((await link.getAttribute("href")) ?? "", page.url()).pathname).toBe(href);
    }
  });

  it.each(["fr", "en"] as const)("name themselves in the browser's tab, with the shop's name, in %s", async (lang) => {
    const paths = ["contact", "faq", "livraison", "echange-retour", "blog", "mentions-legales", "conditions-generales-de-vente", "politique-de-protection-des-donnees-personnelles", "gestion-des-cookies"];
    const brand = await brandName();
    const page = await openPage(`/${lang}`);
    const titles = new Set<string>();
    for (const path of paths) {
      await page.goto(`/${lang}/${path}`);
      await visible(page.getByRole("heading", { level: 1 }));
      // The tab shows the page's own name before the shop's ("Cookie settings – Escale"), not the shop's alone.
      await expect.poll(() => page.title()).toMatch(new RegExp(`^.+ – ${brand}$`));
      titles.add(await page.title());
    }
    expect(titles.size).toBe(paths.length);
  });
});
