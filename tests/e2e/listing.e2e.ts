// A category's listing: the landing texts above and below the products when the marketing content
// has them (with its page title and description), the breadcrumb, and the flag badges of the cards.
import type { Lang } from "./support/api.ts";
import { categoryTree, landingOf, listing, type CategoryNode } from "./support/catalogue.ts";
import { expect, test, type OpenPage, type Page } from "./support/fixtures.ts";
import { message } from "./support/messages.ts";

const categoryPath = (lang: Lang, path: string) => `/${lang}/${lang === "fr" ? "categorie" : "category"}/${path}`;

/** The texts of the paragraphs of a fragment of shop HTML. */
const paragraphsOf = (html: string) => [...html.matchAll(/<p>(.*?)<\/p>/g)].map((match) => (match[1] ?? "").replace(/<[^>]+>/g, ""));

/** A category of the third level, with its parents. */
function deepestTrail(tree: CategoryNode[]): CategoryNode[] {
  for (const top of tree) for (const middle of top.children) for (const leaf of middle.children) return [top, middle, leaf];
  throw new Error("the category tree has no third level");
}

async function openCategory(openPage: OpenPage, lang: Lang, path: string): Promise<Page> {
  const page = await openPage(categoryPath(lang, path));
  await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
  return page;
}

for (const lang of ["fr", "en"] as const) {
  test.describe(`a category listing in ${lang}`, () => {
    test("shows the landing header and footer of a category that has them, with its title and description", async ({ openPage }) => {
      const [top] = await categoryTree(lang);
      if (!top) throw new Error("no category");
      const landing = await landingOf(lang, top.path);
      if (!landing?.header || !landing.footer) throw new Error(`${top.label} has no landing header and footer`);

      const page = await openCategory(openPage, lang, top.path);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1, name: landing.header.title, exact: true })).toBeVisible();
      const intro = paragraphsOf(landing.header.html)[0];
      const footer = paragraphsOf(landing.footer.html)[0];
      if (!intro || !footer) throw new Error("landing texts without a paragraph");
      await expect(main.locator(".catalog-header").getByText(intro, { exact: true })).toBeVisible();
      await expect(main.getByText(footer, { exact: true })).toBeVisible();
      // The footer comes after the products.
      const productsEnd = await main.getByRole("article").last().boundingBox();
      const footerTop = await main.getByText(footer, { exact: true }).boundingBox();
      expect(footerTop?.y ?? 0).toBeGreaterThan(productsEnd?.y ?? Number.POSITIVE_INFINITY);

      await expect(page).toHaveTitle(landing.seo.title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", landing.seo.description);
    });

    test("shows no landing texts where the marketing content has none", async ({ context, openPage }) => {
      const [top, middle] = deepestTrail(await categoryTree(lang));
      if (!top || !middle) throw new Error("no sub-category");
      expect(await landingOf(lang, middle.path)).toBeNull();
      const parent = await landingOf(lang, top.path);
      const parentIntro = parent?.header ? paragraphsOf(parent.header.html)[0] : undefined;
      // A category without landing content is a normal page: nothing failed in the console.
      const consoleErrors: string[] = [];
      context.on("console", (entry) => {
        if (entry.type() === "error") consoleErrors.push(entry.text());
      });

      const page = await openCategory(openPage, lang, middle.path);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1, name: middle.label, exact: true })).toBeVisible();
      await expect(main.locator(".landing-html")).toHaveCount(0);
      if (parentIntro) await expect(main.getByText(parentIntro, { exact: true })).toHaveCount(0);
      await page.waitForLoadState("networkidle");
      expect(consoleErrors).toEqual([]);
    });

    test("leads back home and up the tree through the breadcrumb", async ({ openPage }) => {
      const [top, middle, leaf] = deepestTrail(await categoryTree(lang));
      if (!top || !middle || !leaf) throw new Error("no third level");
      const page = await openCategory(openPage, lang, leaf.path);
      const trail = page.getByRole("navigation", { name: message(lang, "catalog.breadcrumb.label") });
      await expect(trail).toBeVisible();
      await expect(trail.getByRole("listitem")).toHaveText([message(lang, "catalog.breadcrumb.home"), top.label, middle.label, leaf.label]);

      const hrefOf = async (name: string) => new URL((await trail.getByRole("link", { name, exact: true }).getAttribute("href")) ?? "", page.url()).pathname;
      await expect.poll(() => hrefOf(message(lang, "catalog.breadcrumb.home"))).toBe(`/${lang}`);
      await expect.poll(() => hrefOf(top.label)).toBe(categoryPath(lang, top.path));
      await expect.poll(() => hrefOf(middle.label)).toBe(categoryPath(lang, middle.path));
      // The current category is marked, not linked.
      await expect(trail.getByRole("link", { name: leaf.label, exact: true })).toHaveCount(0);
      await expect(trail.locator(`[aria-current="page"]`)).toHaveText([leaf.label]);
    });

    test("shows each card's flag badges, and none on cards without flags", async ({ openPage }) => {
      const tree = await categoryTree(lang);
      const flagged = await (async () => {
        for (const node of tree) {
          const result = await listing(lang, node.path);
          if (result.products.content.some((product) => product.madeInFrance || product.limitedEdition)) return { node, result };
        }
        throw new Error("no first page of a top category has a flagged product");
      })();

      const page = await openCategory(openPage, lang, flagged.node.path);
      const flagLabels = {
        madeInFrance: message(lang, "ui.flags.madeInFrance"),
        madeInEurope: message(lang, "ui.flags.madeInEurope"),
        upCycling: message(lang, "ui.flags.upCycling"),
        limitedEdition: message(lang, "ui.flags.limitedEdition"),
      };
      let withFlags = 0;
      for (const product of flagged.result.products.content) {
        const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: product.name, exact: true }) });
        await expect(card.first()).toBeVisible();
        const expected = (Object.keys(flagLabels) as (keyof typeof flagLabels)[]).filter((flag) => product[flag]).map((flag) => flagLabels[flag]);
        const badges = card.getByRole("list", { name: message(lang, "ui.flags.label") });
        if (expected.length > 0) {
          withFlags += 1;
          await expect(badges.getByRole("listitem"), product.name).toHaveText(expected);
        } else {
          await expect(badges, product.name).toHaveCount(0);
        }
      }
      expect(withFlags).toBeGreaterThan(0);
    });
  });
}
