// Addresses: every page lives under /fr or /en; anything else finds its way there.
import { largestTopCategory } from "./support/catalogue.ts";
import { expect, test } from "./support/fixtures.ts";
import { messagePattern } from "./support/messages.ts";
import { atPath } from "./support/waits.ts";

test.describe("addresses and languages", () => {
  test("sends / to the French home page", async ({ openPage }) => {
    const page = await openPage("/");
    await expect(page).toHaveURL(atPath("/fr"));
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  });

  test("keeps the query and the anchor of / on the way to /fr", async ({ openPage }) => {
    const page = await openPage("/?utm_source=newsletter&utm_medium=email#bestsellers");
    await expect(page).toHaveURL(atPath("/fr", { search: (params) => params.get("utm_source") === "newsletter", hash: "#bestsellers" }));
    expect(new URL(page.url()).searchParams.get("utm_medium")).toBe("email");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  });

  test("sends an address without a language to its French form, keeping query and anchor", async ({ openPage }) => {
    const product = (await largestTopCategory("fr")).listing.products.content[0];
    if (!product) throw new Error("the largest category has no product");
    const page = await openPage(`/produit/${product.slug}`);
    await expect(page).toHaveURL(atPath(`/fr/produit/${product.slug}`));
    await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();

    await page.goto("/recherche?searchTerm=valise");
    await expect(page).toHaveURL(atPath("/fr/recherche", { search: (params) => params.get("searchTerm") === "valise" }));
    expect(new URL(page.url()).searchParams.get("searchTerm")).toBe("valise");

    await page.goto("/conditions-generales-de-vente#retractation");
    await expect(page).toHaveURL(atPath("/fr/conditions-generales-de-vente", { hash: "#retractation" }));
  });

  test("sends an unknown French address to /fr/404, which says so in French", async ({ openPage }) => {
    const page = await openPage("/fr/cette-page-n-existe-pas");
    await expect(page).toHaveURL(atPath("/fr/404"));
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByText(messagePattern("fr", "errors.notfound"))).toBeVisible();
  });

  test("sends an unknown English address to /en/404, which says so in English", async ({ openPage }) => {
    const page = await openPage("/en/no/such/page");
    await expect(page).toHaveURL(atPath("/en/404"));
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByText(messagePattern("en", "errors.notfound"))).toBeVisible();
  });

  test("sets <html lang> from the address", async ({ openPage }) => {
    const page = await openPage("/en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.goto("/fr");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  });

  test("starts from the configuration written in the page, without asking the server for it", async ({ context }) => {
    const product = (await largestTopCategory("fr")).listing.products.content[0];
    if (!product) throw new Error("the largest category has no product");
    const page = await context.newPage();
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(`/fr/produit/${product.slug}`);
    // The product comes from the API, called with the storefront token of the inline configuration.
    await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
    expect(asked).toContain(`/api/v1/products/slug/${product.slug}`);
    expect(asked).not.toContain("/runtime-config.json");
  });

  test("answers every page address with the app, and server paths with JSON", async ({ openPage }) => {
    const page = await openPage("/fr");
    const home = await page.request.get("/fr/produit/anything");
    expect(home.status()).toBe(200);
    expect(home.headers()["content-type"]).toMatch(/text\/html/);
    const api = await page.request.get("/api/v1/nowhere");
    expect(api.status()).toBe(404);
    expect(api.headers()["content-type"]).toMatch(/application\/json/);
  });
});
