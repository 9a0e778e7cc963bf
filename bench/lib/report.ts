// Targets, the printed table and the JSON results.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ScenarioName } from "./discover.ts";
import type { RunFigures } from "./load.ts";

export type UrlSetName = "standard" | "wide";

export interface ScenarioResult {
  scenario: ScenarioName;
  urlSet: UrlSetName;
  connections: number;
  distinctUrls: number;
  sampleUrls: string[];
  figures: RunFigures;
  /** True when some responses were not 2xx or failed: the figures are then suspect. */
  flagged: boolean;
  targets: TargetCheck[];
}

export interface Target {
  id: string;
  scenario: ScenarioName;
  /** The URL set the target applies to. */
  urlSet: UrlSetName;
  /** Connections the target applies to; undefined: every run of the scenario on that set. */
  connections?: number;
  metric: "requestsPerSecond" | "p95" | "p99";
  comparison: ">=" | "<=";
  value: number;
  unit: "req/s" | "ms";
}

export interface TargetCheck extends Target {
  measured: number;
  met: boolean;
}

/** From the issues; set for PostgreSQL on 2 cores with the load generator on the same machine. */
export const TARGETS: Target[] = [
  { id: "listing-throughput", scenario: "listing", urlSet: "standard", connections: 32, metric: "requestsPerSecond", comparison: ">=", value: 3000, unit: "req/s" },
  { id: "listing-p99", scenario: "listing", urlSet: "standard", connections: 32, metric: "p99", comparison: "<=", value: 25, unit: "ms" },
  { id: "autocomplete-p95", scenario: "autocomplete", urlSet: "standard", metric: "p95", comparison: "<=", value: 15, unit: "ms" },
  { id: "relays-p95", scenario: "relays", urlSet: "standard", connections: 32, metric: "p95", comparison: "<=", value: 30, unit: "ms" },
  // Issue 19: the database path, every request a different URL (20,000 products).
  { id: "wide-listing-throughput", scenario: "listing", urlSet: "wide", connections: 32, metric: "requestsPerSecond", comparison: ">=", value: 1500, unit: "req/s" },
  { id: "wide-listing-p99", scenario: "listing", urlSet: "wide", connections: 32, metric: "p99", comparison: "<=", value: 40, unit: "ms" },
  { id: "wide-product-throughput", scenario: "product", urlSet: "wide", connections: 32, metric: "requestsPerSecond", comparison: ">=", value: 3000, unit: "req/s" },
  { id: "wide-autocomplete-throughput", scenario: "autocomplete", urlSet: "wide", connections: 32, metric: "requestsPerSecond", comparison: ">=", value: 2000, unit: "req/s" },
  { id: "wide-autocomplete-p95", scenario: "autocomplete", urlSet: "wide", connections: 32, metric: "p95", comparison: "<=", value: 15, unit: "ms" },
  { id: "wide-search-throughput", scenario: "search", urlSet: "wide", connections: 32, metric: "requestsPerSecond", comparison: ">=", value: 1000, unit: "req/s" },
  { id: "wide-search-p99", scenario: "search", urlSet: "wide", connections: 32, metric: "p99", comparison: "<=", value: 50, unit: "ms" },
];

/** From this catalogue size on, the wide targets are the growth ones: 70 % of the throughput, 1.5× the latency. */
export const GROWTH_PRODUCTS = 200_000;

/** The targets that apply to a catalogue of this size (the wide ones scaled for growth). */
export function targetsFor(products: number): Target[] {
  if (products < GROWTH_PRODUCTS) return TARGETS;
  return TARGETS.map((target) =>
    target.urlSet !== "wide"
      ? target
      : {
          ...target,
          id: `${target.id}-at-${GROWTH_PRODUCTS}`,
          value: target.metric === "requestsPerSecond" ? Math.round(target.value * 0.7) : target.value * 1.5,
        },
  );
}

export function checkTargets(
  scenario: ScenarioName,
  urlSet: UrlSetName,
  connections: number,
  figures: RunFigures,
  products: number,
): TargetCheck[] {
  return targetsFor(products)
    .filter((target) => target.scenario === scenario && target.urlSet === urlSet && (target.connections ?? connections) === connections)
    .map((target) => {
      const measured =
        target.metric === "requestsPerSecond" ? figures.requestsPerSecond.mean : target.metric === "p95" ? figures.latencyMs.p95 : figures.latencyMs.p99;
      const met = target.comparison === ">=" ? measured >= target.value : measured <= target.value;
      return { ...target, measured, met };
    });
}

const integer = (value: number) => Math.round(value).toLocaleString("en-US");
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));
const percent = (value: number | null) => (value === null ? "?" : value.toFixed(0));

function targetText(check: TargetCheck): string {
  const label = check.metric === "requestsPerSecond" ? "req/s" : check.metric;
  const threshold = `${check.comparison === ">=" ? "≥" : "≤"} ${integer(check.value)}${check.unit === "ms" ? " ms" : ""}`;
  return `${label} ${threshold}: ${check.met ? "met" : "NOT MET"}`;
}

interface Column {
  title: string;
  align: "left" | "right";
  value: (row: ScenarioResult) => string;
}

const COLUMNS: Column[] = [
  { title: "scenario", align: "left", value: (row) => `${row.flagged ? "! " : ""}${row.scenario}` },
  { title: "urls", align: "left", value: (row) => row.urlSet },
  { title: "conn", align: "right", value: (row) => String(row.connections) },
  { title: "distinct", align: "right", value: (row) => integer(row.distinctUrls) },
  { title: "req/s", align: "right", value: (row) => integer(row.figures.requestsPerSecond.mean) },
  { title: "p50 ms", align: "right", value: (row) => ms(row.figures.latencyMs.p50) },
  { title: "p95 ms", align: "right", value: (row) => ms(row.figures.latencyMs.p95) },
  { title: "p99 ms", align: "right", value: (row) => ms(row.figures.latencyMs.p99) },
  { title: "max ms", align: "right", value: (row) => ms(row.figures.latencyMs.max) },
  { title: "MB/s", align: "right", value: (row) => (row.figures.throughputBytesPerSecond / 1e6).toFixed(1) },
  { title: "non-2xx", align: "right", value: (row) => integer(row.figures.non2xx) },
  { title: "errors", align: "right", value: (row) => integer(row.figures.errors) },
  { title: "backlog s", align: "right", value: (row) => row.figures.backlogSeconds.toFixed(1) },
  {
    title: "cache hit/wait/miss %",
    align: "right",
    value: (row) => {
      const { hits, coalesced, misses } = row.figures.cache;
      const all = hits + coalesced + misses || 1;
      const share = (count: number) => ((100 * count) / all).toFixed(count > 0 && (100 * count) / all < 1 ? 1 : 0);
      return `${share(hits)}/${share(coalesced)}/${share(misses)}`;
    },
  },
  {
    title: "cpu gen/srv/rest %",
    align: "right",
    value: (row) => `${percent(row.figures.cpu.loadGenerator)}/${percent(row.figures.cpu.server)}/${percent(row.figures.cpu.rest)}`,
  },
  { title: "bg %", align: "right", value: (row) => percent(row.figures.backgroundCpu) },
  { title: "probe ms", align: "right", value: (row) => (row.figures.cpuProbeMs == null ? "–" : row.figures.cpuProbeMs.toFixed(1)) },
];

export function formatTable(rows: ScenarioResult[]): string {
  const cells = rows.map((row) => COLUMNS.map((column) => column.value(row)));
  const widths = COLUMNS.map((column, i) => Math.max(column.title.length, ...cells.map((line) => (line[i] ?? "").length)));
  const pad = (text: string, i: number) => {
    const width = widths[i] ?? text.length;
    return COLUMNS[i]?.align === "right" ? text.padStart(width) : text.padEnd(width);
  };
  const lines = [COLUMNS.map((column, i) => pad(column.title, i)).join("  ")];
  lines.push(widths.map((width) => "─".repeat(width)).join("  "));
  rows.forEach((row, r) => {
    const line = (cells[r] ?? []).map((cell, i) => pad(cell, i)).join("  ");
    const targets = row.targets.map(targetText).join(" · ");
    lines.push(targets ? `${line}   ${targets}` : line);
  });
  return lines.join("\n");
}

export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  platform: string;
  arch: string;
  node: string;
}

export interface BackendReport {
  backend: "pglite" | "postgres";
  status: "measured" | "skipped" | "failed";
  reason?: string;
  description?: string;
  engineVersion?: string | null;
  source?: string;
  statistics?: string;
  startedAt: string;
  finishedAt?: string;
  catalogue?: { requestedProducts: number; products: number; seeded: "now" | "reused"; seedSeconds: number; level1Categories: number; level2Categories: number };
  serverStartSeconds?: number;
  serverLogLines?: string[];
  scenarios: ScenarioResult[];
}

export interface RunReport {
  benchmark: "api";
  formatVersion: 1;
  startedAt: string;
  finishedAt?: string;
  machine: MachineInfo;
  options: { products: number; durationSeconds: number; connections: number[]; standardUrls: number; wide: boolean; cacheSeconds: number; scenarios: ScenarioName[] };
  notes: string[];
  targets: Target[];
  cacheModel: { ttlMs: number; maxEntries: number };
  backends: BackendReport[];
}

/** `2025-03-04T10-20-30Z`: an ISO 8601 instant usable in a file name. */
export function fileStamp(date: Date): string {
  return date.toISOString().replace(/\.\d+Z$/, "Z").replace(/:/g, "-");
}

export function writeJson(dir: string, name: string, data: unknown): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}
