// The server serves the built SPA with a history fallback, and its runtime configuration.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TEST_TOKEN, type TestApp } from "../support/test-app.ts";
import { consentCookie } from "../../common/consent-cookie.ts";
import { DEFAULT_SOCIAL_LINKS } from "../../server/config.ts";

let webRoot: string;

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), "escale-web-"));
  await mkdir(path.join(webRoot, "assets"));
  await mkdir(path.join(webRoot, ".vite"));
  // As the build writes it: the entry script and the modules it imports, asked for in the head.
  await writeFile(
    path.join(webRoot, "index.html"),
    '<!doctype html><html lang="fr"><head><title>shop</title><script type="module" crossorigin src="/assets/app-1234.js"></script>\n' +
      '<link rel="modulepreload" crossorigin href="/assets/react-5678.js">\n</head><body><div id=root></div></body></html>',
  );
  await writeFile(path.join(webRoot, "assets", "app-1234.js"), "console.log('shop')");
  // The build's manifest names each language's message catalogue.
  await writeFile(
    path.join(webRoot, ".vite", "manifest.json"),
    JSON.stringify({
      "locales/fr/messages.po": { file: "assets/messages-fr01.js", isDynamicEntry: true },
      "locales/en/messages.po": { file: "assets/messages-en01.js", isDynamicEntry: true },
      "index.html": { file: "assets/app-1234.js", isEntry: true },
    }),
  );
});
afterAll(async () => {
  await rm(webRoot, { recursive: true, force: true });
});

describe("serving the shop", () => {
  let shop: TestApp;

  beforeAll(async () => {
    shop = await startTestApp({ name: "pglite", url: null }, { seed: false, app: { webRoot }, env: { BRAND_NAME: "Aile </script><b>" } });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("answers the app for any page address, in either language or none", async () => {
    for (const url of ["/", "/fr", "/en/product/mug?variant=X", "/produit/mug", "/fr/categorie/a/b/c"]) {
      const response = await shop.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.body).toContain('<div id=root>');
    }
  });

  it("serves built assets for a year and keeps JSON 404s for the API, media and missing files", async () => {
    const asset = await shop.app.inject({ url: "/assets/app-1234.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
    for (const url of ["/api/v1/nope", "/media/nope", "/assets/missing.js", "/favicon-missing.png"]) {
      const response = await shop.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ status: 404, code: "NO_ROUTE" });
    }
    expect((await shop.app.inject({ method: "POST", url: "/fr/produit/mug" })).statusCode).toBe(404);
  });

  it("gives the app its runtime configuration", async () => {
    const response = await shop.app.inject({ url: "/runtime-config.json" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const config = response.json();
    expect(config).toMatchObject({ storefrontToken: TEST_TOKEN, brandName: "Aile </script><b>", mapStyleUrl: "/map/style.json", mapStyleExternal: false });
    // SOCIAL_LINKS unset: the networks' home pages.
    expect(config.socialLinks).toEqual(DEFAULT_SOCIAL_LINKS);
  });

  it("writes the same configuration into every page, so the app starts without asking for it", async () => {
    const served = (await shop.app.inject({ url: "/runtime-config.json" })).json();
    for (const url of ["/", "/fr/produit/mug", "/en/search?searchTerm=mug", "/produit/mug"]) {
      const html = (await shop.app.inject({ url })).body;
      const inline = /<script id="runtime-config" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
      expect(inline, url).toBeDefined();
      // The brand's `</script>` stays inside the JSON: nothing of the configuration becomes markup.
      expect(inline).not.toContain("<");
      expect(JSON.parse(inline ?? "null"), url).toEqual(served);
      expect(html).toContain("<div id=root></div>");
    }
  });

  it("asks for the messages of the page's language with the app's modules, and none for an address without one", async () => {
    const french = (await shop.app.inject({ url: "/fr/categorie/voyage" })).body;
    expect(scriptsOf(french)).toEqual({ entry: "/assets/app-1234.js", preloads: ["/assets/react-5678.js", "/assets/messages-fr01.js"] });
    expect(french).not.toContain("messages-en01.js");
    const english = (await shop.app.inject({ url: "/en" })).body;
    expect(scriptsOf(english)).toEqual({ entry: "/assets/app-1234.js", preloads: ["/assets/react-5678.js", "/assets/messages-en01.js"] });
    expect(english).not.toContain("messages-fr01.js");
    // An address without a language (the app redirects it) is the build's page as it is.
    const unprefixed = (await shop.app.inject({ url: "/produit/mug" })).body;
    expect(unprefixed).toContain('<script type="module" crossorigin src="/assets/app-1234.js"></script>');
    expect(unprefixed).not.toContain("messages-");
    expect(unprefixed).not.toContain('id="first-paint"');
    // Inline additions go in the head, before the app's own markup.
    expect(english.indexOf("runtime-config")).toBeLessThan(english.indexOf("</head>"));
  });

  it("paints the shell of the page's language before the script: header, and the consent banner's texts for a visitor without a decision", async () => {
    const expected = {
      fr: { title: "Vos choix en matière de cookies", learnMore: "En savoir plus", buttons: ["Tout refuser", "Personnaliser", "Tout accepter"], home: ", Accueil" },
      en: { title: "Your cookie choices", learnMore: "Learn more", buttons: ["Refuse all", "Choose", "Accept all"], home: ", Home" },
    };
    for (const [lang, texts] of Object.entries(expected)) {
      const response = await shop.app.inject({ url: lang === "fr" ? "/fr/produit/mug" : "/en/product/mug" });
      expect(response.headers.vary).toContain("cookie");
      const html = response.body;
      expect(html).toContain(`<html lang="${lang}">`);
      const firstPaint = firstPaintOf(html);
      // The brand of the configuration, as text: its `</script><b>` is no markup.
      expect(firstPaint).toContain('<span class="brand-logo__name">Aile &lt;/script&gt;&lt;b&gt;</span>');
      expect(firstPaint).toContain(`<span class="visually-hidden">${texts.home}</span>`);
      expect(firstPaint).toContain(`<a href="/${lang}" class="brand-logo">`);
      expect(firstPaint).toContain(`<h2 id="first-paint-consent-title" class="consent__title">${texts.title}</h2>`);
      expect(firstPaint).toContain(`<a href="/${lang}/gestion-des-cookies">${texts.learnMore}</a>`);
      expect([...firstPaint.matchAll(/<button type="button" class="button [^"]+" data-consent-event="consent\.[a-zA-Z]+">([^<]+)<\/button>/g)].map((match) => match[1])).toEqual(texts.buttons);
      // Then the app, in #root, once the shell has painted.
      expect(html.indexOf('id="first-paint"')).toBeLessThan(html.indexOf("<div id=root></div>"));
      expect(html.indexOf("<div id=root></div>")).toBeLessThan(html.indexOf("import(m.entry)"));
    }
  });

  it("leaves the consent banner out of the first paint once the visitor has decided, and keeps it for a cookie the app cannot read", async () => {
    const decided = consentCookie({ categories: { maps: true, captcha: true, payment: false }, decidedAt: "2026-11-20T10:00:00.000Z" }, false).split(";")[0];
    for (const url of ["/fr", "/en/search?searchTerm=mug"]) {
      const withDecision = firstPaintOf((await shop.app.inject({ url, headers: { cookie: `theme=dark; ${decided}` } })).body);
      expect(withDecision, url).toContain('class="brand-logo"');
      expect(withDecision, url).not.toContain('class="consent"');
      const unreadable = firstPaintOf((await shop.app.inject({ url, headers: { cookie: "consent=yes" } })).body);
      expect(unreadable, url).toContain('class="consent"');
    }
  });
});

describe("keeping the server's secrets out of what the browser gets", () => {
  // Values nothing else in a page could contain by chance, so that finding one means it leaked.
  const SECRET = {
    customerTokenSecret: "jwt-secret-8c1f0e6b2d9a4f57a3e1c0b9d8e7f6a5",
    altchaHmacKey: "altcha-hmac-5d2b7e9c1a3f4068b5c7d9e1f2a3b4c5",
    recaptchaSecret: "recaptcha-secret-6Lc9QmAbCdEfGhIjKlMn",
    smtpPassword: "smtp-pass-Zq7Wm3Kx",
    databasePassword: "db-pass-Hv4Np8Rt",
    staffDirectoryPassword: "staff-pass-Jd2Lc6Yb",
  } as const;
  const PUBLIC = {
    brandName: "Escale Secrets",
    mapStyleUrl: "https://tiles.example.com/styles/escale.json",
    recaptchaSiteKey: "6Lc-public-site-key-Escale",
    socialLinks: [
      { network: "youtube", url: "https://www.youtube.com/@escale-secrets" },
      { network: "instagram", url: "https://www.instagram.com/escale.secrets/" },
    ],
  } as const;
  const COMMON_ENV = {
    BRAND_NAME: PUBLIC.brandName,
    MAP_STYLE_URL: PUBLIC.mapStyleUrl,
    SOCIAL_LINKS: PUBLIC.socialLinks.map(({ network, url }) => `${network}=${url}`).join(","),
    CUSTOMER_TOKEN_SECRET: SECRET.customerTokenSecret,
    SMTP_URL: `smtps://shop:${SECRET.smtpPassword}@smtp.example.com:465`,
    DATABASE_URL: `postgres://shop:${SECRET.databasePassword}@db.example.com:5432/escale`,
    STAFF_DIRECTORY_URL: `https://directory:${SECRET.staffDirectoryPassword}@staff.example.com/api`,
  };
  const configured = {
    altcha: { ...COMMON_ENV, ALTCHA_HMAC_KEY: SECRET.altchaHmacKey },
    recaptcha: { ...COMMON_ENV, RECAPTCHA_SECRET: SECRET.recaptchaSecret, RECAPTCHA_SITE_KEY: PUBLIC.recaptchaSiteKey },
  };
  const shops: Partial<Record<keyof typeof configured, TestApp>> = {};

  beforeAll(async () => {
    for (const [captcha, env] of Object.entries(configured) as [keyof typeof configured, Record<string, string>][]) {
      shops[captcha] = await startTestApp({ name: "pglite", url: null }, { seed: false, app: { webRoot }, env });
    }
  });
  afterAll(async () => {
    for (const shop of Object.values(shops)) await shop?.close();
  });

  /** Everything the browser can get without signing in: the configuration and the pages, with and without a consent decision. */
  async function servedToBrowser(shop: TestApp): Promise<string> {
    const decided = consentCookie({ categories: { maps: true, captcha: true, payment: true }, decidedAt: "2026-11-20T10:00:00.000Z" }, false).split(";")[0];
    const bodies = [(await shop.app.inject({ url: "/runtime-config.json" })).body];
    for (const url of ["/", "/fr", "/en/product/mug?variant=X", "/produit/mug", "/fr/contact"]) {
      for (const cookie of [undefined, decided]) bodies.push((await shop.app.inject({ url, headers: cookie ? { cookie } : {} })).body);
    }
    return bodies.join("\n");
  }

  it.each(["altcha", "recaptcha"] as const)("with the %s captcha, serves none of the secrets it was started with", async (captcha) => {
    const shop = shops[captcha];
    if (!shop) throw new Error(`the ${captcha} shop did not start`);
    // The server did take the secrets in: a missing one would make this test pass for nothing.
    expect(shop.config.customerTokenSecret).toBe(SECRET.customerTokenSecret);
    expect(shop.config.smtpUrl).toContain(SECRET.smtpPassword);
    expect(shop.config.databaseUrl).toContain(SECRET.databasePassword);
    expect(shop.config.captcha).toMatchObject(captcha === "altcha" ? { provider: "altcha", hmacKey: SECRET.altchaHmacKey } : { provider: "recaptcha", secret: SECRET.recaptchaSecret });

    const served = await servedToBrowser(shop);
    for (const [name, value] of Object.entries(SECRET)) expect(served, name).not.toContain(value);
    expect(served).not.toMatch(/smtps?:\/\/|postgres(ql)?:\/\//);
  });

  it.each(["altcha", "recaptcha"] as const)("with the %s captcha, still gives the app what is public: brand, map style, captcha settings, social links", async (captcha) => {
    const shop = shops[captcha];
    if (!shop) throw new Error(`the ${captcha} shop did not start`);
    const config = (await shop.app.inject({ url: "/runtime-config.json" })).json();
    expect(config).toMatchObject({
      storefrontToken: TEST_TOKEN,
      brandName: PUBLIC.brandName,
      mapStyleUrl: PUBLIC.mapStyleUrl,
      mapStyleExternal: true,
      captcha:
        captcha === "altcha"
          ? { provider: "altcha", siteKey: null, challengeUrl: "/api/v1/captcha/challenge" }
          : { provider: "recaptcha", siteKey: PUBLIC.recaptchaSiteKey, challengeUrl: null },
    });
    // Exactly the configured accounts, in their order.
    expect(config.socialLinks).toEqual(PUBLIC.socialLinks);
    const page = (await shop.app.inject({ url: "/fr/contact" })).body;
    const inline = /<script id="runtime-config" type="application\/json">(.*?)<\/script>/.exec(page)?.[1];
    expect(JSON.parse(inline ?? "null")).toEqual(config);
  });
});

/** The modules the page's loader asks for once the shell has painted. */
function scriptsOf(html: string): { entry: string; preloads: string[] } | null {
  const json = /<script type="module">const m=(\{.*?\});/.exec(html)?.[1];
  return json ? JSON.parse(json) : null;
}

/** The markup painted before the app runs. */
function firstPaintOf(html: string): string {
  const markup = /<div id="first-paint" class="site">(.*?)<div id=root>/s.exec(html)?.[1];
  expect(markup, "the page has a first paint").toBeDefined();
  return markup ?? "";
}
