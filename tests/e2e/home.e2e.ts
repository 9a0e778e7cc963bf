// The home page: the carousel shows the slides meant for this shop, with links in the page's
// language; the featured block, the universe blocks and the bestsellers come from the API.
import { data, storefrontApi, type Lang } from "./support/api.ts";
import { bestsellers, categoryTree, samePathIn } from "./support/catalogue.ts";
import { expect, test, type BrowserContext, type Locator, type OpenPage, type Page } from "./support/fixtures.ts";
import { message } from "./support/messages.ts";
import { atPath } from "./support/waits.ts";

const CATEGORY_WORD: Record<Lang, string> = { fr: "categorie", en: "category" };

/** Where an editorial link (a French path without language) leads in `lang`. */
async function localised(link: string, lang: Lang): Promise<string> {
  const match = /^\/categorie\/(.+)$/.exec(link);
  if (!match?.[1]) return `/${lang}${link}`;
  if (lang === "fr") return `/fr/categorie/${match[1]}`;
  const path = samePathIn(await categoryTree("fr"), await categoryTree("en"), match[1]);
  return `/en/${CATEGORY_WORD.en}/${path ?? match[1]}`;
}

/** The pathname a link leads to. */
async function hrefOf(page: Page, link: Locator): Promise<string> {
  return new URL((await link.getAttribute("href")) ?? "", page.url()).pathname;
}

for (const lang of ["fr", "en"] as const) {
  test.describe(`the home page in ${lang}`, () => {
    test("shows only the slides enabled for this shop, linking to pages in the language", async ({ openPage }) => {
      const api = await storefrontApi(lang);
      const entries = (await data(api.GET("/marketing/home-slider"))).sliders.flatMap((slider) => slider.entries);
      const shown = entries.filter((entry) => entry.enabled && entry.targets.includes("main"));
      const hidden = entries.filter((entry) => !shown.includes(entry));
      expect(shown.length).toBeGreaterThan(1);

      const page = await openPage(`/${lang}`);
      const slider = page.getByRole("region", { name: message(lang, "home.slider.label") });
      await expect(slider).toBeVisible();
      for (const [index, slide] of shown.entries()) {
        const dot = slider.getByRole("button", {
          name: message(lang, "home.slider.goTo").replace("{index}", String(index + 1)).replace("{title}", slide.title),
          exact: true,
        });
        await expect(dot).toBeVisible();
      }
      for (const slide of hidden) await expect(slider.getByText(slide.title, { exact: true })).toHaveCount(0);

      const first = shown[0];
      if (!first) throw new Error("no slide shown");
      const link = slider.getByRole("link", { name: first.label, exact: true });
      const firstTarget = await localised(first.link, lang);
      await expect.poll(() => hrefOf(page, link)).toBe(firstTarget);

      // The second dot brings its slide, whose link becomes reachable.
      const second = shown[1];
      if (!second) throw new Error("a single slide");
      await slider.getByRole("button", { name: message(lang, "home.slider.goTo").replace("{index}", "2").replace("{title}", second.title), exact: true }).click();
      await slider.getByRole("link", { name: second.label, exact: true }).click();
      await expect(page).toHaveURL(atPath(await localised(second.link, lang)));
    });

    test("shows the featured block, the universes and the bestsellers of the API", async ({ openPage }) => {
      const api = await storefrontApi(lang);
      const content = await data(api.GET("/afs_marketing_other/homepage"));
      const sellers = await bestsellers(lang, content.bestsellers.categoryPath ?? null);

      const page = await openPage(`/${lang}`);
      const main = page.getByRole("main");
      if (content.featuredBlock) {
        await expect(main.getByRole("heading", { name: content.featuredBlock.title, exact: true })).toBeVisible();
        const button = main.getByRole("link", { name: content.featuredBlock.buttonLabel, exact: true });
        const target = await localised(content.featuredBlock.link, lang);
        await expect.poll(() => hrefOf(page, button)).toBe(target);
      }
      for (const block of content.universeBlocks) await expect(main.getByRole("heading", { name: block.title, exact: true })).toBeVisible();

      const section = main.getByRole("region", { name: content.bestsellers.title });
      await expect(section).toBeVisible();
      const names = sellers.products.content.map((product) => product.name);
      expect(names).toHaveLength(10);
      await expect(section.getByRole("heading", { level: 3 })).toHaveText(names, { useInnerText: true });
    });
  });
}

/** The slide the slider marks as current: the 1-based index of its current dot. */
async function currentDot(slider: Locator): Promise<number> {
  const dots = slider.locator(".home-slider__dot");
  const current = await dots.evaluateAll((buttons) => buttons.findIndex((button) => button.getAttribute("aria-current") === "true"));
  return current + 1;
}

/** Where embla has put the slider's track (its inline transform). */
const trackPosition = (slider: Locator) => slider.locator(".home-slider__track").evaluate((track: HTMLElement) => track.style.transform);

/** Whether the slide titled `title` lies in the slider's viewport (the one a visitor sees). */
async function slideInView(slider: Locator, title: string): Promise<boolean> {
  const [slide, frame] = await Promise.all([
    slider.getByRole("heading", { name: title, exact: true }).boundingBox(),
    slider.locator(".home-slider__viewport").boundingBox(),
  ]);
  if (!slide || !frame) return false;
  return slide.x >= frame.x - 1 && slide.x + slide.width <= frame.x + frame.width + 1;
}

test.describe("the home slider's autoplay", () => {
  async function openWithClock(context: BrowserContext, openPage: OpenPage): Promise<{ page: Page; slider: Locator; titles: string[] }> {
    const api = await storefrontApi("fr");
    const entries = (await data(api.GET("/marketing/home-slider"))).sliders.flatMap((item) => item.entries);
    const titles = entries.filter((entry) => entry.enabled && entry.targets.includes("main")).map((entry) => entry.title);
    // The page's timers are the test's to run: nothing advances unless the test lets time pass.
    await context.clock.install();
    const page = await openPage("/fr");
    await page.mouse.move(0, 0);
    const slider = page.getByRole("region", { name: message("fr", "home.slider.label") });
    await expect(slider).toBeVisible();
    // The carousel has started once embla has positioned its track; its 8 s run from then, so the
    // clock is paused as soon as it has (looked at every 20 ms, not on the usual growing intervals).
    await expect.poll(() => trackPosition(slider), { intervals: [20] }).not.toBe("");
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    return { page, slider, titles };
  }

  test("moves to the next slide every 8 seconds and loops back to the first", async ({ context, openPage }) => {
    const { page, slider, titles } = await openWithClock(context, openPage);
    expect(titles.length).toBeGreaterThan(2);
    // The page's clock is paused: nothing moves while an assertion waits, only when time is run.
    await expect.poll(() => currentDot(slider)).toBe(1);
    const track = slider.locator(".home-slider__track");
    await expect(track).toHaveAttribute("aria-live", "off");

    const start = await trackPosition(slider);
    await page.clock.runFor(7_000);
    // Embla moves the track on animation frames, which run on the page's clock: still in place.
    expect(await trackPosition(slider)).toBe(start);
    expect(await currentDot(slider)).toBe(1);
    await page.clock.runFor(1_000);
    await expect.poll(() => trackPosition(slider)).not.toBe(start);
    await expect.poll(() => currentDot(slider)).toBe(2);

    for (let slide = 3; slide <= titles.length; slide += 1) {
      await page.clock.runFor(8_000);
      await expect.poll(() => currentDot(slider)).toBe(slide);
    }
    await page.clock.runFor(8_000);
    await expect.poll(() => currentDot(slider)).toBe(1);
    // Let the scroll animation end (its frames run on the page's clock too).
    await page.clock.runFor(2_000);
    await expect.poll(() => slideInView(slider, titles[0] ?? "")).toBe(true);
  });

  test("stays on its slide while the pointer is over it", async ({ context, openPage }) => {
    const { page, slider } = await openWithClock(context, openPage);
    const start = await trackPosition(slider);
    const track = slider.locator(".home-slider__track");
    await slider.hover();
    // The slides stop announcing themselves politely only while they run by themselves.
    await expect(track).toHaveAttribute("aria-live", "polite");
    await page.clock.runFor(20_000);
    expect(await trackPosition(slider)).toBe(start);
    expect(await currentDot(slider)).toBe(1);

    await page.mouse.move(0, 0);
    await expect(track).toHaveAttribute("aria-live", "off");
    await page.clock.runFor(8_000);
    await expect.poll(() => currentDot(slider)).toBe(2);
  });
});

for (const lang of ["fr", "en"] as const) {
  test.describe(`the home page's content in ${lang}`, () => {
    test("lays the universe blocks out by their size: full width, half, quarter", async ({ openPage }) => {
      const api = await storefrontApi(lang);
      const content = await data(api.GET("/afs_marketing_other/homepage"));
      const sizes = new Set(content.universeBlocks.map((block) => block.size));
      expect([...sizes].sort()).toEqual(["full", "half", "small1", "small2"]);

      const page = await openPage(`/${lang}`);
      const grid = page.locator(".universe-grid");
      await expect(grid).toBeVisible();
      const items = grid.locator(":scope > li");
      await expect(items).toHaveCount(content.universeBlocks.length);
      const gridWidth = (await grid.boundingBox())?.width ?? 0;
      const share: Record<string, [number, number]> = { full: [0.99, 1.01], half: [0.45, 0.51], small1: [0.2, 0.26], small2: [0.2, 0.26] };
      for (const [index, block] of content.universeBlocks.entries()) {
        const item = items.nth(index);
        await expect(item.getByRole("heading", { name: block.title, exact: true })).toBeVisible();
        await expect(item.locator("article")).toContainClass(`universe--${block.size}`);
        const width = ((await item.boundingBox())?.width ?? 0) / gridWidth;
        const [low, high] = share[block.size] ?? [0, 0];
        expect(width, `${block.title} (${block.size})`).toBeGreaterThanOrEqual(low);
        expect(width, `${block.title} (${block.size})`).toBeLessThanOrEqual(high);
      }
    });

    test("has the title and description of the marketing content", async ({ openPage }) => {
      const api = await storefrontApi(lang);
      const { seo } = await data(api.GET("/afs_marketing_other/homepage"));
      const page = await openPage(`/${lang}`);
      await expect(page).toHaveTitle(seo.title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", seo.description);
    });
  });
}
