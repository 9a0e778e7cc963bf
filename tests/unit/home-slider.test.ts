// The home slider's slides (only those enabled and targeting this shop) and where editorial links
// lead in each language (SPEC §2 "links starting with '/' are localised").
import { describe, expect, it } from "vitest";
import type { HomeSlide } from "../../src/api/queries/catalog.ts";
import { shownSlides } from "../../src/features/home/home-slider.tsx";
import { isSitePath, localiseLink } from "../../src/ui/localise-link.ts";

const slide = (id: string, enabled: boolean, targets: string[]): HomeSlide => ({
  id,
  enabled,
  targets,
  title: id,
  description: "",
  label: "Go",
  link: "/",
  image: { desktop: { url: "/d.svg" }, mobile: { url: "/m.svg" } },
});

// Its 8-second autoplay is observed in a real browser on a fake clock (tests/e2e/home.e2e.ts).
describe("the home slider", () => {
  it("shows only the enabled slides targeting main, in their order", () => {
    const slides = [
      slide("both", true, ["mobile-app", "main"]),
      slide("disabled", false, ["main"]),
      slide("elsewhere", true, ["mobile-app"]),
      slide("untargeted", true, []),
      slide("main", true, ["main"]),
      slide("lookalike", true, ["main-site"]),
    ];
    expect(shownSlides(slides).map((each) => each.id)).toEqual(["both", "main"]);
    expect(shownSlides([])).toEqual([]);
  });
});

describe("localiseLink", () => {
  it("puts a French path in the page's language", () => {
    expect(localiseLink("/categorie/voyage", "fr")).toBe("/fr/categorie/voyage");
    expect(localiseLink("/categorie/voyage", "en")).toBe("/en/category/voyage");
    expect(localiseLink("/produit/mug", "en")).toBe("/en/product/mug");
    expect(localiseLink("/faq", "en")).toBe("/en/faq");
  });

  it("translates a category's slugs when a translator knows them", () => {
    const translate = (path: string) => (path === "voyage/bagagerie" ? "travel/luggage" : undefined);
    expect(localiseLink("/categorie/voyage/bagagerie", "en", translate)).toBe("/en/category/travel/luggage");
    expect(localiseLink("/categorie/inconnue", "en", translate)).toBe("/en/category/inconnue");
  });

  it("keeps the query and the fragment", () => {
    expect(localiseLink("/conditions-generales-de-vente#retractation", "en")).toMatch(/^\/en\/[^#?]+#retractation$/);
    expect(localiseLink("/recherche?searchTerm=mug", "en")).toBe("/en/search?searchTerm=mug");
  });

  it("moves a path already written in a language to the page's", () => {
    expect(localiseLink("/en/product/mug", "fr")).toBe("/fr/produit/mug");
  });

  it("keeps links that are not paths of the site", () => {
    for (const link of ["https://example.org/a", "//cdn.example.org/a", "mailto:shop@example.org"]) {
      expect(isSitePath(link)).toBe(false);
      expect(localiseLink(link, "en")).toBe(link);
    }
  });

  it("prefixes an unknown site path with the language", () => {
    expect(localiseLink("/nouveautes", "en")).toBe("/en/nouveautes");
    expect(localiseLink("/", "en")).toBe("/en");
  });
});
