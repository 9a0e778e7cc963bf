// The information pages and the blog show the shop's texts from the API; the terms of sale open at
// their withdrawal section when the address says `#retractation`.
import { data, storefrontApi, type Lang } from "./support/api.ts";
import { brandName } from "./support/catalogue.ts";
import { expect, test, type Locator } from "./support/fixtures.ts";
import { message } from "./support/messages.ts";
import { atPath } from "./support/waits.ts";

/** Whether the element's top edge is inside the window. */
async function topIsInViewport(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const { top } = element.getBoundingClientRect();
    return top >= 0 && top < window.innerHeight;
  });
}

/** The pathname a link leads to. */
async function pathOf(link: Locator): Promise<string> {
  return new URL((await link.getAttribute("href")) ?? "", link.page().url()).pathname;
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

test.describe("information pages", () => {
  for (const lang of ["fr", "en"] as const) {
    test(`show the title and every section of the content pages in ${lang}`, async ({ openPage }) => {
      const pages = await contentPages(lang);
      const page = await openPage(`/${lang}`);
      for (const [path, content] of Object.entries(pages)) {
        await page.goto(`/${lang}/${path}`);
        await expect(page.getByRole("heading", { level: 1, name: content.title })).toBeVisible();
        for (const section of content.sections) await expect(page.getByRole("heading", { name: section.title, exact: true })).toBeVisible();
      }
    });
  }

  for (const lang of ["fr", "en"] as const) {
    test(`shows the blog's articles, newest first, dated, with their links, in ${lang}`, async ({ openPage }) => {
      const blog = await data((await storefrontApi(lang)).GET("/afs_marketing_other/blog"));
      expect(blog.articles.length).toBeGreaterThan(1);
      const page = await openPage(`/${lang}/blog`);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1, name: blog.title })).toBeVisible();
      // Each article is named by its title (the page around them is not).
      const headings = main.getByRole("article", { name: /./ }).getByRole("heading", { level: 2 });
      await expect(headings).toHaveText(
        blog.articles.map((article) => article.title),
        { useInnerText: true },
      );
      const dates = new Intl.DateTimeFormat(lang === "en" ? "en-GB" : "fr-FR", { dateStyle: "long", timeZone: "UTC" });
      for (const article of blog.articles) {
        const shown = main.getByRole("article", { name: article.title });
        await expect(shown.getByText(dates.format(new Date(`${article.publishedOn}T00:00:00Z`)), { exact: true })).toBeVisible();
        await expect(shown.getByText(article.summary, { exact: true })).toBeVisible();
      }

      // The contents lead to an article; a link inside an article leads on, in the page's language.
      const second = blog.articles[1];
      if (!second) throw new Error("the blog has one article");
      await main.getByRole("navigation").getByRole("link", { name: second.title, exact: true }).click();
      await expect(page).toHaveURL(atPath(`/${lang}/blog`, { hash: `#${second.anchor}` }));
      const withLink = blog.articles.find((article) => article.html.includes('href="/faq"'));
      if (!withLink) throw new Error("no article links to the FAQ");
      await main.getByRole("article", { name: withLink.title }).getByRole("link", { name: "FAQ", exact: true }).click();
      await expect(page).toHaveURL(atPath(`/${lang}/faq`));
    });
  }

  for (const lang of ["fr", "en"] as const) {
    test(`shows the questions of the FAQ in ${lang}`, async ({ openPage }) => {
      const api = await storefrontApi(lang);
      const faq = await data(api.GET("/afs_marketing_other/faq"));
      const page = await openPage(`/${lang}/faq`);
      await expect(page.getByRole("heading", { level: 1, name: faq.title })).toBeVisible();
      const firstGroup = faq.groups[0];
      const firstQuestion = firstGroup?.questions[0];
      if (!firstGroup || !firstQuestion) throw new Error("the FAQ has no question");
      await expect(page.getByRole("heading", { name: firstGroup.title, exact: true })).toBeVisible();
      await expect(page.getByText(firstQuestion.question, { exact: true })).toBeVisible();
    });
  }

  for (const lang of ["fr", "en"] as const) {
    test(`opens the terms of sale at the withdrawal section from #retractation in ${lang}`, async ({ openPage }) => {
      const api = await storefrontApi(lang);
      const terms = await data(api.GET("/platform/terms-of-use"));
      const withdrawal = terms.sections.find((section) => section.anchor === "retractation");
      if (!withdrawal) throw new Error("the terms of sale have no #retractation section");

      const page = await openPage(`/${lang}/conditions-generales-de-vente#retractation`);
      const heading = page.getByRole("heading", { name: withdrawal.title, exact: true });
      await expect(heading).toBeVisible();
      await expect.poll(() => topIsInViewport(heading)).toBe(true);
      // It is a real jump: the page's own title has scrolled away.
      await expect.poll(() => topIsInViewport(page.getByRole("heading", { level: 1, name: terms.title }))).toBe(false);
    });
  }

  test("keeps #retractation when an address without a language is redirected", async ({ openPage }) => {
    const page = await openPage("/conditions-generales-de-vente#retractation");
    await expect(page).toHaveURL(atPath("/fr/conditions-generales-de-vente", { hash: "#retractation" }));
  });

  test("lists every information page in the footer", async ({ openPage }) => {
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
      await expect.poll(() => pathOf(link), { message: id }).toBe(href);
    }
  });

  for (const lang of ["fr", "en"] as const) {
    test(`name themselves in the browser's tab, with the shop's name, in ${lang}`, async ({ openPage }) => {
      const paths = ["contact", "faq", "livraison", "echange-retour", "blog", "mentions-legales", "conditions-generales-de-vente", "politique-de-protection-des-donnees-personnelles", "gestion-des-cookies"];
      const brand = await brandName();
      const page = await openPage(`/${lang}`);
      const titles = new Set<string>();
      for (const path of paths) {
        await page.goto(`/${lang}/${path}`);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        // The tab shows the page's own name before the shop's ("Cookie settings – Escale"), not the shop's alone.
        await expect(page).toHaveTitle(new RegExp(`^.+ – ${brand}$`));
        titles.add(await page.title());
      }
      expect(titles.size).toBe(paths.length);
    });
  }
});
