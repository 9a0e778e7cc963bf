// The shop as a user meets it: the built SPA and the API served by one real server process
// (`node --import tsx server/main.ts`) on the embedded database of a fresh data folder.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { stopChild } from "../../support/child-process.ts";

const HEALTH_POLL_MS = 100;
const HEALTH_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;
const START_ATTEMPTS = 3;
const KEPT_OUTPUT_CHARS = 20_000;

/** Builds the SPA into dist/web; resolves to the seconds it took, rejects with vite's output. */
export async function buildSpa(cwd: string): Promise<number> {
  const started = performance.now();
  const child = spawn(path.join(cwd, "node_modules", ".bin", "vite"), ["build", "--logLevel", "warn"], {
    cwd,
    // A test runner may set NODE_ENV=test, which would give React's development build.
    env: { ...process.env, NODE_ENV: "production", NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-KEPT_OUTPUT_CHARS));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  if (code !== 0) throw new Error(`vite build failed (exit code ${code}):\n${output}`);
  return (performance.now() - started) / 1000;
}

export interface RunningShop {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  /** Seconds from spawn to `GET /healthz` answering 200. */
  startSeconds: number;
  /** What the server logged (at LOG_LEVEL=warn: warnings and errors) once it was ready. */
  logLines(): string[];
  stop(): Promise<void>;
}

class PortTakenError extends Error {}

export interface ShopOptions {
  cwd: string;
  dataDir: string;
  /** Shop settings of this run (environment variables), over the embedded defaults. */
  env?: Record<string, string>;
}

/** Starts the server on a free port and resolves once `GET /healthz` answers 200 (polled). */
export async function startShop(options: ShopOptions): Promise<RunningShop> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startShopOnce(options);
    } catch (error) {
      // Another process may take the port between picking it and listening on it.
      if (!(error instanceof PortTakenError) || attempt >= START_ATTEMPTS) throw error;
    }
  }
}

async function startShopOnce(options: ShopOptions): Promise<RunningShop> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  // Only what the server needs: the caller's own shop settings must not leak in.
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: options.cwd,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      // The address the browser reaches the shop at (the payment's return address must be the shop's).
      PUBLIC_URL: baseUrl,
      DATA_DIR: options.dataDir,
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const lines: string[] = [];
  let partial = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-KEPT_OUTPUT_CHARS);
    const parts = (partial + chunk.toString()).split("\n");
    partial = parts.pop() ?? "";
    for (const line of parts) if (line.trim() && lines.length < 1000) lines.push(line);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  let spawnError: Error | undefined;
  child.once("error", (error) => (spawnError = error));

  const stop = () => stopChild(child, "SIGTERM", STOP_TIMEOUT_MS);
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  try {
    for (;;) {
      if (spawnError) throw new Error(`could not start the server: ${spawnError.message}`);
      if (child.exitCode !== null || child.signalCode !== null) {
        if (/EADDRINUSE/.test(output)) throw new PortTakenError(`port ${port} was taken`);
        throw new Error(`the server exited before it was ready (exit code ${child.exitCode}):\n${output}`);
      }
      if (Date.now() > deadline) {
        throw new Error(`the server did not answer GET /healthz with 200 within ${HEALTH_TIMEOUT_MS / 1000} s:\n${output}`);
      }
      const status = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
        () => 0,
      );
      if (status === 200) break;
      await delay(HEALTH_POLL_MS);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const linesAtStart = lines.length;
  return {
    baseUrl,
    startSeconds: (performance.now() - started) / 1000,
    logLines: () => lines.slice(linesAtStart),
    stop,
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}


