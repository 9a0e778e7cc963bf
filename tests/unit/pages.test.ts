import { describe, expect, it } from "vitest";
import { categoryParams, matchPage, pageHref, pagePath, translatePath } from "../../common/pages.ts";

describe("the page table", () => {
  it("gives each page its French and English path", () => {
    expect(pagePath("product", "fr")).toBe("/fr/produit/$slug");
    expect(pagePath("product", "en")).toBe("/en/product/$slug");
    expect(pagePath("home", "en")).toBe("/en");
    expect(pagePath("search", "en")).toBe("/en/search");
    expect(pagePath("checkoutShipping", "fr")).toBe("/fr/commande/livraison");
    expect(pagePath("checkoutShipping", "en")).toBe("/en/checkout/livraison");
    expect(pagePath("paymentWaiting", "en")).toBe("/en/checkout/paiement/attente/{-$shoppingCartUuid}");
  });

  it("fills parameters and leaves out missing optional ones", () => {
    expect(pageHref("category", "fr", { l1: "voyage", l2: "bagages" })).toBe("/fr/categorie/voyage/bagages");
    expect(pageHref("category", "en", { l1: "travel" })).toBe("/en/category/travel");
    expect(pageHref("product", "fr", { slug: "mug émail" })).toBe("/fr/produit/mug%20%C3%A9mail");
  });

  it("recognises a page from its path", () => {
    expect(matchPage("fr", "/categorie/voyage/bagages/cabine")).toEqual({
      page: "category",
      params: { l1: "voyage", l2: "bagages", l3: "cabine" },
    });
    expect(matchPage("en", "/product/mug")).toEqual({ page: "product", params: { slug: "mug" } });
    expect(matchPage("en", "/produit/mug")).toBeUndefined();
    expect(matchPage("fr", "/categorie/a/b/c/d")).toBeUndefined();
  });

  it("maps a page to the other language, and unknown ones to the home page", () => {
    expect(translatePath("/fr/produit/mug", "en")).toBe("/en/product/mug");
    expect(translatePath("/en/search", "fr")).toBe("/fr/recherche");
    expect(translatePath("/fr/conditions-generales-de-vente", "en")).toBe("/en/conditions-generales-de-vente");
    expect(translatePath("/fr/nowhere/at-all", "en")).toBe("/en");
  });

  it("gives a category page's parameters from the category's slug path", () => {
    expect(categoryParams("voyage")).toEqual({ l1: "voyage", l2: undefined, l3: undefined });
    expect(categoryParams("voyage/bagages/cabine")).toEqual({ l1: "voyage", l2: "bagages", l3: "cabine" });
    expect(pageHref("category", "en", categoryParams("travel/luggage"))).toBe("/en/category/travel/luggage");
  });
});
