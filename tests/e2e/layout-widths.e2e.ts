// The shell at the widths where it broke: a 768 px tablet (nothing wider than the screen, the
// category bar on one line, the header's buttons inside the screen), a 375 px phone (the bottom
// bar's labels on one line, inside their fifth), and notifications over the cart sidebar (clear
// of its title and close button).
import { allProducts, largestTopCategory, type ProductSummary } from "./support/catalogue.ts";
import { expect, MOBILE, test, type Locator, type Page } from "./support/fixtures.ts";
import { message } from "./support/messages.ts";

const TABLET = { width: 768, height: 1024 } as const;

let categoryPath: string;
let product: ProductSummary;

test.beforeAll(async () => {
  categoryPath = (await largestTopCategory("fr")).node.path;
  const found = (await allProducts("fr")).find(
    (item) => !item.isConfigurable && item.variantCount <= 1 && item.offer !== null && item.offer.stockQuantity >= 5 && item.offer.minimalOrderQuantity <= 1,
  );
  if (!found) throw new Error("the demo catalogue has no simple product with 5 in stock");
  product = found;
});

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
  expect(widths.content, `the page is ${widths.content} px wide on a ${widths.screen} px screen`).toBeLessThanOrEqual(widths.screen);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator.toString()} has no box`);
  return found;
}

const overlap = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe("on a 768 px tablet", () => {
  test("fits the screen, keeps the categories on one line and the header's buttons inside", async ({ openPage }) => {
    for (const path of ["/fr", `/fr/categorie/${categoryPath}`]) {
      const page = await openPage(path, { viewport: TABLET });
      const categories = page.getByRole("navigation", { name: message("fr", "navigation.categories") });
      await expect(categories).toBeVisible();
      const tops = await categories
        .getByRole("listitem")
        .evaluateAll((items) => items.filter((item) => item.parentElement?.classList.contains("mega-menu__bar")).map((item) => Math.round(item.getBoundingClientRect().top)));
      expect(tops.length).toBeGreaterThan(1);
      expect(new Set(tops).size, "the category bar is on one line").toBe(1);
      for (const button of [
        page.getByRole("banner").getByRole("button", { name: message("fr", "layout.account") }),
        page.getByRole("banner").getByRole("button", { name: new RegExp(`^${message("fr", "cart.open")}\\b`, "u") }),
      ]) {
        await expect(button).toBeVisible();
        const { x, width } = await box(button);
        expect(x + width).toBeLessThanOrEqual(TABLET.width);
      }
      await expectNoSidewaysScroll(page);
    }
  });
});

test.describe("on a 375 px phone", () => {
  test("writes each label of the bottom bar on one line, inside the screen", async ({ openPage }) => {
    const page = await openPage("/fr", { viewport: MOBILE });
    const bar = page.getByRole("navigation", { name: message("fr", "layout.bottomBar") });
    await expect(bar).toBeVisible();
    const labels = await bar.locator(".bottom-bar__label").evaluateAll((spans) =>
      spans.map((span) => {
        const item = span.closest(".bottom-bar__item")?.getBoundingClientRect();
        const lines = span.getClientRects();
        const text = span.getBoundingClientRect();
        return { name: span.textContent ?? "", lines: lines.length, left: text.left, right: text.right, itemLeft: item?.left ?? 0, itemRight: item?.right ?? 0 };
      }),
    );
    expect(labels.map((label) => label.name)).toContain(message("fr", "layout.account"));
    for (const label of labels) {
      expect(label.lines, `${label.name} on one line`).toBe(1);
      expect(label.right, label.name).toBeLessThanOrEqual(Math.min(label.itemRight, MOBILE.width));
      expect(label.left, label.name).toBeGreaterThanOrEqual(label.itemLeft);
    }
  });
});

test.describe("notifications over the cart sidebar", () => {
  test("leave the sidebar's title and close button uncovered", async ({ openPage }) => {
    const page = await openPage(`/fr/produit/${product.slug}`, { viewport: TABLET });
    await page.getByRole("button", { name: message("fr", "product.addToCart"), exact: true }).click();
    const added = page.getByRole("dialog", { name: message("fr", "cart.modal.added") });
    await expect(added).toBeVisible();
    await added.getByRole("button", { name: message("fr", "cart.modal.continue"), exact: true }).click();
    await expect(added).toBeHidden();
    await page.getByRole("banner").getByRole("button", { name: new RegExp(`^${message("fr", "cart.open")}\\b`, "u") }).click();
    const sidebar = page.getByRole("dialog", { name: message("fr", "cart.title") });
    await expect(sidebar).toBeVisible();
    await sidebar.getByRole("button", { name: message("fr", "cart.line.increase"), exact: true }).click();
    const notice = page
      .getByRole("region", { name: message("fr", "notifications.label") })
      .locator(".notification")
      .filter({ hasText: message("fr", "addToCart.update") })
      .first();
    await expect(notice).toBeVisible();
    const noticeBox = await box(notice);
    expect(overlap(noticeBox, await box(sidebar.locator(".modal__close")))).toBe(false);
    expect(overlap(noticeBox, await box(sidebar.getByRole("heading", { name: message("fr", "cart.title") })))).toBe(false);
  });
});
