// The first paint of a shop page, written into the served HTML so that a phone shows the shell
// before the app's script has arrived and run: the header frame (logo and brand name) and, for a
// visitor who has not decided yet (no consent cookie the app can read), the cookie consent banner
// with its real texts. It is the markup the app renders first (src/shell/header.tsx,
// brand-logo.tsx, src/features/consent/consent-region.tsx), styled by the same style sheet, so
// that nothing moves when the app replaces it. It sits beside #root, not in it (the app's first
// commits into #root are empty while the router starts): src/app/first-paint.ts removes its header
// in the same frame as the app's shell first appears, and its banner in the frame the app's own
// banner does. A click on one of its banner's buttons is kept (in the element's
// data-consent-event) and done by the app as soon as it has started.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readStoredConsent } from "../../../common/consent-cookie.ts";
import { FIRST_PAINT_ELEMENT_ID } from "../../../common/first-paint.ts";
import { pageHref } from "../../../common/pages.ts";
import type { Lang } from "../../../common/languages.ts";

const DEFAULT_LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../locales");

/** The catalogue entries the first paint shows. */
const FIRST_PAINT_MESSAGES = [
  "layout.home",
  "consent.title",
  "consent.intro",
  "consent.learnMore",
  "consent.refuseAll",
  "consent.choose",
  "consent.acceptAll",
] as const;

type FirstPaintMessage = (typeof FIRST_PAINT_MESSAGES)[number];
export type FirstPaintTexts = Record<FirstPaintMessage, string>;

/** Reads a gettext string literal's content (`"…"`, with its escapes). */
function poString(literal: string): string {
  return literal.slice(1, -1).replace(/\\(["\\nt])/g, (_, escaped: string) => ({ n: "\n", t: "\t" })[escaped] ?? escaped);
}

/** msgid → msgstr of a .po catalogue (multi-line strings joined; obsolete and fuzzy-free entries as written). */
function parsePo(content: string): Map<string, string> {
  const messages = new Map<string, string>();
  let field: "msgid" | "msgstr" | null = null;
  let id = "";
  let text = "";
  const flush = () => {
    if (field === "msgstr" && id) messages.set(id, text);
    field = null;
    id = "";
    text = "";
  };
  for (const raw of content.split(/\r?\n/)) {
    const line = raw.trim();
    const start = /^(msgid|msgstr) (".*")$/.exec(line);
    if (start) {
      if (start[1] === "msgid") flush();
      field = start[1] as "msgid" | "msgstr";
      if (field === "msgid") id = poString(start[2] ?? '""');
      else text = poString(start[2] ?? '""');
    } else if (line.startsWith('"') && field) {
      if (field === "msgid") id += poString(line);
      else text += poString(line);
    } else if (line === "" || line.startsWith("#")) {
      if (line === "") flush();
    }
  }
  flush();
  return messages;
}

/** The first paint's texts of a language, from its catalogue (locales/{lang}/messages.po). */
export function loadFirstPaintTexts(lang: string, localesDir = DEFAULT_LOCALES_DIR): FirstPaintTexts {
  const catalogue = parsePo(readFileSync(path.join(localesDir, lang, "messages.po"), "utf8"));
  const texts = {} as FirstPaintTexts;
  for (const id of FIRST_PAINT_MESSAGES) {
    const text = catalogue.get(id);
    if (!text) throw new Error(`locales/${lang}/messages.po has no "${id}", which the first paint shows`);
    texts[id] = text;
  }
  return texts;
}

/** Whether the app will show the consent banner to the sender of this Cookie header. */
export function consentUndecided(cookieHeader: string | undefined): boolean {
  return readStoredConsent(cookieHeader ?? "") === null;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character] ?? character);

/** The id of the static banner's title (the app's own uses React's generated ids). */
const BANNER_TITLE_ID = "first-paint-consent-title";

/** The markup shown before the app runs, for a page of `lang`. */
export function firstPaintMarkup({ lang, brandName, texts, consentBanner }: { lang: Lang; brandName: string; texts: FirstPaintTexts; consentBanner: boolean }): string {
  const home = pageHref("home", lang);
  const banner = consentBanner
    ? `<section class="consent" aria-labelledby="${BANNER_TITLE_ID}"><div class="consent__inner container">` +
      `<h2 id="${BANNER_TITLE_ID}" class="consent__title">${escapeHtml(texts["consent.title"])}</h2>` +
      `<p class="consent__text">${escapeHtml(texts["consent.intro"])} <a href="${escapeHtml(pageHref("cookies", lang))}">${escapeHtml(texts["consent.learnMore"])}</a></p>` +
      `<div class="consent__actions">` +
      `<button type="button" class="button button--light" data-consent-event="consent.refuseAll">${escapeHtml(texts["consent.refuseAll"])}</button>` +
      `<button type="button" class="button button--outline-light" data-consent-event="consent.choose">${escapeHtml(texts["consent.choose"])}</button>` +
      `<button type="button" class="button button--light" data-consent-event="consent.acceptAll">${escapeHtml(texts["consent.acceptAll"])}</button>` +
      `</div></div></section>`
    : "";
  const header =
    `<header class="site-header"><div class="site-header__top"><div class="site-header__bar container">` +
    `<a href="${escapeHtml(home)}" class="brand-logo">` +
    `<svg class="brand-logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">` +
    `<circle cx="16" cy="16" r="15" fill="var(--gold)"></circle><path d="M7 18.5l18-7.5-4.5 11-3.8-3.2-3.2 3.7-.6-5z" fill="var(--navy)"></path></svg>` +
    `<span class="brand-logo__name">${escapeHtml(brandName)}</span><span class="visually-hidden">, ${escapeHtml(texts["layout.home"])}</span></a>` +
    `</div></div></header>`;
  return `<div id="${FIRST_PAINT_ELEMENT_ID}" class="site">${banner}${header}</div>`;
}

const EMPTY_ROOT = /<div id="?root"?><\/div>/;

/** The page with `markup` just before its (empty) #root; unchanged when the page has no empty #root. */
export function withFirstPaint(html: string, markup: string): string {
  return html.replace(EMPTY_ROOT, (root) => `${markup}${root}`);
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * The page with its scripts asked for once the first paint is on screen: on a slow link the style
 * sheet then has the bandwidth to itself, and a fast one does not run the app before the shell has
 * painted. The entry and the modules it needs (the build's `modulepreload`s, the language's
 * messages) are fetched together, at the first contentful paint; at once in a hidden tab (which
 * does not paint), after two frames where paint timing is not observable, and at the latest
 * SCRIPTS_AT_THE_LATEST_MS after the page is parsed.
 */
/** The scripts are asked for this long after the page has been parsed at the latest, painted or not. */
const SCRIPTS_AT_THE_LATEST_MS = 3000;

export function withScriptsAfterFirstPaint(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry || !html.includes("</body>")) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const modules = JSON.stringify({ entry, preloads }).replace(/</g, "\\u003c");
  const loader =
    `<script type="module">const m=${modules};` +
    // A banner button pressed before the app runs: src/main.tsx does it once started.
    `const fp=document.getElementById("${FIRST_PAINT_ELEMENT_ID}");fp?.addEventListener("click",(event)=>{const button=event.target instanceof Element&&event.target.closest("[data-consent-event]");if(button)fp.dataset.consentEvent=button.dataset.consentEvent});` +
    `const start=()=>{for(const href of m.preloads){const link=document.createElement("link");link.rel="modulepreload";link.crossOrigin="";link.href=href;document.head.append(link)}import(m.entry)};` +
    `let started=false;const once=()=>{if(!started){started=true;start()}};` +
    `if(document.visibilityState==="hidden")once();` +
    `else if(PerformanceObserver.supportedEntryTypes?.includes("paint"))new PerformanceObserver((list,observer)=>{if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();once()}}).observe({type:"paint",buffered:true});` +
    `else requestAnimationFrame(()=>requestAnimationFrame(once));` +
    `document.addEventListener("visibilitychange",()=>{if(document.visibilityState==="hidden")once()});` +
    `setTimeout(once,${SCRIPTS_AT_THE_LATEST_MS});</script>`;
  return html.replace(ENTRY_SCRIPT, "").replace(MODULE_PRELOAD, "").replace("</body>", `${loader}</body>`);
}
