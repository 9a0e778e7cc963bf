// The shell at the widths where it broke: a 768 px tablet (nothing wider than the screen, the
// category bar on one line, the header's buttons inside the screen), a 375 px phone (the bottom
// bar's labels on one line, inside their fifth), and notifications over the cart sidebar (clear
// of its title and close button).
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { MOBILE, openPage } from "./support/browser.ts";
import { allProducts, largestTopCategory, type ProductSummary } from "./support/catalogue.ts";
import { message } from "./support/messages.ts";
import { hidden, visible } from "./support/waits.ts";

const TABLET = { width: 768, height: 1024 } as const;

let categoryPath: string;
let product: ProductSummary;

beforeAll(async () => {
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

describe("on a 768 px tablet", () => {
  it("fits the screen, keeps the categories on one line and the header's buttons inside", async () => {
    for (const path of ["/fr", `/fr/categorie/${categoryPath}`]) {
      const page = await openPage(path, { viewport: TABLET });
      const categories = await visible(page.getByRole("navigation", { name: message("fr", "navigation.categories") }));
      const tops = await categories.getByRole("listitem").evaluateAll((items) => items.filter((item) => item.parentElement?.classList.contains("mega-menu__bar")).map((item) => Math.round(item.getBoundingClientRect().top)));
      expect(tops.length).toBeGreaterThan(1);
      expect(new Set(tops).size, "the category bar is on one line").toBe(1);
      for (const button of [
        page.getByRole("banner").getByRole("button", { name: message("fr", "layout.account") }),
        page.getByRole("banner").getByRole("button", { name: new RegExp(`^${message("fr", "cart.open")}\\b`, "u") }),
      ]) {
        const { x, width } = await box(await visible(button));
        expect(x + width).toBeLessThanOrEqual(TABLET.width);
      }
      await expectNoSidewaysScroll(page);
    }
  });
});

describe("on a 375 px phone", () => {
  it("writes each label of the bottom bar on one line, inside the screen", async () => {
    const page = await openPage("/fr", { viewport: MOBILE });
    const bar = await visible(page.getByRole("navigation", { name: message("fr", "layout.bottomBar") }));
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

describe("notifications over the cart sidebar", () => {
  it("leave the sidebar's title and close button uncovered", async () => {
    const page = await openPage(`/fr/produit/${product.slug}`, { viewport: TABLET });
    await page.getByRole("button", { name: message("fr", "product.addToCart"), exact: true }).click();
    const added = await visible(page.getByRole("dialog", { name: message("fr", "cart.modal.added") }));
    await added.getByRole("button", { name: message("fr", "cart.modal.continue"), exact: true }).click();
    await hidden(added);
    await page.getByRole("banner").getByRole("button", { name: new RegExp(`^${message("fr", "cart.open")}\\b`, "u") }).click();
    const sidebar = await visible(page.getByRole("dialog", { name: message("fr", "cart.title") }));
    await sidebar.getByRole("button", { name: message("fr", "cart.line.increase"), exact: true }).click();
    const notice = await visible(
      page.getByRole("region", { name: message("fr", "notifications.label") }).locator(".notification").filter({ hasText: message("fr", "addToCart.update") }),
    );
    const noticeBox = await box(notice);
    expect(overlap(noticeBox, await box(sidebar.locator(".modal__close")))).toBe(false);
    expect(overlap(noticeBox, await box(sidebar.getByRole("heading", { name: message("fr", "cart.title") })))).toBe(false);
  });
});
