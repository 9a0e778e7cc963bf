// axe finds no serious or critical violation on the home page, a listing, a product, the search
// results and an information page, in French and in English — as a first-time visitor sees
// them, cookie banner included.
import type { Lang } from "./support/api.ts";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { largestTopCategory, productWithGallery, searchWordOf } from "./support/catalogue.ts";
import { expect, test, type Page } from "./support/fixtures.ts";

const paths: Record<Lang, Record<string, string>> = { fr: {}, en: {} };

test.beforeAll(async () => {
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
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState("networkidle");
}

for (const lang of ["fr", "en"] as const) {
  test.describe(`accessibility in ${lang}`, () => {
    for (const name of ["home", "listing", "product", "search", "information", "blog"]) {
      test(`has no serious or critical axe violation on the ${name} page`, async ({ openPage }) => {
        const path = paths[lang][name];
        if (!path) throw new Error(`no path for ${name}`);
        const page = await openPage(path, { consent: "undecided" });
        await settled(page);
        await expectNoSeriousA11yViolations(page);
      });
    }
  });
}
