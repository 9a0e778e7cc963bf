// The product page: the gallery (one picture plainly, several in a slider, a lightbox opened at
// the picture clicked, videos), the choice of a variant, the quantity bounds, the stock messages,
// the related-products slider and the page's title and description.
import { shownPrice, type Lang } from "./support/api.ts";
import { brandName, findProduct, simpleProductWithStock, type Product } from "./support/catalogue.ts";
import { expect, test, type Locator, type OpenPage, type Page } from "./support/fixtures.ts";
import { message } from "./support/messages.ts";
import { atPath } from "./support/waits.ts";

const productPath = (lang: Lang, slug: string) => `/${lang}/${lang === "fr" ? "produit" : "product"}/${slug}`;

async function openProduct(openPage: OpenPage, lang: Lang, product: Product, search = ""): Promise<Page> {
  const page = await openPage(`${productPath(lang, product.slug)}${search}`);
  await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
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

test.describe("the product gallery", () => {
  test("opens the lightbox at the picture clicked, not at the first one", async ({ openPage }) => {
    const product = await findProduct(
      "fr",
      "simple product in stock with three pictures or more",
      (item) => !item.isConfigurable && item.pictures.length >= 3 && (item.offer?.stockQuantity ?? 0) > 5,
    );
    const pictures = picturesInOrder(product);
    const third = pictures[2];
    if (!third) throw new Error("fewer than three pictures");
    const page = await openProduct(openPage, "fr", product);
    const region = gallery(page, "fr", product);
    const count = pictures.length;

    await region.getByRole("button", { name: fill(message("fr", "product.gallery.goTo"), { index: 3, count }), exact: true }).click();
    const opener = region.getByRole("button", { name: fill(message("fr", "product.gallery.enlarge"), { title: third.title }), exact: true });
    // The other slides are inert: the third one's button is reachable once its slide is shown.
    await opener.click();

    const lightbox = page.getByRole("dialog");
    await expect(lightbox).toBeVisible();
    await expect(lightbox.getByText(fill(message("fr", "product.carousel.position"), { index: 3, count }), { exact: true })).toBeVisible();
    const viewport = lightbox.locator(".product-lightbox__viewport");
    const image = lightbox.getByRole("img", { name: third.title, exact: true });
    await expect.poll(() => shownIn(image, viewport)).toBe(true);
    const first = pictures[0];
    if (!first) throw new Error("no first picture");
    await expect.poll(() => shownIn(lightbox.getByRole("img", { name: first.title, exact: true }), viewport)).toBe(false);

    await page.keyboard.press("Escape");
    await expect(lightbox).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("loops: 'previous' on the first picture shows the last one, 'next' on the last shows the first", async ({ openPage }) => {
    const product = await findProduct(
      "fr",
      "simple product in stock with three pictures or more",
      (item) => !item.isConfigurable && item.pictures.length >= 3 && (item.offer?.stockQuantity ?? 0) > 5,
    );
    const count = product.pictures.length;
    const page = await openProduct(openPage, "fr", product);
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

    await expect(slides.first()).toBeVisible();
    await expect(slides).toHaveCount(count);
    // The slider has started once embla has positioned its track; until then the arrows do nothing.
    await expect.poll(() => slider.locator(".product-gallery__track").evaluate((track: HTMLElement) => track.style.transform)).not.toBe("");
    await expect.poll(shownPictures).toEqual([1]);

    await previous.click();
    await expect.poll(shownPictures).toEqual([count]);
    await expect(dot(count)).toHaveAttribute("aria-current", "true");
    await expect(dot(1)).not.toHaveAttribute("aria-current");

    await next.click();
    await expect.poll(shownPictures).toEqual([1]);
    await expect(dot(1)).toHaveAttribute("aria-current", "true");
    await expect(dot(count)).not.toHaveAttribute("aria-current");
  });

  test("shows a single picture plainly, without slider controls", async ({ openPage }) => {
    const product = await findProduct("fr", "simple product with a single picture", (item) => !item.isConfigurable && item.pictures.length === 1);
    const [only] = product.pictures;
    if (!only) throw new Error("no picture");
    const page = await openProduct(openPage, "fr", product);
    const region = gallery(page, "fr", product);
    const opener = region.getByRole("button", { name: fill(message("fr", "product.gallery.enlarge"), { title: only.title }), exact: true });
    await expect(opener).toBeVisible();
    await expect(region.getByRole("region")).toHaveCount(0);
    for (const id of ["product.gallery.previous", "product.gallery.next"]) {
      await expect(region.getByRole("button", { name: message("fr", id) })).toHaveCount(0);
    }
    await expect(region.getByRole("button", { name: fill(message("fr", "product.gallery.goTo"), { index: 1, count: 1 }) })).toHaveCount(0);

    await opener.click();
    const lightbox = page.getByRole("dialog");
    await expect(lightbox).toBeVisible();
    await expect(lightbox.getByRole("img", { name: only.title, exact: true })).toBeVisible();
    await expect(lightbox.getByRole("button", { name: message("fr", "product.gallery.next") })).toHaveCount(0);
    await expect(lightbox.getByText(fill(message("fr", "product.carousel.position"), { index: 1, count: 1 }))).toHaveCount(0);
  });

  test("plays a gallery item that is an mp4 video in a video element, in the page and in the lightbox", async ({ openPage }) => {
    const product = await findProduct("fr", "product with a video", (item) => item.pictures.some((picture) => picture.url));
    const pictures = picturesInOrder(product);
    const index = pictures.findIndex((picture) => picture.url);
    const videoUrl = pictures[index]?.url ?? "";

    const page = await openProduct(openPage, "fr", product);
    const region = gallery(page, "fr", product);
    await region.getByRole("button", { name: fill(message("fr", "product.gallery.goTo"), { index: index + 1, count: pictures.length }), exact: true }).click();
    const video = region.locator("video");
    await expect(video).toHaveCount(1);
    await expect.poll(async () => new URL((await video.getAttribute("src")) ?? "", page.url()).pathname).toBe(videoUrl);
    await expect(video).toHaveAttribute("controls");
    // Only the video's item became a video.
    await expect(region.getByRole("button", { name: fill(message("fr", "product.gallery.enlarge"), { title: pictures[index]?.title ?? "" }) })).toHaveCount(0);
    // It plays: the browser decodes it and its time runs (muted, as a page may start a video without a click).
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0);

    await region.getByRole("button", { name: message("fr", "product.gallery.enlargeVideo"), exact: true }).click();
    const lightbox = page.getByRole("dialog");
    await expect(lightbox).toBeVisible();
    await expect(lightbox.getByText(fill(message("fr", "product.carousel.position"), { index: index + 1, count: pictures.length }), { exact: true })).toBeVisible();
    await expect(lightbox.locator(`video[src="${videoUrl}"]`)).toHaveCount(1);
  });
});

test.describe("choosing a variant", () => {
  test("changes the reference, price, stock and address to the variant chosen", async ({ openPage }) => {
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

    const page = await openProduct(openPage, "fr", product);
    const main = page.getByRole("main");
    await expect(main.getByText(fill(message("fr", "product.reference"), { reference: initial.reference }), { exact: true })).toBeVisible();
    await expect(main.getByText(message("fr", "product.stock.inStock"), { exact: true })).toBeVisible();

    await main.getByRole("radio", { name: chosen.valueLabel, exact: true }).check();
    await expect(page).toHaveURL(atPath(productPath("fr", product.slug), { search: (params) => params.get("variant") === low.reference }));
    await expect(main.getByText(fill(message("fr", "product.reference"), { reference: low.reference }), { exact: true })).toBeVisible();
    await expect(main.getByText(fill(message("fr", "product.stock.low"), { count: lowOffer.stockQuantity }), { exact: true })).toBeVisible();
    const price = lowOffer.discountPrice?.taxIncluded ?? lowOffer.regularPrice.taxIncluded;
    await expect(main.locator(".product-page__price")).toContainText(shownPrice(price, "fr"), { useInnerText: true });
    await expect(main.getByRole("radio", { name: chosen.valueLabel, exact: true })).toBeChecked();

    // The address alone brings the same variant back (a shared link).
    const shared = await openProduct(openPage, "fr", product, `?variant=${low.reference}`);
    await expect(shared.getByRole("main").getByText(fill(message("fr", "product.reference"), { reference: low.reference }), { exact: true })).toBeVisible();
  });
});

test.describe("the quantity", () => {
  const field = (page: Page) => page.getByRole("main").getByRole("spinbutton", { name: message("fr", "product.quantity.label") });
  const increase = (page: Page) => page.getByRole("main").getByRole("button", { name: message("fr", "product.quantity.increase"), exact: true });
  const decrease = (page: Page) => page.getByRole("main").getByRole("button", { name: message("fr", "product.quantity.decrease"), exact: true });

  test("is capped by the maximal order quantity: more is brought down to it and + is disabled there", async ({ openPage }) => {
    const product = await findProduct(
      "fr",
      "simple product with more in stock than its maximal order quantity",
      (item) => !item.isConfigurable && item.offer !== null && item.offer.maximalOrderQuantity !== null && item.offer.stockQuantity > item.offer.maximalOrderQuantity,
    );
    const max = product.offer?.maximalOrderQuantity ?? 0;
    const page = await openProduct(openPage, "fr", product);
    const input = field(page);
    await expect(input).toBeVisible();
    await expect(input).toHaveValue("1");
    await expect(decrease(page)).toBeDisabled();
    await expect(page.getByText(fill(message("fr", "product.quantity.max"), { max }), { exact: true })).toBeVisible();

    await input.fill(String(max + 5));
    await input.press("Tab");
    await expect(input).toHaveValue(String(max));
    await expect(increase(page)).toBeDisabled();
    await expect(decrease(page)).toBeEnabled();

    await input.fill("0");
    await input.press("Enter");
    await expect(input).toHaveValue("1");
    await expect(decrease(page)).toBeDisabled();
  });

  test("steps up to the stock, and refuses to add more typed above it with addToCart.max", async ({ openPage }) => {
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
    const page = await openProduct(openPage, "fr", product);
    const input = field(page);
    await expect(input).toBeVisible();
    for (let quantity = 2; quantity <= stock; quantity += 1) {
      await increase(page).click();
      await expect(input).toHaveValue(String(quantity));
    }
    await expect(increase(page)).toBeDisabled();
    // Typed above the stock: kept as asked, and the add is refused with addToCart.max (SPEC §4),
    // never turned silently into the stock.
    await input.fill(String(stock + 10));
    await input.press("Tab");
    await expect(input).toHaveValue(String(stock + 10));
    await page.getByRole("button", { name: message("fr", "product.addToCart"), exact: true }).click();
    await expect(page.getByRole("alert").getByText(message("fr", "addToCart.max"), { exact: true })).toBeVisible();
  });
});

for (const lang of ["fr", "en"] as const) {
  test.describe(`the stock shown in ${lang}`, () => {
    test("says the last item is left at 1", async ({ openPage }) => {
      const product = await simpleProductWithStock(lang, "with exactly 1 in stock", (stock) => stock === 1);
      const page = await openProduct(openPage, lang, product);
      await expect(page.getByRole("main").getByText(message(lang, "product.stock.lastItem"), { exact: true })).toBeVisible();
    });

    test("says how many are left from 2 to 5", async ({ openPage }) => {
      const product = await simpleProductWithStock(lang, "with 2 to 5 in stock", (stock) => stock >= 2 && stock <= 5);
      const page = await openProduct(openPage, lang, product);
      await expect(page.getByRole("main").getByText(fill(message(lang, "product.stock.low"), { count: product.offer?.stockQuantity ?? 0 }), { exact: true })).toBeVisible();
    });

    test("says in stock above 5", async ({ openPage }) => {
      const product = await simpleProductWithStock(lang, "with more than 5 in stock", (stock) => stock > 5);
      const page = await openProduct(openPage, lang, product);
      const main = page.getByRole("main");
      await expect(main.getByText(message(lang, "product.stock.inStock"), { exact: true })).toBeVisible();
      await expect(main.getByRole("button", { name: message(lang, "product.addToCart"), exact: true })).toBeVisible();
    });

    test("says out of stock at 0 and offers the restock alert instead of the quantity", async ({ openPage }) => {
      const product = await simpleProductWithStock(lang, "out of stock", (stock) => stock <= 0);
      const page = await openProduct(openPage, lang, product);
      const main = page.getByRole("main");
      await expect(main.getByText(message(lang, "product.stock.outOfStock"), { exact: true })).toBeVisible();
      const form = main.getByRole("form", { name: message(lang, "product.stockAlert.title") });
      await expect(form).toBeVisible();
      await expect(form.getByRole("textbox", { name: message(lang, "product.stockAlert.email") })).toBeVisible();
      await expect(form.getByRole("button", { name: message(lang, "product.stockAlert.submit"), exact: true })).toBeVisible();
      await expect(main.getByRole("spinbutton", { name: message(lang, "product.quantity.label") })).toHaveCount(0);
      await expect(main.getByRole("button", { name: message(lang, "product.addToCart"), exact: true })).toHaveCount(0);
    });
  });
}

test.describe("the related products", () => {
  test("show one product per view, the next one after the arrow", async ({ openPage }) => {
    const product = await findProduct("fr", "simple product in stock", (item) => !item.isConfigurable && (item.offer?.stockQuantity ?? 0) > 5);
    const page = await openProduct(openPage, "fr", product);
    const region = page.getByRole("region", { name: message("fr", "product.related.title"), exact: true });
    await region.scrollIntoViewIfNeeded();
    const slides = region.getByRole("group");
    await expect(slides.first()).toBeVisible();
    const count = await slides.count();
    expect(count).toBeGreaterThan(1);
    const viewport = region.locator(".related-products__viewport");
    const shownSlides = async () => {
      const shown: number[] = [];
      for (let index = 0; index < count; index += 1) if (await shownIn(slides.nth(index), viewport)) shown.push(index);
      return shown;
    };
    // A dot per product: each view holds one.
    await expect(region.getByRole("button", { name: new RegExp(fill(message("fr", "product.related.goTo"), { index: "\\d+", count })) })).toHaveCount(count);
    await expect.poll(shownSlides).toEqual([0]);

    await region.getByRole("button", { name: message("fr", "product.related.next"), exact: true }).click();
    await expect.poll(shownSlides).toEqual([1]);
  });
});

for (const lang of ["fr", "en"] as const) {
  test.describe(`the product page's title and description in ${lang}`, () => {
    test("are the product's name with the shop's, and the start of its description", async ({ openPage }) => {
      const product = await simpleProductWithStock(lang, "in stock", (stock) => stock > 5);
      const page = await openProduct(openPage, lang, product);
      const title = `${product.name} – ${await brandName()}`;
      await expect(page).toHaveTitle(title);
      const description = (await page.locator('meta[name="description"]').getAttribute("content")) ?? "";
      expect(description.length).toBeGreaterThan(20);
      expect(description.length).toBeLessThanOrEqual(160);
      expect(textOf(product.description).startsWith(description.replace(/…$/, ""))).toBe(true);
    });
  });
}
