// A category's listing: the landing texts above and below the products when the marketing content
// has them (with its page title and description), the breadcrumb, and the flag badges of the cards.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Lang } from "./support/api.ts";
import { currentContext, openPage } from "./support/browser.ts";
import { categoryTree, landingOf, listing, type CategoryNode } from "./support/catalogue.ts";
import { message } from "./support/messages.ts";
import { visible } from "./support/waits.ts";

const categoryPath = (lang: Lang, path: string) => `/${lang}/${lang === "fr" ? "categorie" : "category"}/${path}`;

/** The texts of the paragraphs of a fragment of shop HTML. */
const paragraphsOf = (html: string) => [...html.matchAll(/<p>(.*?)<\/p>/g)].map((match) => (match[1] ?? "").replace(/<[^>]+>/g, ""));

/** A category of the third level, with its parents. */
function deepestTrail(tree: CategoryNode[]): CategoryNode[] {
  for (const top of tree) for (const middle of top.children) for (const leaf of middle.children) return [top, middle, leaf];
  throw new Error("the category tree has no third level");
}

async function openCategory(lang: Lang, path: string): Promise<Page> {
  const page = await openPage(categoryPath(lang, path));
  await visible(page.getByRole("main").getByRole("article").first());
  return page;
}

describe.each(["fr", "en"] as const)("a category listing in %s", (lang) => {
  it("shows the landing header and footer of a category that has them, with its title and description", async () => {
    const [top] = await categoryTree(lang);
    if (!top) throw new Error("no category");
    const landing = await landingOf(lang, top.path);
    if (!landing?.header || !landing.footer) throw new Error(`${top.label} has no landing header and footer`);

    const page = await openCategory(lang, top.path);
    const main = page.getByRole("main");
    await visible(main.getByRole("heading", { level: 1, name: landing.header.title, exact: true }));
    const intro = paragraphsOf(landing.header.html)[0];
    const footer = paragraphsOf(landing.footer.html)[0];
    if (!intro || !footer) throw new Error("landing texts without a paragraph");
    await visible(main.locator(".catalog-header").getByText(intro, { exact: true }));
    await visible(main.getByText(footer, { exact: true }));
    // The footer comes after the products.
    const productsEnd = await main.getByRole("article").last().boundingBox();
    const footerTop = await main.getByText(footer, { exact: true }).boundingBox();
    expect(footerTop?.y ?? 0).toBeGreaterThan(productsEnd?.y ?? Number.POSITIVE_INFINITY);

    await expect.poll(() => page.title()).toBe(landing.seo.title);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBe(landing.seo.description);
  });

  it("shows no landing texts where the marketing content has none", async () => {
    const [top, middle] = deepestTrail(await categoryTree(lang));
    if (!top || !middle) throw new Error("no sub-category");
    expect(await landingOf(lang, middle.path)).toBeNull();
    const parent = await landingOf(lang, top.path);
    const parentIntro = parent?.header ? paragraphsOf(parent.header.html)[0] : undefined;
    // A category without landing content is a normal page: nothing failed in the console.
    const consoleErrors: string[] = [];
    (await currentContext()).on("console", (entry) => {
      if (entry.type() === "error") consoleErrors.push(entry.text());
    });

    const page = await openCategory(lang, middle.path);
    const main = page.getByRole("main");
    await visible(main.getByRole("heading", { level: 1, name: middle.label, exact: true }));
    expect(await main.locator(".landing-html").count()).toBe(0);
    if (parentIntro) expect(await main.getByText(parentIntro, { exact: true }).count()).toBe(0);
    await page.waitForLoadState("networkidle");
    expect(consoleErrors).toEqual([]);
  });

  it("leads back home and up the tree through the breadcrumb", async () => {
    const [top, middle, leaf] = deepestTrail(await categoryTree(lang));
    if (!top || !middle || !leaf) throw new Error("no third level");
    const page = await openCategory(lang, leaf.path);
    const trail = await visible(page.getByRole("navigation", { name: message(lang, "catalog.breadcrumb.label") }));
    const items = trail.getByRole("listitem");
    await expect.poll(async () => (await items.allTextContents()).map((text) => text.trim())).toEqual([message(lang, "catalog.breadcrumb.home"), top.label, middle.label, leaf.label]);

    const hrefOf = async (name: string) => new URL((await trail.getByRole("link", { name, exact: true }).getAttribute("href")) ?? "", page.url()).pathname;
    expect(await hrefOf(message(lang, "catalog.breadcrumb.home"))).toBe(`/${lang}`);
    expect(await hrefOf(top.label)).toBe(categoryPath(lang, top.path));
    expect(await hrefOf(middle.label)).toBe(categoryPath(lang, middle.path));
    // The current category is marked, not linked.
    expect(await trail.getByRole("link", { name: leaf.label, exact: true }).count()).toBe(0);
    expect((await trail.locator(`[aria-current="page"]`).allTextContents()).map((text) => text.trim())).toEqual([leaf.label]);
  });

  it("shows each card's flag badges, and none on cards without flags", async () => {
    const tree = await categoryTree(lang);
    const flagged = await (async () => {
      for (const node of tree) {
        const result = await listing(lang, node.path);
        if (result.products.content.some((product) => product.madeInFrance || product.limitedEdition)) return { node, result };
      }
      throw new Error("no first page of a top category has a flagged product");
    })();

    const page = await openCategory(lang, flagged.node.path);
    const flagLabels = {
      madeInFrance: message(lang, "ui.flags.madeInFrance"),
      madeInEurope: message(lang, "ui.flags.madeInEurope"),
      upCycling: message(lang, "ui.flags.upCycling"),
      limitedEdition: message(lang, "ui.flags.limitedEdition"),
    };
    let withFlags = 0;
    for (const product of flagged.result.products.content) {
      const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: product.name, exact: true }) });
      await visible(card);
      const expected = (Object.keys(flagLabels) as (keyof typeof flagLabels)[]).filter((flag) => product[flag]).map((flag) => flagLabels[flag]);
      const badges = card.getByRole("list", { name: message(lang, "ui.flags.label") });
      if (expected.length > 0) withFlags += 1;
      expect(expected.length > 0 ? await badges.getByRole("listitem").allTextContents() : await badges.count(), product.name).toEqual(
        expected.length > 0 ? expected : 0,
      );
    }
    expect(withFlags).toBeGreaterThan(0);
  });
});
