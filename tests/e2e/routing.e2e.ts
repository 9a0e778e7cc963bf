// Addresses: every page lives under /fr or /en; anything else finds its way there.
import { describe, expect, it } from "vitest";
import { currentContext, openPage } from "./support/browser.ts";
import { largestTopCategory } from "./support/catalogue.ts";
import { messagePattern } from "./support/messages.ts";
import { waitForHtmlLang, waitForPath } from "./support/waits.ts";

describe("addresses and languages", () => {
  it("sends / to the French home page", async () => {
    const page = await openPage("/");
    await waitForPath(page, "/fr");
    await waitForHtmlLang(page, "fr");
  });

  it("keeps the query and the anchor of / on the way to /fr", async () => {
    const page = await openPage("/?utm_source=newsletter&utm_medium=email#bestsellers");
    const url = await waitForPath(page, "/fr", { search: (params) => params.get("utm_source") === "newsletter", hash: "#bestsellers" });
    expect(url.searchParams.get("utm_medium")).toBe("email");
    await waitForHtmlLang(page, "fr");
  });

  it("sends an address without a language to its French form, keeping query and anchor", async () => {
    const product = (await largestTopCategory("fr")).listing.products.content[0];
    if (!product) throw new Error("the largest category has no product");
    const page = await openPage(`/produit/${product.slug}`);
    await waitForPath(page, `/fr/produit/${product.slug}`);
    await page.getByRole("heading", { level: 1, name: product.name }).waitFor();

    await page.goto("/recherche?searchTerm=valise");
    const url = await waitForPath(page, "/fr/recherche", { search: (params) => params.get("searchTerm") === "valise" });
    expect(url.searchParams.get("searchTerm")).toBe("valise");

    await page.goto("/conditions-generales-de-vente#retractation");
    await waitForPath(page, "/fr/conditions-generales-de-vente", { hash: "#retractation" });
  });

  it("sends an unknown French address to /fr/404, which says so in French", async () => {
    const page = await openPage("/fr/cette-page-n-existe-pas");
    await waitForPath(page, "/fr/404");
    await waitForHtmlLang(page, "fr");
    await page.getByText(messagePattern("fr", "errors.notfound")).waitFor();
  });

  it("sends an unknown English address to /en/404, which says so in English", async () => {
    const page = await openPage("/en/no/such/page");
    await waitForPath(page, "/en/404");
    await waitForHtmlLang(page, "en");
    await page.getByText(messagePattern("en", "errors.notfound")).waitFor();
  });

  it("sets <html lang> from the address", async () => {
    const page = await openPage("/en");
    await waitForHtmlLang(page, "en");
    await page.goto("/fr");
    await waitForHtmlLang(page, "fr");
  });

  it("starts from the configuration written in the page, without asking the server for it", async () => {
    const product = (await largestTopCategory("fr")).listing.products.content[0];
    if (!product) throw new Error("the largest category has no product");
    const page = await (await currentContext()).newPage();
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(`/fr/produit/${product.slug}`);
    // The product comes from the API, called with the storefront token of the inline configuration.
    await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
    expect(asked).toContain(`/api/v1/products/slug/${product.slug}`);
    expect(asked).not.toContain("/runtime-config.json");
  });

  it("answers every page address with the app, and server paths with JSON", async () => {
    const page = await openPage("/fr");
    const home = await page.request.get("/fr/produit/anything");
    expect(home.status()).toBe(200);
    expect(home.headers()["content-type"]).toMatch(/text\/html/);
    const api = await page.request.get("/api/v1/nowhere");
    expect(api.status()).toBe(404);
    expect(api.headers()["content-type"]).toMatch(/application\/json/);
  });
});
