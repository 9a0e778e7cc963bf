// The route tree is built from the page table: every page has a route in each language at the
// table's path, under the layout the specification gives it, and unknown addresses are caught.
import { describe, expect, it } from "vitest";
import { LANGS } from "../../common/languages.ts";
import { pageHref, pagePath, PAGES, type PageId } from "../../common/pages.ts";
import { createAppRouter, type RouterContext } from "../../src/routes/router.tsx";

const router = createAppRouter({} as RouterContext);

/** Sample parameters for the pages that have some. */
const SAMPLE_PARAMS: Partial<Record<PageId, Record<string, string>>> = {
  category: { l1: "voyage", l2: "bagages" },
  product: { slug: "mug-email" },
  account: { pageName: "profil" },
  paymentWaiting: { shoppingCartUuid: "5b7c0e3e-0d4b-4f5e-9d43-6b1c3a2f9e10" },
  thankYou: { order: "1042" },
};

/** The routes an address matches, from the root down (ids, which name the layouts). */
const matchedIds = (href: string) => router.matchRoutes(href, {}).map((match) => match.routeId as string);

/** The full path of the deepest route an address matches (an index route's without its last `/`). */
function leafPath(href: string): string | undefined {
  const id = matchedIds(href).at(-1);
  const route = id === undefined ? undefined : (router.routesById as Record<string, { fullPath: string }>)[id];
  return route?.fullPath.replace(/(.)\/$/, "$1");
}

describe("the route tree", () => {
  for (const lang of LANGS) {
    it(`routes every page of the table at its ${lang} path`, () => {
      for (const page of Object.keys(PAGES) as PageId[]) {
        expect(leafPath(pageHref(page, lang, SAMPLE_PARAMS[page])), page).toBe(pagePath(page, lang));
      }
    });
  }

  it("puts each page under the layout of SPEC §2", () => {
    expect(matchedIds("/fr/produit/mug")).toContain("/fr/shop");
    expect(matchedIds("/en/my-account/profile")).toContain("/en/shop");
    expect(matchedIds("/fr/commande/livraison")).toContain("/fr/checkout");
    expect(matchedIds("/en/checkout/connexion")).toContain("/en/checkout");
    expect(matchedIds("/fr/commande/merci/1042")).toContain("/fr/checkout");
    expect(matchedIds("/fr/commande/paiement/attente")).toContain("/fr/waiting");
    expect(matchedIds("/fr/habile-sign-in")).toContain("/fr/waiting");
    expect(matchedIds("/fr/commande/paiement/resultat")).toContain("/fr/blank");
  });

  it("catches unknown addresses in a language, and addresses without one", () => {
    expect(matchedIds("/fr/nulle/part").at(-1)).toBe("/fr/shop/$");
    expect(matchedIds("/produit/mug").at(-1)).toBe("/$");
  });
});
