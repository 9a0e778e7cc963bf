// Prices as the shop writes them: `12,90 €` in French, `€12.90` in English; a product on sale
// shows its reduced price, the regular one and the reduction. The browser's number formatting is
// set up on a worker thread while the app starts (src/i18n/load-number-data.ts).
import type { Worker } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { normaliseSpaces, shownPrice, type Lang } from "./support/api.ts";
import { currentContext, openPage } from "./support/browser.ts";
import { categoryTree, discountedProduct, largestTopCategory, listing, productBySlug } from "./support/catalogue.ts";
import { visible } from "./support/waits.ts";

const FORMATS: Record<Lang, RegExp> = {
  fr: /^\d{1,3}( \d{3})*,\d{2} €$/,
  en: /^€\d{1,3}(,\d{3})*\.\d{2}$/,
};

/** Every price-looking text of a string: amounts with a euro sign before or after. */
function pricesIn(text: string): string[] {
  return normaliseSpaces(text).match(/€\d[\d,]*\.\d{2}|\d[\d ]*,\d{2} €/g) ?? [];
}

let onSale: { fr: string; en: string };

beforeAll(async () => {
  const product = await discountedProduct("fr");
  onSale = { fr: product.slug, en: (await productBySlug("fr", product.slug)).slugs.en };
});

describe.each(["fr", "en"] as const)("prices in %s", (lang) => {
  it("are formatted for the language on the listing, with the amounts of the catalogue", async () => {
    const { node, listing } = await largestTopCategory(lang);
    const page = await openPage(`/${lang}/${lang === "fr" ? "categorie" : "category"}/${node.path}`);
    for (const product of listing.products.content.slice(0, 6)) {
      const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: product.name, exact: true }) });
      const text = await (await visible(card)).innerText();
      const offer = product.offer;
      if (!offer) continue;
      const current = offer.discountPrice?.taxIncluded ?? offer.regularPrice.taxIncluded;
      const prices = pricesIn(text);
      expect(prices).toContain(shownPrice(current, lang));
      for (const price of prices) expect(price).toMatch(FORMATS[lang]);
    }
  });

  it("shows a reduced price with the regular one and the reduction on the product page", async () => {
    const product = await productBySlug(lang, onSale[lang]);
    const offer = product.offer;
    const discount = offer?.discountPrice?.taxIncluded;
    if (!offer || discount === undefined) throw new Error(`${product.name} is not on sale`);
    const regular = offer.regularPrice.taxIncluded;

    const page = await openPage(`/${lang}/${lang === "fr" ? "produit" : "product"}/${product.slug}`);
    await visible(page.getByRole("heading", { level: 1, name: product.name }));
    const summary = page.getByRole("main");
    const prices = pricesIn(await summary.innerText());
    expect(prices).toContain(shownPrice(discount, lang));
    expect(prices).toContain(shownPrice(regular, lang));
    const percent = Math.round((1 - discount / regular) * 100);
    expect(normaliseSpaces(await summary.innerText())).toContain(lang === "fr" ? `-${percent} %` : `-${percent}%`);
  });
});

describe.each(["fr", "en"] as const)("promo percentages in %s", (lang) => {
  it("show on the listing's cards of products on sale, and only on those", async () => {
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
      const card = await visible(page.getByRole("article").filter({ has: page.getByRole("link", { name: product.name, exact: true }) }));
      const promo = card.locator(".product-card__promo");
      const discount = product.offer?.discountPrice?.taxIncluded;
      const regular = product.offer?.regularPrice.taxIncluded;
      if (discount === undefined || regular === undefined || discount >= regular) {
        expect(await promo.count(), product.name).toBe(0);
        continue;
      }
      onSale += 1;
      const percent = Math.round((1 - discount / regular) * 100);
      expect(normaliseSpaces((await promo.textContent()) ?? "")).toBe(lang === "fr" ? `-${percent} %` : `-${percent}%`);
    }
    expect(onSale).toBeGreaterThan(0);
  });
});

describe("number formatting at start", () => {
  it("is set up by a worker of the page's own, which ends once done, and prices show as usual", async () => {
    const page = await (await currentContext()).newPage();
    const workers: { worker: Worker; ended: Promise<unknown> }[] = [];
    page.on("worker", (worker) => workers.push({ worker, ended: new Promise((resolve) => worker.once("close", resolve)) }));
    const { node, listing } = await largestTopCategory("fr");
    await page.goto(`/fr/categorie/${node.path}`);
    await visible(page.getByRole("main").getByRole("article").first());

    expect(workers.map(({ worker }) => new URL(worker.url()).protocol)).toEqual(["blob:"]);
    await workers[0]?.ended;
    const product = listing.products.content.find((item) => item.offer);
    if (!product?.offer) throw new Error("the listing has no product with an offer");
    const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: product.name, exact: true }) });
    const price = product.offer.discountPrice?.taxIncluded ?? product.offer.regularPrice.taxIncluded;
    expect(pricesIn(await (await visible(card)).innerText())).toContain(shownPrice(price, "fr"));
  });
});
