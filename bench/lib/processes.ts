// Child processes of the benchmark: the seed command and the API server under test.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import { stopChild } from "../../tests/support/child-process.ts";
import { onCleanup, throwIfInterrupted } from "./lifecycle.ts";

const HEALTH_POLL_MS = 100;
const HEALTH_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;
const START_ATTEMPTS = 3;
const KEPT_OUTPUT_CHARS = 20_000;

/** Variables of the bench's own environment that must not leak into the server's configuration. */
const SERVER_VARIABLES = [
  "PORT",
  "HOST",
  "DATA_DIR",
  "DATABASE_URL",
  "STOREFRONT_API_TOKEN",
  "BRAND_NAME",
  "PUBLIC_URL",
  "LOG_LEVEL",
  "SEED",
  "NODE_ENV",
];

/** The current environment without the server's own variables, plus `extra`. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SERVER_VARIABLES) delete env[name];
  return { ...env, ...extra };
}

function keepTail(previous: string, chunk: Buffer | string): string {
  return (previous + chunk.toString()).slice(-KEPT_OUTPUT_CHARS);
}

function waitForExit(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolvePromise) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolvePromise({ code: child.exitCode, signal: child.signalCode });
      return;
    }
    child.once("exit", (code, signal) => resolvePromise({ code, signal }));
  });
}


/**
 * Runs a command to completion, showing its output indented; rejects when it fails. The child is
 * stopped if the benchmark is interrupted meanwhile.
 */
export async function runCommand(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; label: string },
): Promise<string> {
  throwIfInterrupted();
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
  const stop = onCleanup(options.label, () => stopChild(child, "SIGTERM", STOP_TIMEOUT_MS));
  let output = "";
  const show = (chunk: Buffer) => {
    output = keepTail(output, chunk);
    for (const line of chunk.toString().split("\n")) {
      // npm's own configuration warnings say nothing about the benchmark.
      if (line.trim() && !line.startsWith("npm warn")) console.log(`    ${line}`);
    }
  };
  child.stdout?.on("data", show);
  child.stderr?.on("data", show);
  const started = new Promise<void>((resolvePromise, reject) => {
    child.once("error", reject);
    child.once("spawn", () => resolvePromise());
  });
  try {
    await started;
    const { code, signal } = await waitForExit(child);
    throwIfInterrupted();
    if (code !== 0) {
      throw new Error(`${options.label} failed (${signal ? `signal ${signal}` : `exit code ${code}`})`);
    }
    return output;
  } finally {
    await stop();
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port ? resolvePromise(port) : reject(new Error("no free port"))));
    });
  });
}

export interface RunningServer {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  pid: number;
  /** Seconds from spawn to the first `GET /healthz` answering 200. */
  startSeconds: number;
  /** Log lines the server wrote (at LOG_LEVEL=warn: warnings and errors). */
  logLines(): string[];
  /** How many of them were written before it was ready. */
  startupLogLines: number;
  /** CPU seconds (user + system) the server process has used so far, or null when unknown. */
  cpuSeconds(): number | null;
  stop(): Promise<void>;
}

class PortTakenError extends Error {}

/**
 * Starts `node --import tsx server/main.ts` on a free port and resolves once `GET /healthz`
 * answers 200 (polled, never a fixed sleep). Retries on another port if the one picked was taken.
 */
export async function startServer(options: { cwd: string; env: Record<string, string> }): Promise<RunningServer> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= START_ATTEMPTS; attempt += 1) {
    try {
      return await startServerOnce(options);
    } catch (error) {
      lastError = error;
      if (!(error instanceof PortTakenError)) throw error;
    }
  }
  throw lastError;
}

async function startServerOnce(options: { cwd: string; env: Record<string, string> }): Promise<RunningServer> {
  throwIfInterrupted();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: options.cwd,
    env: childEnv({ ...options.env, PORT: String(port), HOST: "127.0.0.1" }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stop = onCleanup(`the API server (pid ${child.pid ?? "?"})`, () => stopChild(child, "SIGTERM", STOP_TIMEOUT_MS));
  let output = "";
  const lines: string[] = [];
  let partial = "";
  const collect = (chunk: Buffer) => {
    output = keepTail(output, chunk);
    const parts = (partial + chunk.toString()).split("\n");
    partial = parts.pop() ?? "";
    for (const line of parts) if (line.trim() && lines.length < 1000) lines.push(line);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  let spawnError: Error | undefined;
  child.once("error", (error) => (spawnError = error));

  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  try {
    for (;;) {
      throwIfInterrupted();
      if (spawnError) throw new Error(`could not start the server: ${spawnError.message}`);
      if (child.exitCode !== null || child.signalCode !== null) {
        if (/EADDRINUSE/.test(output)) throw new PortTakenError(`port ${port} was taken`);
        throw new Error(`the server exited before it was ready (exit code ${child.exitCode}).\n--- server output ---\n${output}`);
      }
      if (Date.now() > deadline) {
        throw new Error(`the server did not answer GET /healthz within ${HEALTH_TIMEOUT_MS / 1000} s.\n--- server output ---\n${output}`);
      }
      try {
        const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
        await response.arrayBuffer();
        if (response.status === 200) break;
      } catch {
        // Not listening yet.
      }
      await delay(HEALTH_POLL_MS);
    }
  } catch (error) {
    await stop();
    throw error;
  }

  const pid = child.pid ?? 0;
  return {
    baseUrl,
    pid,
    startSeconds: (performance.now() - started) / 1000,
    logLines: () => (partial.trim() ? [...lines, partial] : [...lines]),
    startupLogLines: lines.length,
    cpuSeconds: () => processCpuSeconds(pid),
    stop,
  };
}

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on mainstream Linux builds). */
const USER_HZ = 100;

/** User + system CPU seconds of a process, from /proc (Linux); null elsewhere. */
function processCpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may contain spaces: split after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    if (!Number.isFinite(utime) || !Number.isFinite(stime)) return null;
    return (utime + stime) / USER_HZ;
  } catch {
    return null;
  }
}
