// Prices as the shop writes them: `12,90 €` in French, `€12.90` in English; a product on sale
// shows its reduced price, the regular one and the reduction. The browser's number formatting is
// set up on a worker thread while the app starts (src/i18n/load-number-data.ts).
import type { Worker } from "@playwright/test";
import { normaliseSpaces, shownPrice, type Lang } from "./support/api.ts";
import { categoryTree, discountedProduct, largestTopCategory, listing, productBySlug } from "./support/catalogue.ts";
import { expect, test } from "./support/fixtures.ts";

const FORMATS: Record<Lang, RegExp> = {
  fr: /^\d{1,3}( \d{3})*,\d{2} €$/,
  en: /^€\d{1,3}(,\d{3})*\.\d{2}$/,
};

/** Every price-looking text of a string: amounts with a euro sign before or after. */
function pricesIn(text: string): string[] {
  return normaliseSpaces(text).match(/€\d[\d,]*\.\d{2}|\d[\d ]*,\d{2} €/g) ?? [];
}

let onSale: { fr: string; en: string };

test.beforeAll(async () => {
  const product = await discountedProduct("fr");
  onSale = { fr: product.slug, en: (await productBySlug("fr", product.slug)).slugs.en };
});

for (const lang of ["fr", "en"] as const) {
  test.describe(`prices in ${lang}`, () => {
    test("are formatted for the language on the listing, with the amounts of the catalogue", async ({ openPage }) => {
      const { node, listing } = await largestTopCategory(lang);
      const page = await openPage(`/${lang}/${lang === "fr" ? "categorie" : "category"}/${node.path}`);
      for (const product of listing.products.content.slice(0, 6)) {
        const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: product.name, exact: true }) }).first();
        await expect(card).toBeVisible();
        const offer = product.offer;
        if (!offer) continue;
        const current = offer.discountPrice?.taxIncluded ?? offer.regularPrice.taxIncluded;
        await expect.poll(async () => pricesIn(await card.innerText())).toContain(shownPrice(current, lang));
        for (const price of pricesIn(await card.innerText())) expect(price).toMatch(FORMATS[lang]);
      }
    });

    test("shows a reduced price with the regular one and the reduction on the product page", async ({ openPage }) => {
      const product = await productBySlug(lang, onSale[lang]);
      const offer = product.offer;
      const discount = offer?.discountPrice?.taxIncluded;
      if (!offer || discount === undefined) throw new Error(`${product.name} is not on sale`);
      const regular = offer.regularPrice.taxIncluded;

      const page = await openPage(`/${lang}/${lang === "fr" ? "produit" : "product"}/${product.slug}`);
      await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
      const summary = page.getByRole("main");
      await expect.poll(async () => pricesIn(await summary.innerText())).toEqual(expect.arrayContaining([shownPrice(discount, lang), shownPrice(regular, lang)]));
      const percent = Math.round((1 - discount / regular) * 100);
      await expect(summary).toContainText(lang === "fr" ? `-${percent} %` : `-${percent}%`);
    });
  });
}

for (const lang of ["fr", "en"] as const) {
  test.describe(`promo percentages in ${lang}`, () => {
    test("show on the listing's cards of products on sale, and only on those", async ({ openPage }) => {
      const tree = await categoryTree(lang);
      const found = await (async () => {
        for (const node of tree) {
          const result = await listing(lang, node.path);
          if (result.products.content.some((product) => product.offer?.discountPrice)) return { node, result };
        }
        throw new Error("no first page of a top category has a product on sale");
      })();

      const page = await openPage(`/${lang}/${lang === "fr" ? "categorie" : "category"}/${found.node.path}`);
      let onSale = 0;
      for (const product of found.result.products.content) {
        const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: product.name, exact: true }) }).first();
        await expect(card).toBeVisible();
        const promo = card.locator(".product-card__promo");
        const discount = product.offer?.discountPrice?.taxIncluded;
        const regular = product.offer?.regularPrice.taxIncluded;
        if (discount === undefined || regular === undefined || discount >= regular) {
          await expect(promo, product.name).toHaveCount(0);
          continue;
        }
        onSale += 1;
        const percent = Math.round((1 - discount / regular) * 100);
        await expect(promo).toHaveText(lang === "fr" ? `-${percent} %` : `-${percent}%`);
      }
      expect(onSale).toBeGreaterThan(0);
    });
  });
}

test.describe("number formatting at start", () => {
  test("is set up by a worker of the page's own, which ends once done, and prices show as usual", async ({ context }) => {
    const page = await context.newPage();
    const workers: { worker: Worker; ended: Promise<unknown> }[] = [];
    page.on("worker", (worker) => workers.push({ worker, ended: new Promise((resolve) => worker.once("close", resolve)) }));
    const { node, listing } = await largestTopCategory("fr");
    await page.goto(`/fr/categorie/${node.path}`);
    await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();

    expect(workers.map(({ worker }) => new URL(worker.url()).protocol)).toEqual(["blob:"]);
    await workers[0]?.ended;
    const product = listing.products.content.find((item) => item.offer);
    if (!product?.offer) throw new Error("the listing has no product with an offer");
    const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: product.name, exact: true }) }).first();
    const price = product.offer.discountPrice?.taxIncluded ?? product.offer.regularPrice.taxIncluded;
    await expect(card).toBeVisible();
    await expect.poll(async () => pricesIn(await card.innerText())).toContain(shownPrice(price, "fr"));
  });
});

