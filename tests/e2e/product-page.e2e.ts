// The product page: the gallery (one picture plainly, several in a slider, a lightbox opened at
// the picture clicked, videos), the choice of a variant, the quantity bounds, the stock messages,
// the related-products slider and the page's title and description.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { shownPrice, type Lang } from "./support/api.ts";
import { openPage } from "./support/browser.ts";
import { brandName, findProduct, simpleProductWithStock, type Product } from "./support/catalogue.ts";
import { message } from "./support/messages.ts";
import { hidden, visible, waitForPath } from "./support/waits.ts";

const productPath = (lang: Lang, slug: string) => `/${lang}/${lang === "fr" ? "produit" : "product"}/${slug}`;

async function openProduct(lang: Lang, product: Product, search = ""): Promise<Page> {
  const page = await openPage(`${productPath(lang, product.slug)}${search}`);
  await visible(page.getByRole("heading", { level: 1, name: product.name }));
  return page;
}

const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((result, [name, value]) => result.replaceAll(`{${name}}`, String(value)), text);

const gallery = (page: Page, lang: Lang, product: Product) =>
  page.getByRole("region", { name: fill(message(lang, "product.gallery.label"), { name: product.name }), exact: true });

/** The pictures of a simple product in gallery order. */
const picturesInOrder = (product: Product) => [...product.pictures].sort((a, b) => a.order - b.order);

/** Whether most of the element lies inside the container's box (a carousel shows it). */
async function shownIn(element: Locator, container: Locator): Promise<boolean> {
  const [box, frame] = await Promise.all([element.boundingBox(), container.boundingBox()]);
  if (!box || !frame) return false;
  const overlap = Math.min(box.x + box.width, frame.x + frame.width) - Math.max(box.x, frame.x);
  return overlap > box.width / 2;
}

/** The text a short HTML fragment shows (tags dropped, the usual entities decoded, spaces collapsed). */
function textOf(html: string): string {
  const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_match, name: string) => entities[name] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

describe("the product gallery", () => {
  it("opens the lightbox at the picture clicked, not at the first one", async () => {
    const product = await findProduct(
      "fr",
      "simple product in stock with three pictures or more",
      (item) => !item.isConfigurable && item.pictures.length >= 3 && (item.offer?.stockQuantity ?? 0) > 5,
    );
    const pictures = picturesInOrder(product);
    const third = pictures[2];
    if (!third) throw new Error("fewer than three pictures");
    const page = await openProduct("fr", product);
    const region = gallery(page, "fr", product);
    const count = pictures.length;

    await region.getByRole("button", { name: fill(message("fr", "product.gallery.goTo"), { index: 3, count }), exact: true }).click();
    const opener = region.getByRole("button", { name: fill(message("fr", "product.gallery.enlarge"), { title: third.title }), exact: true });
    // The other slides are inert: the third one's button is reachable once its slide is shown.
    await opener.click();

    const lightbox = await visible(page.getByRole("dialog"));
    await visible(lightbox.getByText(fill(message("fr", "product.carousel.position"), { index: 3, count }), { exact: true }));
    const viewport = lightbox.locator(".product-lightbox__viewport");
    const image = lightbox.getByRole("img", { name: third.title, exact: true });
    await expect.poll(() => shownIn(image, viewport)).toBe(true);
    const first = pictures[0];
    if (!first) throw new Error("no first picture");
    expect(await shownIn(lightbox.getByRole("img", { name: first.title, exact: true }), viewport)).toBe(false);

    await page.keyboard.press("Escape");
    await hidden(lightbox);
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it("loops: 'previous' on the first picture shows the last one, 'next' on the last shows the first", async () => {
    const product = await findProduct(
      "fr",
      "simple product in stock with three pictures or more",
      (item) => !item.isConfigurable && item.pictures.length >= 3 && (item.offer?.stockQuantity ?? 0) > 5,
    );
    const count = product.pictures.length;
    const page = await openProduct("fr", product);
    const slider = gallery(page, "fr", product).getByRole("region", { name: message("fr", "product.gallery.pictures"), exact: true });
    const slides = slider.getByRole("group");
    const viewport = slider.locator(".product-gallery__viewport");
    /** The 1-based positions of the pictures the viewport shows. */
    const shownPictures = async () => {
      const shown: number[] = [];
      for (let index = 0; index < count; index += 1) if (await shownIn(slides.nth(index), viewport)) shown.push(index + 1);
      return shown;
    };
    const dot = (index: number) => slider.getByRole("button", { name: fill(message("fr", "product.gallery.goTo"), { index, count }), exact: true });
    const previous = slider.getByRole("button", { name: message("fr", "product.gallery.previous"), exact: true });
    const next = slider.getByRole("button", { name: message("fr", "product.gallery.next"), exact: true });

    await visible(slides);
    expect(await slides.count()).toBe(count);
    // The slider has started once embla has positioned its track; until then the arrows do nothing.
    await expect.poll(() => slider.locator(".product-gallery__track").evaluate((track: HTMLElement) => track.style.transform)).not.toBe("");
    expect(await shownPictures()).toEqual([1]);

    await previous.click();
    await expect.poll(shownPictures).toEqual([count]);
    expect(await dot(count).getAttribute("aria-current")).toBe("true");
    expect(await dot(1).getAttribute("aria-current")).toBeNull();

    await next.click();
    await expect.poll(shownPictures).toEqual([1]);
    expect(await dot(1).getAttribute("aria-current")).toBe("true");
    expect(await dot(count).getAttribute("aria-current")).toBeNull();
  });

  it("shows a single picture plainly, without slider controls", async () => {
    const product = await findProduct("fr", "simple product with a single picture", (item) => !item.isConfigurable && item.pictures.length === 1);
    const [only] = product.pictures;
    if (!only) throw new Error("no picture");
    const page = await openProduct("fr", product);
    const region = gallery(page, "fr", product);
    const opener = await visible(region.getByRole("button", { name: fill(message("fr", "product.gallery.enlarge"), { title: only.title }), exact: true }));
    expect(await region.getByRole("region").count()).toBe(0);
    for (const id of ["product.gallery.previous", "product.gallery.next"]) {
      expect(await region.getByRole("button", { name: message("fr", id) }).count()).toBe(0);
    }
    expect(await region.getByRole("button", { name: fill(message("fr", "product.gallery.goTo"), { index: 1, count: 1 }) }).count()).toBe(0);

    await opener.click();
    const lightbox = await visible(page.getByRole("dialog"));
    await visible(lightbox.getByRole("img", { name: only.title, exact: true }));
    expect(await lightbox.getByRole("button", { name: message("fr", "product.gallery.next") }).count()).toBe(0);
    expect(await lightbox.getByText(fill(message("fr", "product.carousel.position"), { index: 1, count: 1 })).count()).toBe(0);
  });

  it("plays a gallery item that is an mp4 video in a video element, in the page and in the lightbox", async () => {
    const product = await findProduct("fr", "product with a video", (item) => item.pictures.some((picture) => picture.url));
    const pictures = picturesInOrder(product);
    const index = pictures.findIndex((picture) => picture.url);
    const videoUrl = pictures[index]?.url ?? "";

    const page = await openProduct("fr", product);
    const region = gallery(page, "fr", product);
    await region.getByRole("button", { name: fill(message("fr", "product.gallery.goTo"), { index: index + 1, count: pictures.length }), exact: true }).click();
    const video = region.locator("video");
    await expect.poll(() => video.count()).toBe(1);
    expect(new URL((await video.getAttribute("src")) ?? "", page.url()).pathname).toBe(videoUrl);
    expect(await video.getAttribute("controls")).not.toBeNull();
    // Only the video's item became a video.
    expect(await region.getByRole("button", { name: fill(message("fr", "product.gallery.enlarge"), { title: pictures[index]?.title ?? "" }) }).count()).toBe(0);
    // It plays: the browser decodes it and its time runs (muted, as a page may start a video without a click).
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0);

    await region.getByRole("button", { name: message("fr", "product.gallery.enlargeVideo"), exact: true }).click();
    const lightbox = await visible(page.getByRole("dialog"));
    await visible(lightbox.getByText(fill(message("fr", "product.carousel.position"), { index: index + 1, count: pictures.length }), { exact: true }));
    expect(await lightbox.locator(`video[src="${videoUrl}"]`).count()).toBe(1);
  });
});

describe("choosing a variant", () => {
  it("changes the reference, price, stock and address to the variant chosen", async () => {
    const product = await findProduct(
      "fr",
      "product with one configurable attribute whose default variant has more than 5 in stock and another 2 to 5",
      (item) =>
        item.configurableAttributes.length === 1 &&
        (item.offer?.stockQuantity ?? 0) > 5 &&
        item.variants.some((variant) => (variant.offer?.stockQuantity ?? 0) >= 2 && (variant.offer?.stockQuantity ?? 0) <= 5),
    );
    const low = product.variants.find((variant) => (variant.offer?.stockQuantity ?? 0) >= 2 && (variant.offer?.stockQuantity ?? 0) <= 5);
    const chosen = low?.selectedAttributes[0];
    const lowOffer = low?.offer;
    if (!low || !chosen || !lowOffer) throw new Error("no low-stock variant");
    const initial = product.variants.find((variant) => variant.offer?.id === product.offer?.id);
    if (!initial) throw new Error("no default variant");

    const page = await openProduct("fr", product);
    const main = page.getByRole("main");
    await visible(main.getByText(fill(message("fr", "product.reference"), { reference: initial.reference }), { exact: true }));
    await visible(main.getByText(message("fr", "product.stock.inStock"), { exact: true }));

    await main.getByRole("radio", { name: chosen.valueLabel, exact: true }).check();
    await waitForPath(page, productPath("fr", product.slug), { search: (params) => params.get("variant") === low.reference });
    await visible(main.getByText(fill(message("fr", "product.reference"), { reference: low.reference }), { exact: true }));
    await visible(main.getByText(fill(message("fr", "product.stock.low"), { count: lowOffer.stockQuantity }), { exact: true }));
    const price = lowOffer.discountPrice?.taxIncluded ?? lowOffer.regularPrice.taxIncluded;
    expect((await main.locator(".product-page__price").innerText()).replace(/\s+/gu, " ")).toContain(shownPrice(price, "fr"));
    expect(await main.getByRole("radio", { name: chosen.valueLabel, exact: true }).isChecked()).toBe(true);

    // The address alone brings the same variant back (a shared link).
    const shared = await openProduct("fr", product, `?variant=${low.reference}`);
    await visible(shared.getByRole("main").getByText(fill(message("fr", "product.reference"), { reference: low.reference }), { exact: true }));
  });
});

describe("the quantity", () => {
  const field = (page: Page) => page.getByRole("main").getByRole("spinbutton", { name: message("fr", "product.quantity.label") });
  const increase = (page: Page) => page.getByRole("main").getByRole("button", { name: message("fr", "product.quantity.increase"), exact: true });
  const decrease = (page: Page) => page.getByRole("main").getByRole("button", { name: message("fr", "product.quantity.decrease"), exact: true });

  it("is capped by the maximal order quantity: more is brought down to it and + is disabled there", async () => {
    const product = await findProduct(
      "fr",
      "simple product with more in stock than its maximal order quantity",
      (item) => !item.isConfigurable && item.offer !== null && item.offer.maximalOrderQuantity !== null && item.offer.stockQuantity > item.offer.maximalOrderQuantity,
    );
    const max = product.offer?.maximalOrderQuantity ?? 0;
    const page = await openProduct("fr", product);
    const input = await visible(field(page));
    expect(await input.inputValue()).toBe("1");
    expect(await decrease(page).isDisabled()).toBe(true);
    await visible(page.getByText(fill(message("fr", "product.quantity.max"), { max }), { exact: true }));

    await input.fill(String(max + 5));
    await input.press("Tab");
    await expect.poll(() => input.inputValue()).toBe(String(max));
    expect(await increase(page).isDisabled()).toBe(true);
    expect(await decrease(page).isEnabled()).toBe(true);

    await input.fill("0");
    await input.press("Enter");
    await expect.poll(() => input.inputValue()).toBe("1");
    expect(await decrease(page).isDisabled()).toBe(true);
  });

  it("steps up to the stock, and refuses to add more typed above it with addToCart.max", async () => {
    const product = await findProduct(
      "fr",
      "simple product with 2 to 5 in stock, below its maximal order quantity",
      (item) =>
        !item.isConfigurable &&
        item.offer !== null &&
        item.offer.stockQuantity >= 2 &&
        item.offer.stockQuantity <= 5 &&
        item.offer.stockQuantity < (item.offer.maximalOrderQuantity ?? Number.POSITIVE_INFINITY),
    );
    const stock = product.offer?.stockQuantity ?? 0;
    const page = await openProduct("fr", product);
    const input = await visible(field(page));
    for (let quantity = 2; quantity <= stock; quantity += 1) {
      await increase(page).click();
      await expect.poll(() => input.inputValue()).toBe(String(quantity));
    }
    expect(await increase(page).isDisabled()).toBe(true);
    // Typed above the stock: kept as asked, and the add is refused with addToCart.max (SPEC §4),
    // never turned silently into the stock.
    await input.fill(String(stock + 10));
    await input.press("Tab");
    await expect.poll(() => input.inputValue()).toBe(String(stock + 10));
    await page.getByRole("button", { name: message("fr", "product.addToCart"), exact: true }).click();
    await visible(page.getByRole("alert").getByText(message("fr", "addToCart.max"), { exact: true }));
  });
});

describe.each(["fr", "en"] as const)("the stock shown in %s", (lang) => {
  it("says the last item is left at 1", async () => {
    const product = await simpleProductWithStock(lang, "with exactly 1 in stock", (stock) => stock === 1);
    const page = await openProduct(lang, product);
    await visible(page.getByRole("main").getByText(message(lang, "product.stock.lastItem"), { exact: true }));
  });

  it("says how many are left from 2 to 5", async () => {
    const product = await simpleProductWithStock(lang, "with 2 to 5 in stock", (stock) => stock >= 2 && stock <= 5);
    const page = await openProduct(lang, product);
    await visible(page.getByRole("main").getByText(fill(message(lang, "product.stock.low"), { count: product.offer?.stockQuantity ?? 0 }), { exact: true }));
  });

  it("says in stock above 5", async () => {
    const product = await simpleProductWithStock(lang, "with more than 5 in stock", (stock) => stock > 5);
    const page = await openProduct(lang, product);
    const main = page.getByRole("main");
    await visible(main.getByText(message(lang, "product.stock.inStock"), { exact: true }));
    await visible(main.getByRole("button", { name: message(lang, "product.addToCart"), exact: true }));
  });

  it("says out of stock at 0 and offers the restock alert instead of the quantity", async () => {
    const product = await simpleProductWithStock(lang, "out of stock", (stock) => stock <= 0);
    const page = await openProduct(lang, product);
    const main = page.getByRole("main");
    await visible(main.getByText(message(lang, "product.stock.outOfStock"), { exact: true }));
    const form = await visible(main.getByRole("form", { name: message(lang, "product.stockAlert.title") }));
    await visible(form.getByRole("textbox", { name: message(lang, "product.stockAlert.email") }));
    await visible(form.getByRole("button", { name: message(lang, "product.stockAlert.submit"), exact: true }));
    expect(await main.getByRole("spinbutton", { name: message(lang, "product.quantity.label") }).count()).toBe(0);
    expect(await main.getByRole("button", { name: message(lang, "product.addToCart"), exact: true }).count()).toBe(0);
  });
});

describe("the related products", () => {
  it("show one product per view, the next one after the arrow", async () => {
    const product = await findProduct("fr", "simple product in stock", (item) => !item.isConfigurable && (item.offer?.stockQuantity ?? 0) > 5);
    const page = await openProduct("fr", product);
    const region = page.getByRole("region", { name: message("fr", "product.related.title"), exact: true });
    await region.scrollIntoViewIfNeeded();
    const slides = region.getByRole("group");
    await visible(slides);
    const count = await slides.count();
    expect(count).toBeGreaterThan(1);
    const viewport = region.locator(".related-products__viewport");
    const shownSlides = async () => {
      const shown: number[] = [];
      for (let index = 0; index < count; index += 1) if (await shownIn(slides.nth(index), viewport)) shown.push(index);
      return shown;
    };
    // A dot per product: each view holds one.
    await expect.poll(() => region.getByRole("button", { name: new RegExp(fill(message("fr", "product.related.goTo"), { index: "\\d+", count })) }).count()).toBe(count);
    expect(await shownSlides()).toEqual([0]);

    await region.getByRole("button", { name: message("fr", "product.related.next"), exact: true }).click();
    await expect.poll(shownSlides).toEqual([1]);
  });
});

describe.each(["fr", "en"] as const)("the product page's title and description in %s", (lang) => {
  it("are the product's name with the shop's, and the start of its description", async () => {
    const product = await simpleProductWithStock(lang, "in stock", (stock) => stock > 5);
    const page = await openProduct(lang, product);
    const title = `${product.name} – ${await brandName()}`;
    await expect.poll(() => page.title()).toBe(title);
    const description = (await page.locator('meta[name="description"]').getAttribute("content")) ?? "";
    expect(description.length).toBeGreaterThan(20);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(textOf(product.description).startsWith(description.replace(/…$/, ""))).toBe(true);
  });
});
