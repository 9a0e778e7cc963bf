// The home page: the carousel shows the slides meant for this shop, with links in the page's
// language; the featured block, the universe blocks and the bestsellers come from the API.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { data, storefrontApi, type Lang } from "./support/api.ts";
import { openPage } from "./support/browser.ts";
import { bestsellers, categoryTree, samePathIn } from "./support/catalogue.ts";
import { message } from "./support/messages.ts";
import { visible, waitForPath } from "./support/waits.ts";

const CATEGORY_WORD: Record<Lang, string> = { fr: "categorie", en: "category" };

/** Where an editorial link (a French path without language) leads in `lang`. */
async function localised(link: string, lang: Lang): Promise<string> {
  const match = /^\/categorie\/(.+)$/.exec(link);
  if (!match?.[1]) return `/${lang}${link}`;
  if (lang === "fr") return `/fr/categorie/${match[1]}`;
  const path = samePathIn(await categoryTree("fr"), await categoryTree("en"), match[1]);
  return `/en/${CATEGORY_WORD.en}/${path ?? match[1]}`;
}

async function hrefOf(page: Page, link: ReturnType<Page["getByRole"]>): Promise<string> {
  return new URL((await link.getAttribute("href")) ?? "", page.url()).pathname;
}

describe.each(["fr", "en"] as const)("the home page in %s", (lang) => {
  it("shows only the slides enabled for this shop, linking to pages in the language", async () => {
    const api = await storefrontApi(lang);
    const entries = (await data(api.GET("/marketing/home-slider"))).sliders.flatMap((slider) => slider.entries);
    const shown = entries.filter((entry) => entry.enabled && entry.targets.includes("main"));
    const hidden = entries.filter((entry) => !shown.includes(entry));
    expect(shown.length).toBeGreaterThan(1);

    const page = await openPage(`/${lang}`);
    const slider = await visible(page.getByRole("region", { name: message(lang, "home.slider.label") }));
    for (const [index, slide] of shown.entries()) {
      const dot = slider.getByRole("button", {
        name: message(lang, "home.slider.goTo").replace("{index}", String(index + 1)).replace("{title}", slide.title),
        exact: true,
      });
      await visible(dot);
    }
    for (const slide of hidden) expect(await slider.getByText(slide.title, { exact: true }).count()).toBe(0);

    const first = shown[0];
    if (!first) throw new Error("no slide shown");
    const link = slider.getByRole("link", { name: first.label, exact: true });
    expect(await hrefOf(page, link)).toBe(await localised(first.link, lang));

    // The second dot brings its slide, whose link becomes reachable.
    const second = shown[1];
    if (!second) throw new Error("a single slide");
    await slider.getByRole("button", { name: message(lang, "home.slider.goTo").replace("{index}", "2").replace("{title}", second.title), exact: true }).click();
    await slider.getByRole("link", { name: second.label, exact: true }).click();
    await waitForPath(page, await localised(second.link, lang));
  });

  it("shows the featured block, the universes and the bestsellers of the API", async () => {
    const api = await storefrontApi(lang);
    const content = await data(api.GET("/afs_marketing_other/homepage"));
    const sellers = await bestsellers(lang, content.bestsellers.categoryPath ?? null);

    const page = await openPage(`/${lang}`);
    const main = page.getByRole("main");
    if (content.featuredBlock) {
      await visible(main.getByRole("heading", { name: content.featuredBlock.title, exact: true }));
      const button = main.getByRole("link", { name: content.featuredBlock.buttonLabel, exact: true });
      expect(await hrefOf(page, button)).toBe(await localised(content.featuredBlock.link, lang));
    }
    for (const block of content.universeBlocks) await visible(main.getByRole("heading", { name: block.title, exact: true }));

    const section = main.getByRole("region", { name: content.bestsellers.title });
    await visible(section);
    const names = sellers.products.content.map((product) => product.name);
    expect(names).toHaveLength(10);
    await expect.poll(() => section.getByRole("heading", { level: 3 }).allInnerTexts(), { timeout: 15_000 }).toEqual(names);
  });
});
