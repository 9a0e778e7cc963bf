// @vitest-environment jsdom
// The "back to top" button of the minimal layouts (SPEC §2, §9): hidden at the top, shown once
// the page has scrolled past 300 px (the position read every 100 ms, on a fake clock here),
// hidden again back up, and a click scrolls to the top.
import { readFileSync } from "node:fs";
import path from "node:path";
import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SCROLL_SAMPLE_MS, ScrollTopButton } from "../../src/shell/scroll-top-button.tsx";

/** The button's French name, as the catalogue has it. */
function frenchText(id: string): string {
  const catalogue = readFileSync(path.resolve(import.meta.dirname, "../../locales/fr/messages.po"), "utf8");
  const text = new RegExp(`^msgid "${id.replaceAll(".", "\\.")}"\\nmsgstr "([^"]+)"`, "m").exec(catalogue)?.[1];
  if (!text) throw new Error(`no French text for ${id}`);
  return text;
}

const label = frenchText("layout.scrollTop");
const i18n = setupI18n({ locale: "fr", messages: { fr: { "layout.scrollTop": [label] } } });

const button = () => screen.queryByRole("button", { name: label });

/** Scrolls the window to `y`; the button reads the position once the sampling period has passed. */
function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, "scrollY", { value: y, configurable: true });
    fireEvent.scroll(window);
    vi.advanceTimersByTime(SCROLL_SAMPLE_MS);
  });
}

describe("the scroll-to-top button", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(window, "scrollY", { value: 0, configurable: true });
    window.matchMedia = vi.fn((query: string) => ({ matches: false, media: query }) as MediaQueryList);
    render(createElement(I18nProvider, { i18n }, createElement(ScrollTopButton)));
  });

  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("appears past 300 px and only then", () => {
    expect(button()).toBeNull();

    scrollTo(300);
    expect(button()).toBeNull();

    scrollTo(301);
    expect(button()).not.toBeNull();

    scrollTo(1_500);
    expect(button()).not.toBeNull();

    scrollTo(120);
    expect(button()).toBeNull();
  });

  it("scrolls the page back to the top when clicked", () => {
    const scroll = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    scrollTo(800);
    const shown = button();
    if (!shown) throw new Error("the button did not appear at 800 px");

    fireEvent.click(shown);
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });
});
