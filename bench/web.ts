// `npm run bench:web [-- options]`: what the shop costs a phone. Builds the SPA with its manifest,
// reports the JavaScript and CSS each page loads (gzip), then runs Lighthouse mobile on the home
// page, a category listing and a product page against a real server. Informational: the exit
// code only says whether the benchmark ran; targets are printed as met or not met.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { arch, cpus, platform, tmpdir, totalmem } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs, promisify } from "node:util";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import type { paths } from "../common/api/schema.gen.ts";
import { pageHref, PAGES, type PageId } from "../common/pages.ts";
import { cleanupAll, installSignalHandlers, onCleanup } from "./lib/lifecycle.ts";
import { runCommand, startServer, type RunningServer } from "./lib/processes.ts";
import { fileStamp, writeJson } from "./lib/report.ts";
import { CHROME_ARGS, findChrome } from "../tests/e2e/support/chrome.ts";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const WEB_ROOT = join(ROOT, "dist", "web");
const MANIFEST = join(WEB_ROOT, ".vite", "manifest.json");
const RESULTS_DIR = join(ROOT, "bench", "results");

/** Flags of every Chromium the benchmark starts: the end-to-end tests' ones, headless. */
const CHROME_FLAGS = ["--headless=new", ...CHROME_ARGS];

/** Pages Lighthouse measures (DESIGN §5: home, listing, product). */
const LIGHTHOUSE_PAGES: PageId[] = ["home", "category", "product"];

const TARGETS = {
  /** DESIGN §3: before a home or a listing page is interactive. */
  jsBeforeInteractiveGzipKb: 130,
  performance: 95,
  accessibility: 100,
  lcpSeconds: 1.5,
  cls: 0.02,
};

const USAGE = `usage: npm run bench:web -- [options]

  --runs=N         Lighthouse runs per page; the median of each figure is kept (default 3)
  --skip-build     measure the existing dist/web (it must hold .vite/manifest.json)
  --no-lighthouse  bundle sizes only
  --help           this help

environment: CHROME_PATH  the Chrome or Chromium to use (default: chromium on the PATH)`;

interface Options {
  runs: number;
  build: boolean;
  lighthouse: boolean;
}

class UsageError extends Error {}

function parseOptions(argv: string[]): Options | null {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        runs: { type: "string", default: "3" },
        "skip-build": { type: "boolean", default: false },
        "no-lighthouse": { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return null;
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 15) throw new UsageError(`--runs must be an integer from 1 to 15 (got ${values.runs})`);
  return { runs, build: !values["skip-build"], lighthouse: !values["no-lighthouse"] };
}

// ─────────────────────────────── Bundle ───────────────────────────────

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

interface AssetSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

const sizeCache = new Map<string, AssetSize>();

async function assetSize(file: string): Promise<AssetSize> {
  let size = sizeCache.get(file);
  if (!size) {
    const content = await readFile(join(WEB_ROOT, file));
    size = { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
    sizeCache.set(file, size);
  }
  return size;
}

const sum = (sizes: AssetSize[], key: "bytes" | "gzipBytes") => sizes.reduce((total, size) => total + size[key], 0);
const isJs = (file: string) => /\.m?js$/.test(file);
const isCss = (file: string) => file.endsWith(".css");

/** A chunk and every chunk it imports statically: what must load before it runs. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

function filesOf(manifest: Manifest, keys: Iterable<string>): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    if (isJs(chunk.file)) js.add(chunk.file);
    if (isCss(chunk.file)) css.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
  }
  return { js: [...js], css: [...css] };
}

interface EntryReport {
  js: AssetSize[];
  css: AssetSize[];
  jsGzipBytes: number;
  cssGzipBytes: number;
}

interface LazyChunkReport {
  /** The module that starts the chunk (e.g. a feature's file), or its name. */
  source: string;
  file: string;
  /** The chunk with its own static imports, less what the entry already loads. */
  jsGzipBytes: number;
  cssGzipBytes: number;
  loadedAtStartBy: PageId[];
}

interface RouteReport {
  page: PageId;
  path: string;
  /** What the page fetched before the app's first render (the entry and its static imports, the
   *  language's messages, the page's own code…): nothing of the app answers before it. */
  jsBeforeInteractiveGzipBytes: number;
  cssBeforeInteractiveGzipBytes: number;
  /** The lazy chunks among them (file and source). */
  lazyJsBeforeInteractive: string[];
  /** Lazy chunks the page fetched while loading (its own code, deferred shell code). */
  lazyJs: string[];
  lazyCss: string[];
  lazyJsGzipBytes: number;
  lazyCssGzipBytes: number;
  /** Everything fetched until the network was idle: entry + lazy chunks. */
  jsAtLoadGzipBytes: number;
  cssAtLoadGzipBytes: number;
}

async function readManifest(): Promise<Manifest> {
  const text = await readFile(MANIFEST, "utf8").catch(() => {
    throw new Error(`${relative(ROOT, MANIFEST)} is missing: build with \`npx vite build --manifest\` (or drop --skip-build)`);
  });
  return JSON.parse(text) as Manifest;
}

async function entryReport(manifest: Manifest): Promise<{ report: EntryReport; keys: Set<string> }> {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length === 0) throw new Error("the manifest has no entry chunk");
  const keys = new Set<string>();
  for (const entry of entries) staticClosure(manifest, entry, keys);
  const files = filesOf(manifest, keys);
  const js = await Promise.all(files.js.map(assetSize));
  const css = await Promise.all(files.css.map(assetSize));
  return { report: { js, css, jsGzipBytes: sum(js, "gzipBytes"), cssGzipBytes: sum(css, "gzipBytes") }, keys };
}

async function lazyChunks(manifest: Manifest, entryKeys: Set<string>): Promise<LazyChunkReport[]> {
  const reports: LazyChunkReport[] = [];
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const own = [...staticClosure(manifest, key)].filter((item) => !entryKeys.has(item));
    const files = filesOf(manifest, own);
    const js = await Promise.all(files.js.map(assetSize));
    const css = await Promise.all(files.css.map(assetSize));
    reports.push({
      source: chunk.src ?? chunk.name ?? key,
      file: chunk.file,
      jsGzipBytes: sum(js, "gzipBytes"),
      cssGzipBytes: sum(css, "gzipBytes"),
      loadedAtStartBy: [],
    });
  }
  return reports.sort((a, b) => b.jsGzipBytes - a.jsGzipBytes);
}

/** The checkout's shipping step as its code loads: the page (with its layout and texts), then the
 *  relay picker it opens, then the picker's map (DESIGN §3: the map only in the relay modal). */
const SHIPPING_STEP_PARTS = [
  { part: "shipping step", sources: ["src/shell/checkout-pages.ts", "locales/fr/customer.po"] },
  { part: "+ relay picker", sources: ["src/features/checkout/relay-picker/relay-modal.tsx"] },
  { part: "+ its map", sources: ["src/features/checkout/relay-picker/relay-map.tsx"] },
] as const;

interface StepPartReport {
  part: string;
  /** What this part adds to what is already loaded (gzip). */
  jsGzipBytes: number;
  cssGzipBytes: number;
  /** The entry and every part up to this one. */
  totalJsGzipBytes: number;
}

async function shippingStepReport(manifest: Manifest, entryKeys: Set<string>, entry: EntryReport): Promise<StepPartReport[]> {
  const loaded = new Set(entryKeys);
  let total = entry.jsGzipBytes;
  const reports: StepPartReport[] = [];
  for (const { part, sources } of SHIPPING_STEP_PARTS) {
    const keys = new Set<string>();
    for (const source of sources) {
      if (!manifest[source]) throw new Error(`${source} is not a chunk of the build: update SHIPPING_STEP_PARTS`);
      for (const key of staticClosure(manifest, source)) if (!loaded.has(key)) keys.add(key);
    }
    keys.forEach((key) => loaded.add(key));
    const files = filesOf(manifest, keys);
    const js = await Promise.all(files.js.map(assetSize));
    const css = await Promise.all(files.css.map(assetSize));
    total += sum(js, "gzipBytes");
    reports.push({ part, jsGzipBytes: sum(js, "gzipBytes"), cssGzipBytes: sum(css, "gzipBytes"), totalJsGzipBytes: total });
  }
  return reports;
}

// ─────────────────────────────── Pages ───────────────────────────────

type Lang = "fr" | "en";

async function apiGet<T>(server: RunningServer, token: string, path: string, query: Record<string, string>): Promise<T> {
  const url = new URL(`/api/v1${path}`, server.baseUrl);
  for (const [name, value] of Object.entries({ locale: "fr_FR", ...query })) url.searchParams.set(name, value);
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${url.pathname}${url.search} answered ${response.status}`);
  return (await response.json()) as T;
}

type CategoryTree = paths["/categories"]["get"]["responses"]["200"]["content"]["application/json"];
type Listing = paths["/products/category"]["get"]["responses"]["200"]["content"]["application/json"];

/** One address of every page of the shop, with a real category, product and search term. */
async function pageAddresses(server: RunningServer): Promise<Map<PageId, string>> {
  const config = (await (await fetch(`${server.baseUrl}/runtime-config.json`)).json()) as { storefrontToken: string };
  const tree = await apiGet<CategoryTree>(server, config.storefrontToken, "/categories", {});
  // The largest top category: a listing with a full page of products.
  const sizes = await Promise.all(
    tree.map(async (node) => {
      const listing = await apiGet<Listing>(server, config.storefrontToken, "/products/category", { categoryPath: node.path, size: "24" });
      return { node, listing };
    }),
  );
  sizes.sort((a, b) => b.listing.products.totalElements - a.listing.products.totalElements);
  const top = sizes[0];
  const product = top?.listing.products.content[0];
  if (!top || !product) throw new Error("the demo catalogue has no category with products");
  const term = product.name.split(/\s+/).find((word) => word.length >= 4) ?? product.name;

  const lang: Lang = "fr";
  const addresses = new Map<PageId, string>();
  for (const page of Object.keys(PAGES) as PageId[]) {
    if (page === "category") addresses.set(page, pageHref(page, lang, { l1: top.node.slug }));
    else if (page === "product") addresses.set(page, pageHref(page, lang, { slug: product.slug }));
    else if (page === "search") addresses.set(page, `${pageHref(page, lang)}?searchTerm=${encodeURIComponent(term)}`);
    else addresses.set(page, pageHref(page, lang));
  }
  return addresses;
}

/** What a page fetched: every script and style sheet until the network is idle, and those among
 *  them requested before the app's first render (when #root first gets content: until then the
 *  page shows only the server's first paint, and nothing of the app answers). */
interface FetchedAssets {
  atLoad: string[];
  beforeFirstRender: string[];
}

/** Loads each page in a fresh context and records the scripts and style sheets it fetches. */
async function fetchedAssets(server: RunningServer, chromePath: string, addresses: Map<PageId, string>): Promise<Map<PageId, FetchedAssets>> {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROME_FLAGS.filter((flag) => !flag.startsWith("--headless")) });
  const close = onCleanup("the asset browser", () => browser.close());
  const fetched = new Map<PageId, FetchedAssets>();
  try {
    for (const [page, path] of addresses) {
      const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 412, height: 823 } });
      const tab = await context.newPage();
      await tab.addInitScript(() => {
        const w = window as unknown as { __firstRenderAt?: number };
        new MutationObserver((_records, observer) => {
          if ((document.getElementById("root")?.childElementCount ?? 0) === 0) return;
          w.__firstRenderAt = performance.now();
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      await tab.goto(path, { waitUntil: "networkidle" });
      await tab.waitForFunction(() => typeof (window as unknown as { __firstRenderAt?: number }).__firstRenderAt === "number");
      const timed = await tab.evaluate(() => {
        const renderedAt = (window as unknown as { __firstRenderAt: number }).__firstRenderAt;
        return performance.getEntriesByType("resource").map((entry) => ({ name: entry.name, before: entry.startTime < renderedAt }));
      });
      const own = (name: string) => {
        const url = new URL(name);
        return url.origin === server.baseUrl && (isJs(url.pathname) || isCss(url.pathname)) ? url.pathname.replace(/^\//, "") : null;
      };
      const atLoad = new Set<string>();
      const beforeFirstRender = new Set<string>();
      for (const entry of timed) {
        const file = own(entry.name);
        if (!file) continue;
        atLoad.add(file);
        if (entry.before) beforeFirstRender.add(file);
      }
      fetched.set(page, { atLoad: [...atLoad], beforeFirstRender: [...beforeFirstRender] });
      await context.close();
    }
  } finally {
    await close();
  }
  return fetched;
}

/** Each built file's origin, for the reports: chunk files are named by their hash only (vite.config.ts). */
function fileLabels(manifest: Manifest): (file: string) => string {
  const labels = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const source = chunk.src ?? chunk.name ?? key;
    labels.set(chunk.file, source);
    for (const sheet of chunk.css ?? []) if (!labels.has(sheet)) labels.set(sheet, `${source} (style)`);
  }
  return (file) => `${file} ${labels.get(file) ?? "?"}`;
}

async function routeReports(
  label: (file: string) => string,
  addresses: Map<PageId, string>,
  fetched: Map<PageId, FetchedAssets>,
  entry: EntryReport,
  lazy: LazyChunkReport[],
): Promise<RouteReport[]> {
  const entryFiles = new Set([...entry.js, ...entry.css].map((asset) => asset.file));
  const reports: RouteReport[] = [];
  for (const [page, path] of addresses) {
    const assets = fetched.get(page) ?? { atLoad: [], beforeFirstRender: [] };
    const extra = assets.atLoad.filter((file) => !entryFiles.has(file));
    const lazyJs = extra.filter(isJs);
    const lazyCss = extra.filter(isCss);
    const js = await Promise.all(lazyJs.map(assetSize));
    const css = await Promise.all(lazyCss.map(assetSize));
    // The entry counts whole before the first render: it is what starts the app.
    const lazyBefore = assets.beforeFirstRender.filter((file) => !entryFiles.has(file));
    const jsBefore = await Promise.all(lazyBefore.filter(isJs).map(assetSize));
    const cssBefore = await Promise.all(lazyBefore.filter(isCss).map(assetSize));
    for (const chunk of lazy) if (lazyJs.includes(chunk.file)) chunk.loadedAtStartBy.push(page);
    reports.push({
      page,
      path,
      jsBeforeInteractiveGzipBytes: entry.jsGzipBytes + sum(jsBefore, "gzipBytes"),
      cssBeforeInteractiveGzipBytes: entry.cssGzipBytes + sum(cssBefore, "gzipBytes"),
      lazyJsBeforeInteractive: lazyBefore.filter(isJs).map(label),
      lazyJs: lazyJs.map(label),
      lazyCss: lazyCss.map(label),
      lazyJsGzipBytes: sum(js, "gzipBytes"),
      lazyCssGzipBytes: sum(css, "gzipBytes"),
      jsAtLoadGzipBytes: entry.jsGzipBytes + sum(js, "gzipBytes"),
      cssAtLoadGzipBytes: entry.cssGzipBytes + sum(css, "gzipBytes"),
    });
  }
  return reports;
}

/** Whether the server sends the entry script compressed to a browser that accepts gzip. */
async function servedCompressed(server: RunningServer, entry: EntryReport): Promise<boolean | null> {
  const first = entry.js[0];
  if (!first) return null;
  const response = await fetch(`${server.baseUrl}/${first.file}`, { headers: { "accept-encoding": "gzip, br" } });
  await response.arrayBuffer();
  return response.headers.has("content-encoding");
}

// ─────────────────────────────── Lighthouse ───────────────────────────────

interface LighthouseFigures {
  performance: number | null;
  accessibility: number | null;
  lcpMs: number | null;
  cls: number | null;
  tbtMs: number | null;
  fcpMs?: number | null;
}

interface Opportunity {
  id: string;
  title: string;
  /** Estimated saving on the load, in milliseconds (Lighthouse's estimate). */
  savingsMs: number;
}

interface LighthousePageReport {
  page: PageId;
  url: string;
  runs: LighthouseFigures[];
  median: LighthouseFigures;
  /** Lighthouse's own warnings of the last run (e.g. a slow or busy machine). */
  warnings: string[];
  /** Lighthouse's opportunities with the biggest estimated LCP saving, in the last run. */
  opportunities: Opportunity[];
  /** The element of the largest paint in the last run (Lighthouse's selector and label). */
  lcpElement?: string | null;
}

/** How many of Lighthouse's suggestions are kept per page. */
const OPPORTUNITIES_KEPT = 4;

async function lighthouseRun(
  url: string,
  chromePath: string,
): Promise<{ figures: LighthouseFigures; warnings: string[]; opportunities: Opportunity[]; lcpElement: string | null }> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  const stop = onCleanup(`Chromium for Lighthouse (pid ${chrome.pid})`, () => chrome.kill());
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.message}`);
    const score = (id: string) => {
      const value = lhr.categories[id]?.score;
      return typeof value === "number" ? Math.round(value * 100) : null;
    };
    const numeric = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      return typeof value === "number" ? value : null;
    };
    return {
      figures: {
        performance: score("performance"),
        accessibility: score("accessibility"),
        lcpMs: numeric("largest-contentful-paint"),
        cls: numeric("cumulative-layout-shift"),
        tbtMs: numeric("total-blocking-time"),
        fcpMs: numeric("first-contentful-paint"),
      },
      lcpElement: lcpElementOf(lhr.audits["largest-contentful-paint-element"]?.details),
      warnings: lhr.runWarnings,
      opportunities: Object.values(lhr.audits)
        .filter((audit) => audit.details?.type === "opportunity")
        .map((audit) => ({ id: audit.id, title: audit.title, savingsMs: audit.metricSavings?.LCP ?? 0 }))
        .filter((item) => item.savingsMs > 0)
        .sort((a, b) => b.savingsMs - a.savingsMs)
        .slice(0, OPPORTUNITIES_KEPT),
    };
  } finally {
    await stop();
  }
}

/** "selector — label" of the largest paint's element, from the audit's details (a list whose first table names the node). */
function lcpElementOf(details: unknown): string | null {
  const tables = (details as { items?: { items?: { node?: { selector?: string; nodeLabel?: string } }[] }[] } | undefined)?.items ?? [];
  const node = tables[0]?.items?.[0]?.node;
  if (!node) return null;
  return [node.selector, node.nodeLabel?.slice(0, 60)].filter(Boolean).join(" — ");
}

function median(values: (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 === 1 ? (known[middle] ?? null) : ((known[middle - 1] ?? 0) + (known[middle] ?? 0)) / 2;
}

async function lighthousePage(page: PageId, url: string, chromePath: string, runs: number): Promise<LighthousePageReport> {
  const figures: LighthouseFigures[] = [];
  let warnings: string[] = [];
  let opportunities: Opportunity[] = [];
  let lcpElement: string | null = null;
  for (let run = 1; run <= runs; run += 1) {
    const result = await lighthouseRun(url, chromePath);
    figures.push(result.figures);
    warnings = result.warnings;
    opportunities = result.opportunities;
    lcpElement = result.lcpElement;
    console.log(`  ${page.padEnd(9)} run ${run}/${runs}: ${formatFigures(result.figures)}`);
  }
  return {
    page,
    url,
    runs: figures,
    median: {
      performance: median(figures.map((item) => item.performance)),
      accessibility: median(figures.map((item) => item.accessibility)),
      lcpMs: median(figures.map((item) => item.lcpMs)),
      cls: median(figures.map((item) => item.cls)),
      tbtMs: median(figures.map((item) => item.tbtMs)),
      fcpMs: median(figures.map((item) => item.fcpMs ?? null)),
    },
    warnings,
    opportunities,
    lcpElement,
  };
}

// ─────────────────────────────── Report ───────────────────────────────

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const orDash = (value: number | null, format: (value: number) => string) => (value === null ? "—" : format(value));

function formatFigures(figures: LighthouseFigures): string {
  return [
    `performance ${orDash(figures.performance, String)}`,
    `accessibility ${orDash(figures.accessibility, String)}`,
    `LCP ${orDash(figures.lcpMs, (ms) => `${(ms / 1000).toFixed(2)} s`)}`,
    `CLS ${orDash(figures.cls, (value) => value.toFixed(3))}`,
    `TBT ${orDash(figures.tbtMs, (ms) => `${Math.round(ms)} ms`)}`,
    `FCP ${orDash(figures.fcpMs ?? null, (ms) => `${(ms / 1000).toFixed(2)} s`)}`,
  ].join(", ");
}

/** A plain-text table; columns named in `left` are left-aligned, the others (figures) right-aligned. */
function table(header: string[], rows: string[][], left: string[] = []): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)));
  const leftAligned = header.map((title, column) => column === 0 || left.includes(title));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (leftAligned[column] ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join("  ").trimEnd();
  return [line(header), line(widths.map((width) => "─".repeat(width))), ...rows.map(line)].map((text) => `  ${text}`).join("\n");
}

interface TargetCheck {
  name: string;
  target: string;
  value: string;
  met: boolean | null;
}

function checkTargets(routes: RouteReport[], pages: LighthousePageReport[]): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const route of routes.filter(({ page }) => page === "home" || page === "category")) {
    checks.push({
      name: `${route.page}: JS before interactive (fetched before the app's first render)`,
      target: `≤ ${TARGETS.jsBeforeInteractiveGzipKb} kB gzip`,
      value: kb(route.jsBeforeInteractiveGzipBytes),
      met: route.jsBeforeInteractiveGzipBytes <= TARGETS.jsBeforeInteractiveGzipKb * 1000,
    });
  }
  const check = (page: PageId, name: string, target: string, value: number | null, format: (value: number) => string, ok: (value: number) => boolean) =>
    checks.push({ name: `${page}: ${name}`, target, value: orDash(value, format), met: value === null ? null : ok(value) });
  for (const { page, median: figures } of pages) {
    check(page, "Lighthouse performance", `≥ ${TARGETS.performance}`, figures.performance, String, (value) => value >= TARGETS.performance);
    check(page, "Lighthouse accessibility", `= ${TARGETS.accessibility}`, figures.accessibility, String, (value) => value >= TARGETS.accessibility);
    check(page, "LCP", `≤ ${TARGETS.lcpSeconds} s`, figures.lcpMs, (ms) => `${(ms / 1000).toFixed(2)} s`, (ms) => ms <= TARGETS.lcpSeconds * 1000);
    check(page, "CLS", `≤ ${TARGETS.cls}`, figures.cls, (value) => value.toFixed(3), (value) => value <= TARGETS.cls);
  }
  return checks;
}

async function chromeVersion(chromePath: string): Promise<string> {
  return promisify(execFile)(chromePath, ["--version"]).then(
    ({ stdout }) => stdout.trim(),
    () => "unknown",
  );
}

// ─────────────────────────────── Main ───────────────────────────────

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (!options) {
    console.log(USAGE);
    return;
  }
  installSignalHandlers();
  const startedAt = new Date();
  const chromePath = await findChrome();

  if (options.build) {
    console.log("Building the SPA as npm run build does (with its manifest and compressed copies)…");
    await runCommand(join(ROOT, "node_modules", ".bin", "vite"), ["build", "--logLevel", "warn"], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "production" },
      label: "vite build",
    });
    await runCommand(join(ROOT, "node_modules", ".bin", "tsx"), ["scripts/compress-web.ts"], {
      cwd: ROOT,
      env: process.env,
      label: "compress",
    });
  }
  const manifest = await readManifest();
  const { report: entry, keys: entryKeys } = await entryReport(manifest);
  const lazy = await lazyChunks(manifest, entryKeys);
  const shippingStep = await shippingStepReport(manifest, entryKeys, entry);

  const dataDir = await mkdtemp(join(tmpdir(), "escale-bench-web-"));
  const removeData = onCleanup("the data folder", () => rm(dataDir, { recursive: true, force: true }));
  console.log("Starting the shop on a fresh embedded database…");
  const server = await startServer({ cwd: ROOT, env: { DATA_DIR: dataDir, LOG_LEVEL: "warn" } });
  console.log(`  ready at ${server.baseUrl} in ${server.startSeconds.toFixed(1)} s`);

  const addresses = await pageAddresses(server);
  const compressed = await servedCompressed(server, entry);
  const fetched = await fetchedAssets(server, chromePath, addresses);
  const routes = await routeReports(fileLabels(manifest), addresses, fetched, entry, lazy);

  console.log("\nJavaScript and CSS per page (gzip -9; kB = 1000 bytes)");
  console.log(`  entry + static imports, every page: JS ${kb(entry.jsGzipBytes)} in ${entry.js.length} file(s), CSS ${kb(entry.cssGzipBytes)}`);
  console.log(
    table(
      ["page", "path", "JS before first render", "CSS", "lazy JS at load (files)", "lazy CSS", "all JS at load", "all CSS at load"],
      routes.map((route) => [
        route.page,
        route.path,
        `${kb(route.jsBeforeInteractiveGzipBytes)} (+${route.lazyJsBeforeInteractive.length})`,
        kb(route.cssBeforeInteractiveGzipBytes),
        route.lazyJs.length > 0 ? `${kb(route.lazyJsGzipBytes)} (${route.lazyJs.length})` : "—",
        kb(route.lazyCssGzipBytes),
        kb(route.jsAtLoadGzipBytes),
        kb(route.cssAtLoadGzipBytes),
      ]),
      ["path"],
    ),
  );
  console.log("\nThe checkout's shipping step, part by part (what each adds; the map's worker is fetched apart)");
  console.log(table(["part", "JS", "CSS", "JS with the entry"], shippingStep.map((step) => [step.part, kb(step.jsGzipBytes), kb(step.cssGzipBytes), kb(step.totalJsGzipBytes)])));
  if (lazy.length > 0) {
    console.log("\nLazy chunks (with their own static imports, beyond the entry)");
    console.log(
      table(
        ["source", "JS", "CSS", "fetched at load by"],
        lazy.map((chunk) => [chunk.source, kb(chunk.jsGzipBytes), kb(chunk.cssGzipBytes), chunk.loadedAtStartBy.join(", ") || "on demand"]),
        ["fetched at load by"],
      ),
    );
  }
  if (compressed === false) console.log("\nnote: the server sends scripts uncompressed; Lighthouse measures the transfer as sent.");

  const pages: LighthousePageReport[] = [];
  if (options.lighthouse) {
    console.log(`\nLighthouse mobile (default mobile emulation and throttling), median of ${options.runs} run(s)`);
    for (const page of LIGHTHOUSE_PAGES) {
      const path = addresses.get(page);
      if (path) pages.push(await lighthousePage(page, `${server.baseUrl}${path}`, chromePath, options.runs));
    }
    console.log("");
    console.log(
      table(
        ["page", "performance", "accessibility", "LCP", "CLS", "TBT"],
        pages.map(({ page, median: figures }) => [
          page,
          orDash(figures.performance, String),
          orDash(figures.accessibility, String),
          orDash(figures.lcpMs, (ms) => `${(ms / 1000).toFixed(2)} s`),
          orDash(figures.cls, (value) => value.toFixed(3)),
          orDash(figures.tbtMs, (ms) => `${Math.round(ms)} ms`),
        ]),
      ),
    );
    const warnings = [...new Set(pages.flatMap((page) => page.warnings))];
    for (const warning of warnings) console.log(`  Lighthouse: ${warning}`);
    console.log("\nLighthouse's biggest estimated LCP savings (last run of each page)");
    for (const { page, opportunities } of pages) {
      const listed = opportunities.map((item) => `${item.title} (~${Math.round(item.savingsMs)} ms)`).join("; ");
      console.log(`  ${page.padEnd(9)} ${listed || "none"}`);
    }
    console.log("\nElement of the largest paint (last run of each page)");
    for (const { page, lcpElement } of pages) console.log(`  ${page.padEnd(9)} ${lcpElement ?? "—"}`);
  }

  const targets = checkTargets(routes, pages);
  console.log("\nTargets (informational)");
  console.log(
    table(
      ["target", "wanted", "measured", ""],
      targets.map((check) => [check.name, check.target, check.value, check.met === null ? "unknown" : check.met ? "met" : "NOT MET"]),
      [""],
    ),
  );

  await server.stop();
  await removeData();

  const cpuList = cpus();
  const report = {
    benchmark: "web",
    formatVersion: 1,
    startedAt: startedAt.toISOString(),
    machine: {
      cpus: cpuList.length,
      cpuModel: cpuList[0]?.model.trim() ?? "unknown",
      memoryGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
      platform: platform(),
      arch: arch(),
      node: process.version,
      chrome: await chromeVersion(chromePath),
    },
    options: { lighthouseRuns: options.runs, lighthousePages: LIGHTHOUSE_PAGES, gzipLevel: 9 },
    servedCompressed: compressed,
    bundle: { entry, lazyChunks: lazy, routes, shippingStep },
    lighthouse: pages,
    targets,
  };
  const file = writeJson(RESULTS_DIR, `web-${fileStamp(startedAt)}.json`, report);
  writeJson(RESULTS_DIR, "web-latest.json", report);
  console.log(`\nWritten to ${relative(ROOT, file)} and bench/results/web-latest.json`);
}

try {
  await main();
} catch (error) {
  process.exitCode = 1;
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
  } else {
    console.error(error instanceof Error ? error.message : String(error));
  }
} finally {
  await cleanupAll();
}
