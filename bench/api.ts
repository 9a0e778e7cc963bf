// `npm run bench:api [-- options]`: load-tests the storefront API (a real server process) on a
// 20,000-product catalogue and the demo relay points, on PGlite and on PostgreSQL, and prints
// requests/s and latency percentiles per scenario. Informational: the exit code only says whether
// the benchmark ran.
import { randomBytes } from "node:crypto";
import { cpus, platform, arch, totalmem } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { setTimeout as delay } from "node:timers/promises";
import { preparePglite, preparePostgres, type BackendName, type Preparation } from "./lib/backends.ts";
import { CACHE_MAX_ENTRIES, CACHE_TTL_MS, ReadCacheModel } from "./lib/cache-model.ts";
import { ApiClient, discoverUrlSets, SCENARIOS, type ScenarioName, type UrlSets } from "./lib/discover.ts";
import { cleanupAll, installSignalHandlers, InterruptedError, isInterrupted, throwIfInterrupted } from "./lib/lifecycle.ts";
import { cpuProbe, measure, QUIET_MACHINE_PERCENT, quietMachine, warmUp } from "./lib/load.ts";
import { startServer } from "./lib/processes.ts";
import {
  checkTargets,
  fileStamp,
  formatTable,
  targetsFor,
  writeJson,
  type BackendReport,
  type MachineInfo,
  type RunReport,
  type ScenarioResult,
  type UrlSetName,
} from "./lib/report.ts";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const RESULTS_DIR = join(ROOT, "bench", "results");

const USAGE = `usage: npm run bench:api -- [options]

  --backend=pglite|postgres|both  databases to measure (default both; PostgreSQL is skipped when
                                  no server binaries are found and BENCH_DATABASE_URL is unset)
  --products=N                    catalogue size (default 20000)
  --duration=S                    seconds per measured run (default 10)
  --connections=1,32              concurrent connections of each run (default 1,32)
  --scenarios=listing,search,autocomplete,product,relays
                                  scenarios to run (default all five)
  --urls=N                        distinct URLs per scenario in the standard set (default 48, min 20)
  --wide                          also run each scenario over thousands of distinct URLs, after the
                                  read cache has expired, to see the server mostly without it
  --cache-seconds=S               the server's read cache lifetime (CATALOG_CACHE_SECONDS, default
                                  ${CACHE_TTL_MS / 1000}); 0 turns it off: every answer from the database
  --help                          this help

environment: BENCH_DATABASE_URL  an existing PostgreSQL database to use (seeded when empty)
             POSTGRES_BIN_DIR    where initdb and postgres live, if not on the PATH`;

interface Options {
  backends: BackendName[];
  products: number;
  durationSeconds: number;
  connections: number[];
  scenarios: ScenarioName[];
  standardUrls: number;
  wide: boolean;
  cacheSeconds: number;
}

class UsageError extends Error {}

function parseOptions(): Options | null {
  const { values } = parseArgs({
    options: {
      backend: { type: "string", default: "both" },
      products: { type: "string", default: "20000" },
      duration: { type: "string", default: "10" },
      connections: { type: "string", default: "1,32" },
      scenarios: { type: "string", default: SCENARIOS.join(",") },
      urls: { type: "string", default: "48" },
      wide: { type: "boolean", default: false },
      "cache-seconds": { type: "string", default: String(CACHE_TTL_MS / 1000) },
      help: { type: "boolean", default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return null;
  }
  const whole = (name: string, text: string, min: number, max: number) => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new UsageError(`--${name} must be a whole number from ${min} to ${max} (got "${text}")`);
    }
    return value;
  };
  const backend = values.backend;
  if (backend !== "pglite" && backend !== "postgres" && backend !== "both") {
    throw new UsageError(`--backend must be pglite, postgres or both (got "${backend}")`);
  }
  const scenarios = values.scenarios.split(",").map((item) => item.trim()).filter(Boolean);
  for (const scenario of scenarios) {
    if (!SCENARIOS.includes(scenario as ScenarioName)) {
      throw new UsageError(`unknown scenario "${scenario}" (known: ${SCENARIOS.join(", ")})`);
    }
  }
  return {
    backends: backend === "both" ? ["pglite", "postgres"] : [backend],
    products: whole("products", values.products, 1, 1_000_000),
    durationSeconds: whole("duration", values.duration, 1, 3600),
    connections: [...new Set(values.connections.split(",").map((item) => whole("connections", item.trim(), 1, 1000)))],
    scenarios: SCENARIOS.filter((scenario) => scenarios.includes(scenario)),
    standardUrls: whole("urls", values.urls, 20, 10_000),
    wide: values.wide,
    cacheSeconds: whole("cache-seconds", values["cache-seconds"], 0, 3600),
  };
}

function machineInfo(): MachineInfo {
  const list = cpus();
  return {
    cpus: list.length,
    cpuModel: list[0]?.model.trim() ?? "unknown",
    memoryGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    platform: platform(),
    arch: arch(),
    node: process.version,
  };
}

const TITLES: Record<BackendName, string> = { pglite: "PGlite", postgres: "PostgreSQL" };

async function benchBackend(name: BackendName, options: Options, report: BackendReport): Promise<void> {
  const preparation: Preparation = name === "pglite" ? await preparePglite(ROOT, options.products) : await preparePostgres(ROOT, options.products);
  if (!preparation.ok) {
    report.status = "skipped";
    report.reason = preparation.skipped;
    console.log(`  skipped: ${preparation.skipped}`);
    return;
  }
  const backend = preparation.backend;
  try {
    report.description = backend.description;
    report.engineVersion = backend.engineVersion;
    report.source = backend.source;
    report.statistics = backend.statistics;
    console.log(`  ${backend.description}; catalogue ${backend.seeded === "now" ? `seeded in ${backend.seedSeconds.toFixed(0)} s` : "reused"}`);

    const token = `bench-${randomBytes(12).toString("hex")}`;
    const server = await startServer({
      cwd: ROOT,
      env: { ...backend.serverEnv, CATALOG_CACHE_SECONDS: String(options.cacheSeconds), LOG_LEVEL: "warn", STOREFRONT_API_TOKEN: token, SEED: "off", NODE_ENV: "production", PAYMENT_SANDBOX: "on", HABILE_EMBEDDED: "on" },
    });
    try {
      report.serverStartSeconds = Math.round(server.startSeconds * 10) / 10;
      console.log(`  server ready at ${server.baseUrl} in ${server.startSeconds.toFixed(1)} s (pid ${server.pid})`);
      const cache = new ReadCacheModel(options.cacheSeconds * 1000);
      const api = new ApiClient(server.baseUrl, token, cache);
      const lastRequestAt = new Map<ScenarioName, number>();

      const sets: UrlSets = await discoverUrlSets(api, { standardSize: options.standardUrls, wide: options.wide, log: console.log });
      lastRequestAt.set("listing", performance.now());
      report.catalogue = {
        requestedProducts: options.products,
        products: backend.products,
        seeded: backend.seeded,
        seedSeconds: Math.round(backend.seedSeconds * 10) / 10,
        level1Categories: sets.catalogue.level1,
        level2Categories: sets.catalogue.level2,
      };

      const run = async (scenario: ScenarioName, urlSet: UrlSetName, connections: number) => {
        const urls = sets[urlSet][scenario];
        if (urls.length === 0) throw new Error(`no ${urlSet} URLs for ${scenario}`);
        // Let other work on the machine calm down first (bounded), then warm up right before the run
        // so the cache holds what the warm-up loaded.
        const backgroundCpu = await quietMachine();
        const cpuProbeMs = cpuProbe();
        if (urlSet === "wide") {
          // Start after the read cache forgot this scenario's earlier requests.
          const wait = options.cacheSeconds === 0 ? 0 : (lastRequestAt.get(scenario) ?? 0) + options.cacheSeconds * 1000 + 500 - performance.now();
          if (wait > 0) {
            console.log(`  (waiting ${(wait / 1000).toFixed(0)} s for the read cache to expire)`);
            await delay(wait);
          }
        } else {
          const failures = await warmUp(api, urls);
          if (failures.length > 0) {
            console.log(`  warm-up of ${scenario}: ${failures.length} URL(s) did not answer 2xx, e.g. ${failures.slice(0, 3).join("; ")}`);
          }
        }
        throwIfInterrupted();
        const label = `  ${scenario.padEnd(12)} ${urlSet.padEnd(8)} ${String(connections).padStart(3)} conn  ${String(urls.length).padStart(5)} urls`;
        if (process.stdout.isTTY) process.stdout.write(`${label} …`);
        const figures = await measure(
          {
            baseUrl: server.baseUrl,
            headers: api.headers,
            urls,
            connections,
            durationSeconds: options.durationSeconds,
            assignment: urlSet === "wide" ? "partition" : "rotate",
            backgroundCpu,
            cpuProbeMs,
          },
          cache,
          { serverCpuSeconds: server.cpuSeconds, activeQueries: backend.activeQueries },
        );
        lastRequestAt.set(scenario, performance.now());
        const flagged = figures.non2xx > 0 || figures.errors > 0 || figures.timeouts > 0;
        const result: ScenarioResult = {
          scenario,
          urlSet,
          connections,
          distinctUrls: urls.length,
          sampleUrls: urls.slice(0, 5),
          figures,
          flagged,
          targets: checkTargets(scenario, urlSet, connections, figures, backend.products),
        };
        report.scenarios.push(result);
        const summary =
          `${label}  ${Math.round(figures.requestsPerSecond.mean).toLocaleString("en-US").padStart(7)} req/s  ` +
          `p50 ${figures.latencyMs.p50.toFixed(2)}  p99 ${figures.latencyMs.p99.toFixed(2)} ms  cached ${(figures.cache.hitRatio * 100).toFixed(0)}%` +
          (figures.backlogSeconds >= 0.5 ? `  (backlog ${figures.backlogSeconds.toFixed(1)} s)` : "") +
          (flagged ? `  ! non-2xx ${figures.non2xx}, errors ${figures.errors}, timeouts ${figures.timeouts}` : "");
        process.stdout.write(process.stdout.isTTY ? `\r${summary}\n` : `${summary}\n`);
        if ((figures.backgroundCpu ?? 0) >= QUIET_MACHINE_PERCENT) {
          console.log(`      note: the machine was still ${figures.backgroundCpu}% busy with other work when this run started: figures are disturbed`);
        }
        for (const url of figures.failingUrls) console.log(`      failing: ${url}`);
      };

      for (const scenario of options.scenarios) {
        for (const connections of options.connections) await run(scenario, "standard", connections);
      }
      if (options.wide) {
        for (const connections of options.connections) {
          for (const scenario of options.scenarios) await run(scenario, "wide", connections);
        }
      }

      const logLines = server.logLines();
      // Kept in the results JSON, which is committed: the project's folder said as "." (a stack trace names it).
      report.serverLogLines = logLines.slice(0, 50).map((line) => line.split(ROOT).join("."));
      const duringRuns = logLines.length - server.startupLogLines;
      if (duringRuns > 0) {
        console.log(`  the server logged ${duringRuns} warning/error line(s) under load, first: ${logLines[server.startupLogLines]?.slice(0, 300)}`);
      }
    } finally {
      await server.stop();
    }
    report.status = "measured";
  } finally {
    await backend.release();
  }
}

async function main(): Promise<number> {
  let options: Options | null;
  try {
    options = parseOptions();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    console.error(USAGE);
    return 2;
  }
  if (!options) return 0;
  installSignalHandlers();

  const machine = machineInfo();
  const startedAt = new Date();
  const runReport: RunReport = {
    benchmark: "api",
    formatVersion: 1,
    startedAt: startedAt.toISOString(),
    machine,
    options: {
      products: options.products,
      durationSeconds: options.durationSeconds,
      connections: options.connections,
      standardUrls: options.standardUrls,
      wide: options.wide,
      cacheSeconds: options.cacheSeconds,
      scenarios: options.scenarios,
    },
    notes: [
      "requestsPerSecond: mean of per-second counts of completed responses (autocannon)",
      "latencyMs: percentiles of every 2xx response of the run (exact, not bucketed)",
      "cache: requests the server's in-process read cache answered at once (hits), after waiting for an identical request's database call (coalesced), or that went to the database (misses); from a replica of the cache fed with every request sent",
      "cpu: percent of the whole machine (all cores = 100) used by the load generator, the server process and everything else",
      "standard URL set: each connection walks the whole set from its own starting point; wide set: each connection gets its own slice",
      "targets are set for PostgreSQL, 2 cores, load generator on the same machine; informational only",
    ],
    targets: targetsFor(options.products),
    cacheModel: { ttlMs: options.cacheSeconds * 1000, maxEntries: CACHE_MAX_ENTRIES },
    backends: [],
  };

  console.log(
    `API benchmark · ${options.products.toLocaleString("en-US")} products · ${options.durationSeconds} s per run · ` +
      `connections ${options.connections.join(", ")}${options.wide ? " · with wide URL sets" : ""}` +
      (options.cacheSeconds === 0 ? " · read cache off" : options.cacheSeconds * 1000 === CACHE_TTL_MS ? "" : ` · read cache ${options.cacheSeconds} s`),
  );
  console.log(`machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, Node ${machine.node}, ${machine.platform} ${machine.arch}`);

  let failed = false;
  for (const name of options.backends) {
    console.log(`\n== ${TITLES[name]} ==`);
    const report: BackendReport = { backend: name, status: "failed", startedAt: new Date().toISOString(), scenarios: [] };
    runReport.backends.push(report);
    try {
      await benchBackend(name, options, report);
    } catch (error) {
      if (error instanceof InterruptedError || isInterrupted()) throw new InterruptedError();
      failed = true;
      report.status = "failed";
      report.reason = error instanceof Error ? error.message : String(error);
      console.error(`  ${TITLES[name]} could not be measured: ${report.reason}`);
    }
    report.finishedAt = new Date().toISOString();
    if (report.status !== "measured") continue;

    console.log(`\n${TITLES[name]}: ${report.description}, ${report.catalogue?.products.toLocaleString("en-US")} products, ${options.durationSeconds} s per run`);
    console.log(formatTable(report.scenarios));
    if (name !== "postgres" && report.scenarios.some((row) => row.targets.length > 0)) {
      console.log("(the targets are set for PostgreSQL; shown here for comparison)");
    }
    const disturbed = report.scenarios.filter((row) => (row.figures.backgroundCpu ?? 0) >= QUIET_MACHINE_PERCENT).length;
    if (disturbed > 0) {
      console.log(`! ${disturbed} run(s) started while other work kept the machine ≥ ${QUIET_MACHINE_PERCENT}% busy (bg %): their figures are disturbed`);
    }
    if (report.scenarios.some((row) => row.flagged)) {
      console.log("! some responses were not 2xx or failed: those rows are not trustworthy");
    }
    const file = writeJson(RESULTS_DIR, `api-${name}-${fileStamp(new Date())}.json`, {
      ...runReport,
      backends: undefined,
      backend: report,
    });
    console.log(`results: ${relative(ROOT, file)}`);
  }

  runReport.finishedAt = new Date().toISOString();
  const latest = writeJson(RESULTS_DIR, "api-latest.json", runReport);
  console.log(`\nall backends: ${relative(ROOT, latest)}`);
  console.log(
    "columns: req/s = mean requests per second; pXX = latency percentiles of 2xx responses (ms); backlog = seconds the server " +
      "needed after the run to finish queued requests; cache = share of requests the read cache answered at once / after " +
      "waiting for an identical request's database call / that went to the database (model); cpu = % of the whole machine " +
      "used by the load generator / the server process / everything else (PostgreSQL, other work); bg = machine busy before the run.",
  );
  return failed ? 1 : 0;
}

main()
  .then(async (code) => {
    await cleanupAll();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    if (error instanceof InterruptedError || isInterrupted()) return; // the signal handler exits
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    await cleanupAll();
    process.exit(1);
  });
