// Serves the built SPA (dist/web) on the API's port, with a history fallback so that any shop
// address loads the app, and the runtime configuration the SPA reads at start. The page carries
// that configuration inline, and asks for its language's messages at once, so the SPA's start
// waits for neither (one round trip each fewer); /runtime-config.json stays for other clients.
// A page of a language also carries its first paint (first-paint.ts): the shell's header and, for
// a visitor who has not decided on cookies, the consent banner, shown before the script has run.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig } from "../../../common/runtime-config.ts";
import type { Config } from "../../config.ts";
import type { PaymentGateway } from "../payment/payment-gateway.ts";
import { noRouteBody } from "../../http/errors.ts";
import { configuredSources, inlineScriptHashes, pagePolicy } from "../../http/security-headers.ts";
import type { Lang } from "../../../common/languages.ts";
import { OFFLINE_STYLE_PATH } from "../map/map-style.ts";
import { consentUndecided, firstPaintMarkup, loadFirstPaintTexts, withFirstPaint, withScriptsAfterFirstPaint, type FirstPaintTexts } from "./first-paint.ts";

const DEFAULT_WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../dist/web");

/** Where the ALTCHA widget gets its challenge (operation getCaptchaChallenge; needs the storefront token). */
const CAPTCHA_CHALLENGE_URL = "/api/v1/captcha/challenge";

/** Paths the SPA must never answer for: they belong to the server. */
const SERVER_PREFIXES = ["/api/", "/media/", "/map/", "/healthz", "/runtime-config.json", "/dev/", "/payment-sandbox/"];

/** What Drop-in is told: which gateway answers, with its client key and environment. */
function paymentSettingsOf(gateway: Pick<PaymentGateway, "kind" | "clientConfig">): RuntimeConfig["payment"] {
  return {
    provider: gateway.kind,
    clientKey: gateway.clientConfig.clientKey,
    environment: gateway.clientConfig.environment === "live" ? "live" : "test",
  };
}

function runtimeConfigOf(config: Config, payment: Pick<PaymentGateway, "kind" | "clientConfig">): RuntimeConfig {
  return {
    storefrontToken: config.storefrontToken,
    brandName: config.brandName,
    mapStyleUrl: config.mapStyleUrl ?? OFFLINE_STYLE_PATH,
    mapStyleExternal: config.mapStyleUrl !== undefined && new URL(config.mapStyleUrl).origin !== new URL(config.publicUrl).origin,
    captcha:
      config.captcha.provider === "recaptcha"
        ? { provider: "recaptcha", siteKey: config.captcha.siteKey, challengeUrl: null }
        : { provider: "altcha", siteKey: null, challengeUrl: CAPTCHA_CHALLENGE_URL },
    payment: paymentSettingsOf(payment),
    socialLinks: config.socialLinks,
  };
}

/** Built file of each language's message catalogue, from the build's manifest (`locales/fr/messages.po`). */
function messageCatalogues(webRoot: string): Map<string, string> {
  const catalogues = new Map<string, string>();
  const manifestFile = path.join(webRoot, ".vite", "manifest.json");
  if (!existsSync(manifestFile)) return catalogues;
  const manifest: Record<string, { file?: string }> = JSON.parse(readFileSync(manifestFile, "utf8"));
  for (const [source, chunk] of Object.entries(manifest)) {
    const lang = /^locales\/([a-z]{2})\/messages\.po$/.exec(source)?.[1];
    if (lang && chunk.file) catalogues.set(lang, `/${chunk.file}`);
  }
  return catalogues;
}

/** index.html with the configuration inline and, for a page of a language, its catalogue asked for early. */
function pageHtml(indexHtml: string, runtimeConfig: RuntimeConfig, catalogue: string | undefined): string {
  // `<` escaped so that no value can close the script element.
  const json = JSON.stringify(runtimeConfig).replace(/</g, "\\u003c");
  const head = [
    `<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`,
    ...(catalogue ? [`<link rel="modulepreload" crossorigin href="${catalogue}">`] : []),
  ].join("");
  return indexHtml.includes("</head>") ? indexHtml.replace("</head>", `${head}</head>`) : `${head}${indexHtml}`;
}

/** A language's page: in that language (`<html lang>`), with the shell's first paint in #root. */
function languagePageHtml(html: string, lang: Lang, brandName: string, texts: FirstPaintTexts, consentBanner: boolean): string {
  const inLanguage = html.replace(/<html lang="[a-z-]*"/i, `<html lang="${lang}"`);
  return withScriptsAfterFirstPaint(withFirstPaint(inLanguage, firstPaintMarkup({ lang, brandName, texts, consentBanner })));
}

/** Registered on the root instance: it owns the application's not-found handler. */
export async function webRoutes(
  app: FastifyInstance,
  options: { config: Config; payment: Pick<PaymentGateway, "kind" | "clientConfig">; webRoot?: string; localesDir?: string },
) {
  const webRoot = options.webRoot ?? DEFAULT_WEB_ROOT;
  const runtimeConfig = runtimeConfigOf(options.config, options.payment);

  app.get("/runtime-config.json", async (_request, reply) => reply.header("cache-control", "no-store").send(runtimeConfig));

  const built = existsSync(path.join(webRoot, "index.html"));
  if (!built) {
    app.log.warn({ webRoot }, "no built SPA found: run `npm run build` (npm start does it) to serve the shop");
    app.setNotFoundHandler(async (request, reply) => reply.status(404).send(noRouteBody(request)));
    return;
  }

  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    // `npm run build` writes .br and .gz copies next to the files.
    preCompressed: true,
    setHeaders: (response, filePath) => {
      response.header(
        "cache-control",
        filePath.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "public, max-age=300",
      );
    },
  });

  const indexHtml = readFileSync(path.join(webRoot, "index.html"), "utf8");
  const catalogues = messageCatalogues(webRoot);
  // The languages are the build's catalogues; each one's first paint reads its texts once.
  const texts = new Map([...catalogues.keys()].map((lang) => [lang, loadFirstPaintTexts(lang, options.localesDir)]));
  const extraSources = configuredSources(options.config);
  const pages = new Map<string, { html: string; policy: string }>();
  const pageFor = (firstSegment: string, cookieHeader: string | undefined) => {
    const lang = catalogues.has(firstSegment) ? firstSegment : "";
    const consentBanner = lang !== "" && consentUndecided(cookieHeader);
    const key = `${lang}:${consentBanner}`;
    let page = pages.get(key);
    if (page === undefined) {
      let html = pageHtml(indexHtml, runtimeConfig, catalogues.get(lang));
      const langTexts = texts.get(lang);
      if (langTexts) html = languagePageHtml(html, lang as Lang, runtimeConfig.brandName, langTexts, consentBanner);
      // The page's inline loader runs by its hash: no other inline script can.
      page = { html, policy: pagePolicy(inlineScriptHashes(html), extraSources) };
      pages.set(key, page);
    }
    return page;
  };

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const isPage = (request.method === "GET" || request.method === "HEAD") && !SERVER_PREFIXES.some((prefix) => pathname.startsWith(prefix));
    if (isPage && !path.extname(pathname)) {
      const page = pageFor(pathname.split("/")[1] ?? "", request.headers.cookie);
      // The first paint depends on the consent cookie.
      return reply
        .header("cache-control", "no-cache")
        .header("vary", "cookie")
        .header("content-security-policy", page.policy)
        .type("text/html; charset=utf-8")
        .send(page.html);
    }
    return reply.status(404).send(noRouteBody(request));
  });
}
