// The first paint the server writes into a page (server/modules/web/first-paint.ts) is the app's
// shell: a browser without scripts shows the same header and consent banner, at the same place,
// as the app once it has run; the app takes over without a frame where they are missing (the
// banner once its code, loaded after the first render, is in), and the banner's buttons work all
// along. A visitor who has decided gets no banner from either.
import type { Lang } from "./support/api.ts";
import { DESKTOP, expect, MOBILE, test as shopTest, type BrowserContext, type Locator, type Page } from "./support/fixtures.ts";
import { message } from "./support/messages.ts";
import { chunkOf } from "./support/chunks.ts";

interface ContextOptions {
  javaScriptEnabled: boolean;
  viewport: { width: number; height: number };
}

const test = shopTest.extend<{
  /** A context of its own (with or without scripts), closed after the test. */
  newContext: (options: ContextOptions) => Promise<BrowserContext>;
}>({
  newContext: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options) => {
      const context = await browser.newContext({ locale: "fr-FR", ...options });
      contexts.push(context);
      return context;
    });
    for (const context of contexts) await context.close();
  },
});

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
  const region = banner(page, lang);
  await expect(region).toBeVisible();
  const box = async (locator: Locator) => {
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

/** A window size as these tests' titles have always written it (`{ width: 375, height: 812 }`). */
const sizeName = ({ width, height }: { width: number; height: number }) => `{ width: ${width}, height: ${height} }`;

test.describe("first paint", () => {
  for (const [lang, path, viewport] of [
    ["fr", "/fr", MOBILE],
    ["en", "/en/gestion-des-cookies", MOBILE],
    ["en", "/en", DESKTOP],
  ] as const) {
    test(`shows the app's own shell before the script (${lang} ${path}, ${sizeName(viewport)}), which the app takes over in place`, async ({ newContext }) => {
      const withoutScript = await (await newContext({ javaScriptEnabled: false, viewport })).newPage();
      await withoutScript.goto(path);
      const painted = await shellOf(withoutScript, lang);
      expect(painted.buttons).toEqual([message(lang, "consent.refuseAll"), message(lang, "consent.choose"), message(lang, "consent.acceptAll")]);
      await expect(withoutScript.locator("html")).toHaveAttribute("lang", lang);

      const page = await (await newContext({ javaScriptEnabled: true, viewport })).newPage();
      await page.addInitScript(WATCH_SHELL);
      await page.goto(path);
      await expect(page.getByRole("main")).toBeVisible();
      // The server's shell is gone once the app's banner is there (its code loads after the first
      // render; read before, the banner could be either), the app's shell is the painted one, and no
      // frame painted lacked the banner or the logo, or doubled them.
      await expect(page.locator("#first-paint")).not.toBeAttached();
      expect(await shellOf(page, lang)).toEqual(painted);
      expect(await page.evaluate("window.__shellFrames")).toBeGreaterThan(0);
      expect(await page.evaluate("window.__shellGaps")).toEqual([]);

      // The buttons are the app's now.
      await banner(page, lang).getByRole("button", { name: message(lang, "consent.acceptAll"), exact: true }).click();
      await expect(banner(page, lang)).toBeHidden();
      await expect.poll(async () => (await page.context().cookies()).map((cookie) => cookie.name)).toContain("consent");
    });
  }

  test("does what the painted banner's button was pressed for before the app had started", async ({ newContext }) => {
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
    // The app has not started: its script is held back until the button was pressed.
    await expect(page.getByRole("main")).toHaveCount(0);
    release();
    await expect(page.getByRole("main")).toBeVisible();
    await expect(banner(page, "fr")).toBeHidden();
    const consent = (await page.context().cookies()).find((cookie) => cookie.name === "consent");
    expect(JSON.parse(decodeURIComponent(consent?.value ?? "null"))).toEqual(expect.objectContaining({ categories: { maps: false, captcha: false, payment: false } }));
  });

  test("hands the focus on a painted banner's button to the same button of the app's banner", async ({ newContext }) => {
    const page = await (await newContext({ javaScriptEnabled: true, viewport: DESKTOP })).newPage();
    // The app's banner is held back until a keyboard user has reached the painted one's button.
    let release: () => void = () => undefined;
    const focused = new Promise<void>((resolve) => (release = resolve));
    await page.route(chunkOf("src/features/consent/consent-region.tsx"), async (route) => {
      await focused;
      await route.continue();
    });
    await page.goto("/en");
    await expect(page.getByRole("main")).toBeVisible();
    const acceptAll = message("en", "consent.acceptAll");
    await page.locator("#first-paint").getByRole("button", { name: acceptAll, exact: true }).focus();
    release();
    await expect(page.locator("#first-paint")).not.toBeAttached();
    const active = await page.evaluate(() => ({ text: document.activeElement?.textContent, inApp: document.getElementById("root")?.contains(document.activeElement) }));
    expect(active).toEqual({ text: acceptAll, inApp: true });
    await page.keyboard.press("Enter");
    await expect(banner(page, "en")).toBeHidden();
    await expect.poll(async () => (await page.context().cookies()).map((cookie) => cookie.name)).toContain("consent");
  });

  test("ends a press begun on a painted banner's button on the same button of the app's banner, which took its place meanwhile", async ({ newContext }) => {
    const page = await (await newContext({ javaScriptEnabled: true, viewport: MOBILE })).newPage();
    // The app's banner is held back until the mouse button is down on the painted one's button.
    let release: () => void = () => undefined;
    const pressed = new Promise<void>((resolve) => (release = resolve));
    await page.route(chunkOf("src/features/consent/consent-region.tsx"), async (route) => {
      await pressed;
      await route.continue();
    });
    await page.goto("/fr");
    await expect(page.getByRole("main")).toBeVisible();
    await page.locator("#first-paint").getByRole("button", { name: message("fr", "consent.refuseAll"), exact: true }).hover();
    await page.mouse.down();
    release();
    // The app's banner is in the painted one's place before the mouse button comes up.
    await expect(page.locator("#first-paint")).not.toBeAttached();
    await page.mouse.up();
    await expect(banner(page, "fr")).toBeHidden();
    const consent = (await page.context().cookies()).find((cookie) => cookie.name === "consent");
    expect(JSON.parse(decodeURIComponent(consent?.value ?? "null"))).toMatchObject({ categories: { maps: false, captcha: false, payment: false } });
  });

  test("keeps the painted banner, working, when the app's banner cannot be loaded", async ({ newContext }) => {
    const page = await (await newContext({ javaScriptEnabled: true, viewport: MOBILE })).newPage();
    const reported = new Promise<void>((resolve) =>
      page.on("console", (entry) => {
        if (entry.text().startsWith("a part of the shop could not be loaded")) resolve();
      }),
    );
    await page.route(chunkOf("src/features/consent/consent-region.tsx"), (route) => route.abort("internetdisconnected"));
    await page.goto("/fr");
    await expect(page.getByRole("main")).toBeVisible();
    await reported;
    const painted = page.locator("#first-paint").getByRole("region", { name: message("fr", "consent.title") });
    await expect(painted).toBeVisible();
    // Only the banner is left of the server's shell: the app's header is the one shown.
    await expect(page.locator("header .brand-logo")).toHaveCount(1);
    await painted.getByRole("button", { name: message("fr", "consent.refuseAll"), exact: true }).click();
    await expect(banner(page, "fr")).toBeHidden();
    // The focus, on the pressed button, goes to the page's content, as from the app's banner.
    await expect(page.locator("#main")).toBeFocused();
    const consent = (await page.context().cookies()).find((cookie) => cookie.name === "consent");
    expect(JSON.parse(decodeURIComponent(consent?.value ?? "null"))).toMatchObject({ categories: { maps: false, captcha: false } });
  });

  test("paints no banner for a visitor who has decided, with or without the script", async ({ newContext }) => {
    const context = await newContext({ javaScriptEnabled: true, viewport: MOBILE });
    const page = await context.newPage();
    await page.goto("/fr");
    await banner(page, "fr").getByRole("button", { name: message("fr", "consent.refuseAll"), exact: true }).click();
    await expect(banner(page, "fr")).toBeHidden();

    const withoutScript = await (await newContext({ javaScriptEnabled: false, viewport: MOBILE })).newPage();
    await withoutScript.context().addCookies(await context.cookies());
    await withoutScript.goto("/fr");
    await expect(withoutScript.locator("header .brand-logo")).toBeVisible();
    await expect(withoutScript.locator("section.consent")).toHaveCount(0);

    await page.goto("/en");
    await expect(page.getByRole("main")).toBeVisible();
    await expect(page.locator("header .brand-logo")).toBeVisible();
    await expect(page.locator("section.consent")).toHaveCount(0);
  });
});
