// The first paint the server writes into a page (server/modules/web/first-paint.ts) is the app's
// shell: a browser without scripts shows the same header and consent banner, at the same place,
// as the app once it has run; the app takes over without a frame where they are missing (the
// banner once its code, loaded after the first render, is in), and the banner's buttons work all
// along. A visitor who has decided gets no banner from either.
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { CHROME_ARGS } from "./support/chrome.ts";
import { message } from "./support/messages.ts";
import { hidden, visible } from "./support/waits.ts";
import { MOBILE, DESKTOP } from "./support/browser.ts";
import type { Lang } from "./support/api.ts";

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: inject("chromePath"), args: CHROME_ARGS, headless: true });
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function newContext(options: { javaScriptEnabled: boolean; viewport: { width: number; height: number } }): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: inject("baseUrl"), locale: "fr-FR", ...options });
  contexts.push(context);
  return context;
}

const banner = (page: Page, lang: Lang) => page.getByRole("region", { name: message(lang, "consent.title") });

interface Shell {
  bannerText: string;
  bannerBox: number[];
  textBox: number[];
  buttons: string[];
  logoBox: number[];
  logoName: string;
}

/** What a visitor sees of the shell: the banner's text and buttons, and where the banner and logo are. */
async function shellOf(page: Page, lang: Lang): Promise<Shell> {
  const region = await visible(banner(page, lang));
  const box = async (locator: ReturnType<Page["locator"]>) => {
    const rect = await locator.boundingBox();
    return rect ? [rect.x, rect.y, rect.width, rect.height].map(Math.round) : [];
  };
  const logo = page.locator("header .brand-logo");
  return {
    bannerText: await region.innerText(),
    bannerBox: await box(region),
    textBox: await box(region.locator("p")),
    buttons: await region.getByRole("button").allInnerTexts(),
    logoBox: await box(logo),
    logoName: await logo.getAttribute("href").then(async (href) => `${href} ${await logo.innerText()}`),
  };
}

/** Records, at every frame the browser is about to paint, whether one banner and one logo were there. */
const WATCH_SHELL = `
  window.__shellGaps = [];
  window.__shellFrames = 0;
  requestAnimationFrame(function frame() {
    if (document.body && document.body.children.length > 0) {
      window.__shellFrames += 1;
      const consent = document.querySelectorAll("section.consent").length;
      const logo = document.querySelectorAll("header .brand-logo").length;
      if (consent !== 1 || logo !== 1) window.__shellGaps.push({ frame: window.__shellFrames, consent: consent, logo: logo });
    }
    requestAnimationFrame(frame);
  });
`;

describe("first paint", () => {
  it.each([
    ["fr", "/fr", MOBILE],
    ["en", "/en/gestion-des-cookies", MOBILE],
    ["en", "/en", DESKTOP],
  ] as const)("shows the app's own shell before the script (%s %s, %o), which the app takes over in place", async (lang, path, viewport) => {
    const withoutScript = await (await newContext({ javaScriptEnabled: false, viewport })).newPage();
    await withoutScript.goto(path);
    const painted = await shellOf(withoutScript, lang);
    expect(painted.buttons).toEqual([message(lang, "consent.refuseAll"), message(lang, "consent.choose"), message(lang, "consent.acceptAll")]);
    expect(await withoutScript.locator("html").getAttribute("lang")).toBe(lang);

    const page = await (await newContext({ javaScriptEnabled: true, viewport })).newPage();
    await page.addInitScript(WATCH_SHELL);
    await page.goto(path);
    await page.getByRole("main").waitFor();
    // The server's shell is gone once the app's banner is there (its code loads after the first
    // render; read before, the banner could be either), the app's shell is the painted one, and no
    // frame painted lacked the banner or the logo, or doubled them.
    await page.locator("#first-paint").waitFor({ state: "detached" });
    expect(await shellOf(page, lang)).toEqual(painted);
    expect(await page.evaluate("window.__shellFrames")).toBeGreaterThan(0);
    expect(await page.evaluate("window.__shellGaps")).toEqual([]);

    // The buttons are the app's now.
    await banner(page, lang).getByRole("button", { name: message(lang, "consent.acceptAll"), exact: true }).click();
    await hidden(banner(page, lang));
    expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain("consent");
  });

  it("does what the painted banner's button was pressed for before the app had started", async () => {
    const page = await (await newContext({ javaScriptEnabled: true, viewport: MOBILE })).newPage();
    // The app's script is held back until the visitor has pressed the button.
    let release: () => void = () => undefined;
    const pressed = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await pressed;
      await route.continue();
    });
    await page.goto("/fr");
    await page.locator("#first-paint").getByRole("button", { name: message("fr", "consent.refuseAll"), exact: true }).click();
    expect(await page.getByRole("main").count()).toBe(0);
    release();
    await page.getByRole("main").waitFor();
    await hidden(banner(page, "fr"));
    const consent = (await page.context().cookies()).find((cookie) => cookie.name === "consent");
    expect(JSON.parse(decodeURIComponent(consent?.value ?? "null"))).toEqual(expect.objectContaining({ categories: { maps: false, captcha: false, payment: false } }));
  });

  it("hands the focus on a painted banner's button to the same button of the app's banner", async () => {
    const page = await (await newContext({ javaScriptEnabled: true, viewport: DESKTOP })).newPage();
    // The app's banner is held back until a keyboard user has reached the painted one's button.
    let release: () => void = () => undefined;
    const focused = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/consent-region-[^/]+\.js$/, async (route) => {
      await focused;
      await route.continue();
    });
    await page.goto("/en");
    await page.getByRole("main").waitFor();
    const acceptAll = message("en", "consent.acceptAll");
    await page.locator("#first-paint").getByRole("button", { name: acceptAll, exact: true }).focus();
    release();
    await page.locator("#first-paint").waitFor({ state: "detached" });
    const active = await page.evaluate(() => ({ text: document.activeElement?.textContent, inApp: document.getElementById("root")?.contains(document.activeElement) }));
    expect(active).toEqual({ text: acceptAll, inApp: true });
    await page.keyboard.press("Enter");
    await hidden(banner(page, "en"));
    expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain("consent");
  });

  it("keeps the painted banner, working, when the app's banner cannot be loaded", async () => {
    const page = await (await newContext({ javaScriptEnabled: true, viewport: MOBILE })).newPage();
    const reported = new Promise<void>((resolve) =>
      page.on("console", (entry) => {
        if (entry.text().startsWith("a part of the shop could not be loaded")) resolve();
      }),
    );
    await page.route(/\/assets\/consent-region-[^/]+\.js$/, (route) => route.abort("internetdisconnected"));
    await page.goto("/fr");
    await page.getByRole("main").waitFor();
    await reported;
    const painted = page.locator("#first-paint").getByRole("region", { name: message("fr", "consent.title") });
    await visible(painted);
    // Only the banner is left of the server's shell: the app's header is the one shown.
    expect(await page.locator("header .brand-logo").count()).toBe(1);
    await painted.getByRole("button", { name: message("fr", "consent.refuseAll"), exact: true }).click();
    await hidden(banner(page, "fr"));
    // The focus, on the pressed button, goes to the page's content, as from the app's banner.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
    const consent = (await page.context().cookies()).find((cookie) => cookie.name === "consent");
    expect(JSON.parse(decodeURIComponent(consent?.value ?? "null"))).toMatchObject({ categories: { maps: false, captcha: false } });
  });

  it("paints no banner for a visitor who has decided, with or without the script", async () => {
    const context = await newContext({ javaScriptEnabled: true, viewport: MOBILE });
    const page = await context.newPage();
    await page.goto("/fr");
    await banner(page, "fr").getByRole("button", { name: message("fr", "consent.refuseAll"), exact: true }).click();
    await hidden(banner(page, "fr"));

    const withoutScript = await (await newContext({ javaScriptEnabled: false, viewport: MOBILE })).newPage();
    await withoutScript.context().addCookies(await context.cookies());
    await withoutScript.goto("/fr");
    await visible(withoutScript.locator("header .brand-logo"));
    expect(await withoutScript.locator("section.consent").count()).toBe(0);

    await page.goto("/en");
    await page.getByRole("main").waitFor();
    await visible(page.locator("header .brand-logo"));
    expect(await page.locator("section.consent").count()).toBe(0);
  });
});
