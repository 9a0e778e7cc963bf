import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoContentDocuments } from "../../server/seed/content-documents.ts";
import type { components } from "../../common/api/schema.gen.ts";
import { backends, startTestApp, type TestApp } from "../support/test-app.ts";

type Schemas = components["schemas"];

describe.each(backends())("marketing content on $name", (backend) => {
  let shop: TestApp;
  let tree: Schemas["CategoryNode"][];
  beforeAll(async () => {
    shop = await startTestApp(backend, { env: { BRAND_NAME: "Aile Boutique" } });
    tree = (await shop.request({ url: "/api/v1/categories" })).json();
  });
  afterAll(() => shop?.close());

  const get = async <T>(url: string) => {
    const response = await shop.request({ url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  it("has a home page with universe blocks of every size, bestsellers and SEO, in both languages", async () => {
    const french = await get<Schemas["HomePage"]>("/api/v1/afs_marketing_other/homepage");
    const english = await get<Schemas["HomePage"]>("/api/v1/afs_marketing_other/homepage?locale=en_US");
    for (const page of [french, english]) {
      expect(new Set(page.universeBlocks.map((block) => block.size))).toEqual(new Set(["full", "half", "small1", "small2"]));
      expect(page.seo.title.length).toBeGreaterThan(0);
      expect(page.seo.description.length).toBeGreaterThan(0);
      expect(page.bestsellers.title.length).toBeGreaterThan(0);
    }
    expect(english.seo.title).not.toBe(french.seo.title);
  });

  it("serves the generated artwork the content points at", async () => {
    const page = await get<Schemas["HomePage"]>("/api/v1/afs_marketing_other/homepage");
    const url = page.universeBlocks[0]?.image.url ?? "";
    expect(url).toMatch(/^\/media\/art\//);
    const image = await shop.app.inject({ url });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toContain("image/svg+xml");
    expect((await shop.app.inject({ url: "/media/art/not-an-icon/000000-ffffff/10x10.svg" })).statusCode).toBe(404);
    expect((await shop.app.inject({ url: "/media/art/plane/zzzzzz-ffffff/10x10.svg" })).statusCode).toBe(400);
  });

  it("has a home slider with a disabled slide and a slide not for the main site", async () => {
    const slider = await get<Schemas["HomeSlider"]>("/api/v1/marketing/home-slider");
    const entries = slider.sliders.flatMap((item) => item.entries);
    expect(entries.length).toBeGreaterThanOrEqual(4);
    expect(entries.some((entry) => !entry.enabled)).toBe(true);
    expect(entries.some((entry) => !entry.targets.includes("main"))).toBe(true);
    expect(entries.filter((entry) => entry.enabled && entry.targets.includes("main")).length).toBeGreaterThanOrEqual(2);
  });

  it("has the information pages, with the brand name filled in", async () => {
    const faq = await get<Schemas["FaqPage"]>("/api/v1/afs_marketing_other/faq");
    expect(faq.groups.length).toBeGreaterThan(0);
    for (const url of ["/api/v1/afs_marketing_other/delivery", "/api/v1/afs_marketing_other/exchange-return", "/api/v1/platform/legal-mentions"]) {
      const page = await get<Schemas["ContentPage"]>(url);
      expect(page.sections.length, url).toBeGreaterThan(0);
      expect(page.seo.title.length, url).toBeGreaterThan(0);
    }
    const everything = JSON.stringify(await get("/api/v1/platform/legal-mentions"));
    expect(everything).toContain("Aile Boutique");
    expect(everything).not.toContain("{brand}");
  });

  it("has the data protection policy and the blog, in both languages, the brand filled in", async () => {
    for (const locale of ["fr_FR", "en_US"]) {
      const policy = await get<Schemas["ContentPage"]>(`/api/v1/afs_marketing_other/data-protection?locale=${locale}`);
      expect(policy.sections.map((section) => section.anchor)).toContain("cookies");
      expect(policy.seo.title).toContain("Aile Boutique");
      const blog = await get<Schemas["BlogPage"]>(`/api/v1/afs_marketing_other/blog?locale=${locale}`);
      expect(blog.articles.length).toBeGreaterThan(1);
      const dates = blog.articles.map((article) => article.publishedOn);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(new Set(blog.articles.map((article) => article.anchor)).size).toBe(blog.articles.length);
      for (const document of [policy, blog]) expect(JSON.stringify(document)).not.toContain("{brand}");
      expect(blog.seo.title).toContain("Aile Boutique");
    }
    // The two languages tell the same articles.
    const french = await get<Schemas["BlogPage"]>("/api/v1/afs_marketing_other/blog");
    const english = await get<Schemas["BlogPage"]>("/api/v1/afs_marketing_other/blog?locale=en_US");
    expect(english.articles.map((article) => [article.anchor, article.publishedOn])).toEqual(french.articles.map((article) => [article.anchor, article.publishedOn]));
  });

  it("gives a database seeded before them the documents it lacks, leaving the others as they were", async () => {
    const edited = { title: "Mentions revues", intro: "", seo: { title: "Mentions", description: "Revues" }, sections: [] };
    await shop.db.orm.execute(sql`delete from marketing_content where key = 'blog'`);
    await shop.db.orm.execute(sql`update marketing_content set body = ${JSON.stringify(edited)}::jsonb where key = 'legal-mentions' and locale = 'fr_FR'`);
    expect(await demoContentDocuments.seedIfEmpty(shop.db, { brandName: "Aile Boutique" })).toBe(true);
    const rows = await shop.db.rows<{ key: string; locale: string; body: unknown }>(sql`select key, locale, body from marketing_content where key in ('blog', 'legal-mentions') order by key, locale`);
    expect(rows.map((row) => `${row.key}:${row.locale}`)).toEqual(["blog:en_US", "blog:fr_FR", "legal-mentions:en_US", "legal-mentions:fr_FR"]);
    expect(rows.find((row) => row.key === "legal-mentions" && row.locale === "fr_FR")?.body).toEqual(edited);
    // Once complete, nothing more to add.
    expect(await demoContentDocuments.seedIfEmpty(shop.db, { brandName: "Aile Boutique" })).toBe(false);
  });

  it("has terms of use with the retractation anchor, in both languages", async () => {
    for (const locale of ["fr_FR", "en_US"]) {
      const terms = await get<Schemas["ContentPage"]>(`/api/v1/platform/terms-of-use?locale=${locale}`);
      expect(terms.sections.map((section) => section.anchor)).toContain("retractation");
    }
  });

  it("finds the landing page of a top category, with featured products that exist", async () => {
    const top = tree[0];
    const response = await shop.request({
      method: "POST",
      url: "/api/v1/afs_marketing_landing/findOne",
      payload: { attrId: "marketing_landing_category", attrValue: top?.path, categoryUp: false },
    });
    expect(response.statusCode, response.body).toBe(200);
    const landing = response.json<Schemas["LandingPage"]>();
    expect(landing.categoryPath).toBe(top?.path);
    expect(landing.featuredProducts.length).toBeGreaterThan(0);
    const featured = await get<Schemas["ProductSummary"][]>(
      `/api/v1/products/references?referenceList=${landing.featuredProducts.join(",")}`,
    );
    expect(featured.map((product) => product.reference)).toEqual(landing.featuredProducts);
  });

  it("falls back to the parent's landing page only when categoryUp is true", async () => {
    const top = tree.find((node) => node.children.length > 0);
    const child = top?.children[0];
    const ask = (categoryUp: boolean) =>
      shop.request({
        method: "POST",
        url: "/api/v1/afs_marketing_landing/findOne?locale=en_US",
        payload: { attrId: "marketing_landing_category", attrValue: child?.path, categoryUp },
      });
    // No landing content of its own: 204 without a body, not an error.
    const none = await ask(false);
    expect(none.statusCode).toBe(204);
    expect(none.body).toBe("");
    const up = await ask(true);
    expect(up.statusCode).toBe(200);
    const english = (await shop.request({ url: "/api/v1/categories?locale=en_US" })).json<Schemas["CategoryNode"][]>();
    expect(up.json<Schemas["LandingPage"]>().categoryPath).toBe(english.find((node) => node.id === top?.id)?.path);
  });

  it("answers 404 for the landing content of a category that does not exist", async () => {
    const response = await shop.request({
      method: "POST",
      url: "/api/v1/afs_marketing_landing/findOne",
      payload: { attrId: "marketing_landing_category", attrValue: "no-such-category/anywhere", categoryUp: true },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, code: "CATEGORY_NOT_FOUND" });
  });

  it("answers 400 naming the field of a bad landing request", async () => {
    const response = await shop.request({
      method: "POST",
      url: "/api/v1/afs_marketing_landing/findOne",
      payload: { attrId: "something_else", attrValue: "x" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<Schemas["Error"]>().fields?.[0]?.field).toBe("attrId");
    const notJson = await shop.request({
      method: "POST",
      url: "/api/v1/afs_marketing_landing/findOne",
      payload: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(notJson.statusCode).toBe(400);
  });
});
