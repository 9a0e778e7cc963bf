// axe finds no serious or critical violation on the home page, a listing, a product, the search
// results and an information page, in French and in English — as a first-time visitor sees
// them, cookie banner included.
import type { Page } from "playwright-core";
import { beforeAll, describe, it } from "vitest";
import type { Lang } from "./support/api.ts";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { openPage } from "./support/browser.ts";
import { largestTopCategory, productWithGallery, searchWordOf } from "./support/catalogue.ts";
import { visible } from "./support/waits.ts";

const paths: Record<Lang, Record<string, string>> = { fr: {}, en: {} };

beforeAll(async () => {
  for (const lang of ["fr", "en"] as const) {
    const top = await largestTopCategory(lang);
    const product = await productWithGallery(lang);
    paths[lang] = {
      home: `/${lang}`,
      listing: `/${lang}/${lang === "fr" ? "categorie" : "category"}/${top.node.path}`,
      product: `/${lang}/${lang === "fr" ? "produit" : "product"}/${product.slug}`,
      search: `/${lang}/${lang === "fr" ? "recherche" : "search"}?searchTerm=${encodeURIComponent(searchWordOf(product.name))}`,
      information: `/${lang}/conditions-generales-de-vente`,
      blog: `/${lang}/blog`,
    };
  }
});

/** Waits until the page has its title and nothing in it is still loading. */
async function settled(page: Page): Promise<void> {
  await visible(page.getByRole("heading", { level: 1 }));
  await page.waitForFunction(() => document.querySelector('main [aria-busy="true"]') === null);
  await page.waitForLoadState("networkidle");
}

describe.each(["fr", "en"] as const)("accessibility in %s", (lang) => {
  it.each(["home", "listing", "product", "search", "information", "blog"])("has no serious or critical axe violation on the %s page", async (name) => {
    const path = paths[lang][name];
    if (!path) throw new Error(`no path for ${name}`);
    const page = await openPage(path, { consent: "undecided" });
    await settled(page);
    await expectNoSeriousA11yViolations(page);
  });
});
