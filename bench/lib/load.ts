// One measured run: autocannon against the server with a rotating set of URLs, every response's
// latency kept for exact percentiles, the read-cache model fed, CPU use of each side sampled.
import { cpus } from "node:os";
import { setTimeout as delay } from "node:timers/promises";
import autocannon from "autocannon";
import type { CacheTally, ReadCacheModel } from "./cache-model.ts";
import { requestOf, type ApiClient } from "./discover.ts";
import { onInterrupt, throwIfInterrupted } from "./lifecycle.ts";

export interface IdleProbe {
  /** CPU seconds used so far by the server process, or null when unknown. */
  serverCpuSeconds: () => number | null;
  /** Queries of the server's database still running (PostgreSQL only). */
  activeQueries?: () => Promise<number>;
}

export interface RunSpec {
  baseUrl: string;
  headers: Record<string, string>;
  urls: string[];
  connections: number;
  durationSeconds: number;
  /**
   * `rotate`: every connection walks the whole set, each from its own starting point (a shared,
   * cache-friendly working set). `partition`: each connection gets its own slice, so no URL is
   * requested twice until a connection has gone through its slice (to miss the read cache).
   */
  assignment: "rotate" | "partition";
  /** Busy share of the machine (%) measured before the run (see `quietMachine`), for the record. */
  backgroundCpu?: number | null;
  /** Milliseconds the fixed CPU probe took just before the run (see `cpuProbe`), for the record. */
  cpuProbeMs?: number | null;
}

interface CpuShare {
  /** Percent of the whole machine (all cores = 100 %). */
  loadGenerator: number | null;
  server: number | null;
  /** Everything else that ran: the PostgreSQL backends when on PostgreSQL, other processes. */
  rest: number | null;
  /** Busy share of the machine during the run. */
  total: number | null;
}

export interface RunFigures {
  durationSeconds: number;
  requests: number;
  requestsPerSecond: { mean: number; stddev: number; min: number; max: number };
  /** Latency of the 2xx responses, in milliseconds. */
  latencyMs: { mean: number; p50: number; p90: number; p95: number; p99: number; max: number };
  throughputBytesPerSecond: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** A few URLs that did not answer 2xx, for diagnosis. */
  failingUrls: string[];
  cache: CacheTally & { hitRatio: number };
  cpu: CpuShare;
  /** Busy share of the machine (%) just before the run, from work outside this benchmark. */
  backgroundCpu: number | null;
  /**
   * Milliseconds a fixed piece of arithmetic took on one core just before the run (`cpuProbe`): the
   * speed the machine had then. A shared virtual machine's speed varies (on the 2-core machine of
   * bench/README.md a fixed loop took from 617 to 1,089 ms within half an hour); runs compare fairly
   * only at similar probes.
   */
  cpuProbeMs: number | null;
  /** Seconds the server kept working after the load stopped (requests still queued). */
  backlogSeconds: number;
}

function machineTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const cpu of cpus()) {
    const { user, nice, sys, idle, irq } = cpu.times;
    busy += user + nice + sys + irq;
    total += user + nice + sys + idle + irq;
  }
  return { busy, total };
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

const SETTLE_SAMPLE_MS = 250;
export const QUIET_MACHINE_PERCENT = 15;

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

function runAutocannon(options: autocannon.Options, instanceReady: (instance: autocannon.Instance) => void): Promise<autocannon.Result> {
  return new Promise((resolvePromise, reject) => {
    const instance = autocannon(options, (error: unknown, result: autocannon.Result) => {
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolvePromise(result);
    });
    instanceReady(instance);
  });
}

/** Busy share of the machine (%) over `ms` milliseconds. */
async function machineBusy(ms: number): Promise<number | null> {
  const before = machineTimes();
  await delay(ms);
  const after = machineTimes();
  const total = after.total - before.total;
  return total > 0 ? round((100 * (after.busy - before.busy)) / total, 1) : null;
}

/**
 * Waits (up to `maxWaitMs`) for the machine to be quiet, i.e. less than 15 % busy, so that other
 * work running there disturbs the run as little as possible. Resolves to the last busy share.
 */
export async function quietMachine(maxWaitMs = 20_000): Promise<number | null> {
  const started = performance.now();
  for (;;) {
    throwIfInterrupted();
    const busy = await machineBusy(500);
    if (busy === null || busy < QUIET_MACHINE_PERCENT || performance.now() - started > maxWaitMs) return busy;
  }
}

/**
 * Times a fixed piece of integer arithmetic (about 30 ms on a quiet modern core), best of three, in
 * milliseconds: how fast one core of the machine is right now.
 */
export function cpuProbe(): number {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round += 1) {
    const started = performance.now();
    let sum = 0;
    for (let i = 0; i < 15_000_000; i += 1) sum = (sum + (i % 7)) | 0;
    const took = performance.now() - started;
    // `sum` is always a whole number: the check only keeps the loop from being optimised away.
    if (!Number.isInteger(sum)) throw new Error("cpu probe");
    best = Math.min(best, took);
  }
  return Math.round(best * 10) / 10;
}

/**
 * Waits until the server has finished the requests still queued when a run stopped: its CPU use
 * stays below a tenth of a core for two samples in a row and, on PostgreSQL, no query of its
 * database is still active. A run thus never pays for the previous one's backlog. Resolves to the
 * seconds the backlog took.
 */
async function settle(probe: IdleProbe, timeoutMs = 60_000): Promise<number> {
  const started = performance.now();
  let quietSince: number | undefined;
  let quietSamples = 0;
  let previous = probe.serverCpuSeconds();
  while (performance.now() - started < timeoutMs) {
    throwIfInterrupted();
    await delay(SETTLE_SAMPLE_MS);
    const now = probe.serverCpuSeconds();
    const cpuQuiet = now === null || previous === null || (now - previous) / (SETTLE_SAMPLE_MS / 1000) < 0.1;
    previous = now;
    const queries = probe.activeQueries ? await probe.activeQueries().catch(() => 0) : 0;
    if (cpuQuiet && queries === 0) {
      quietSince ??= performance.now() - SETTLE_SAMPLE_MS;
      quietSamples += 1;
      if (quietSamples >= 2) break;
    } else {
      quietSince = undefined;
      quietSamples = 0;
    }
  }
  return round(((quietSince ?? performance.now()) - started) / 1000, 2);
}

/** Runs one load test, then waits for the server to be idle again. */
export async function measure(
  spec: RunSpec,
  cache: ReadCacheModel,
  probe: IdleProbe,
): Promise<RunFigures> {
  const { serverCpuSeconds } = probe;
  throwIfInterrupted();
  if (spec.urls.length === 0) throw new Error("no URL to request");
  const indexOf = new Map(spec.urls.map((url, index) => [url, index]));

  // Per-URL request objects; `onResponse` runs right before autocannon's `response` event for the
  // same client, which is how a latency gets paired with its URL.
  let lastIndex = -1;
  const requests: autocannon.Request[] = spec.urls.map((entry) => {
    const index = indexOf.get(entry) ?? -1;
    const { method, path, body } = requestOf(entry);
    return {
      method,
      path,
      ...(body ? { body, headers: { ...spec.headers, "content-type": "application/json" } } : {}),
      onResponse: () => (lastIndex = index),
    };
  });
  let clientNumber = 0;
  const setupClient = (client: autocannon.Client) => {
    const n = clientNumber % spec.connections;
    clientNumber += 1;
    let own: autocannon.Request[];
    if (spec.assignment === "partition" && requests.length >= spec.connections) {
      own = requests.filter((_, index) => index % spec.connections === n);
    } else {
      const offset = Math.floor((n * requests.length) / spec.connections);
      own = [...requests.slice(offset), ...requests.slice(0, offset)];
    }
    client.setRequests(own);
  };

  const latencies: number[] = [];
  const started: number[] = [];
  const finished: number[] = [];
  const urlOf: number[] = [];
  const failing = new Map<number, number>();
  const statusCodes: Record<string, number> = {};

  const backgroundCpu = spec.backgroundCpu ?? null;
  const cpuProbeMs = spec.cpuProbeMs ?? null;
  const before = { machine: machineTimes(), self: process.cpuUsage(), server: serverCpuSeconds(), at: performance.now() };
  let instance: autocannon.Instance | undefined;
  const stopOnInterrupt = onInterrupt(() => instance?.stop());
  let result: autocannon.Result;
  try {
    result = await runAutocannon(
      {
        url: spec.baseUrl,
        connections: spec.connections,
        duration: spec.durationSeconds,
        pipelining: 1,
        timeout: 10,
        headers: spec.headers,
        requests: requests.slice(0, 1),
        setupClient,
      },
      (created) => {
        instance = created;
        created.on("response", (_client, statusCode, _bytes, responseTime) => {
          const now = performance.now();
          const index = lastIndex;
          lastIndex = -1;
          started.push(now - responseTime);
          finished.push(now);
          urlOf.push(index);
          statusCodes[String(statusCode)] = (statusCodes[String(statusCode)] ?? 0) + 1;
          if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
          else failing.set(index, (failing.get(index) ?? 0) + 1);
        });
      },
    );
  } finally {
    stopOnInterrupt();
  }
  throwIfInterrupted();
  const after = { machine: machineTimes(), self: process.cpuUsage(before.self), server: serverCpuSeconds(), at: performance.now() };
  const backlogSeconds = Math.max(0, await settle(probe));

  const wallMs = after.at - before.at;
  const cores = cpus().length;
  const machineBusyMs = after.machine.busy - before.machine.busy;
  const machineTotalMs = after.machine.total - before.machine.total;
  const pct = (cpuMs: number) => round((100 * cpuMs) / (wallMs * cores), 1);
  const selfMs = (after.self.user + after.self.system) / 1000;
  const serverMs = before.server !== null && after.server !== null ? (after.server - before.server) * 1000 : null;
  const totalPct = machineTotalMs > 0 ? round((100 * machineBusyMs) / machineTotalMs, 1) : null;
  const busyMs = machineTotalMs > 0 ? (machineBusyMs / machineTotalMs) * wallMs * cores : null;
  const cpu: CpuShare = {
    loadGenerator: pct(selfMs),
    server: serverMs === null ? null : pct(serverMs),
    rest: busyMs === null || serverMs === null ? null : Math.max(0, pct(busyMs - selfMs - serverMs)),
    total: totalPct,
  };

  const tally = cache.observeAll(
    started.map((startedAt, i) => ({ key: spec.urls[urlOf[i] ?? -1] ?? `unknown:${i}`, startedAt, finishedAt: finished[i] ?? startedAt })),
  );
  const requestsSeen = tally.hits + tally.coalesced + tally.misses;
  const sorted = Float64Array.from(latencies).sort();
  const mean = latencies.length === 0 ? 0 : latencies.reduce((sum, value) => sum + value, 0) / latencies.length;
  const failingUrls = [...failing.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([index, count]) => `${spec.urls[index] ?? "(unknown)"} ×${count}`);

  return {
    durationSeconds: result.duration,
    requests: result.requests.total,
    requestsPerSecond: {
      mean: round(result.requests.mean, 1),
      stddev: round(result.requests.stddev, 1),
      min: result.requests.min,
      max: result.requests.max,
    },
    latencyMs: {
      mean: round(mean, 3),
      p50: round(percentile(sorted, 50), 3),
      p90: round(percentile(sorted, 90), 3),
      p95: round(percentile(sorted, 95), 3),
      p99: round(percentile(sorted, 99), 3),
      max: round(sorted.length > 0 ? (sorted[sorted.length - 1] ?? 0) : 0, 3),
    },
    throughputBytesPerSecond: Math.round(result.throughput.mean),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    failingUrls,
    cache: { ...tally, hitRatio: requestsSeen === 0 ? 0 : round((tally.hits + tally.coalesced) / requestsSeen, 4) },
    cpu,
    backgroundCpu,
    cpuProbeMs,
    backlogSeconds,
  };
}

/** Requests every URL once (a few at a time) so the run starts warm; returns the failures. */
export async function warmUp(api: ApiClient, urls: string[], concurrency = 4): Promise<string[]> {
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    for (;;) {
      throwIfInterrupted();
      const index = next;
      next += 1;
      const url = urls[index];
      if (url === undefined) return;
      try {
        const { status } = await api.get(url);
        if (status < 200 || status >= 300) failures.push(`${url} → ${status}`);
      } catch (error) {
        failures.push(`${url} → ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, urls.length) }, worker));
  return failures;
}
