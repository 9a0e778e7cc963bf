// `npm start` as a newcomer runs it: a real process, embedded database in a fresh data folder.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_STOREFRONT_TOKEN } from "../../server/config.ts";
import { waitFor } from "../support/wait-for.ts";

const root = path.resolve(import.meta.dirname, "../..");

function startServer(env: Record<string, string>): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
  });
}

function collect(child: ChildProcessWithoutNullStreams) {
  const output = { stdout: "", stderr: "" };
  child.stdout.on("data", (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { output, exited };
}

/** A server process starts slowly on a busy machine; the health check refuses until it listens. */
const SERVER_WAIT = { timeoutMs: 90_000, intervalMs: 100, retryOnError: true };

describe("the server process", () => {
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it("refuses a bad configuration with one line naming the variable", async () => {
    const { output, exited } = collect(startServer({ PORT: "not-a-port" }));
    expect(await exited).toBe(1);
    const lines = output.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/PORT/);
  });

  it("refuses to take card payments on the payment sandbox in production, unless told to", async () => {
    const { output, exited } = collect(startServer({ NODE_ENV: "production", PORT: "0", DATA_DIR: "memory://" }));
    expect(await exited).toBe(1);
    const lines = output.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/payment sandbox.*PAYMENT_SANDBOX=on/);
  });

  it("starts on an empty data folder with the demo catalogue, then stops cleanly on SIGTERM", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "escale-start-"));
    folders.push(dataDir);
    const child = startServer({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info" });
    const { output, exited } = collect(child);
    const base = await waitFor(async () => /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output.stdout)?.[1], "listening", SERVER_WAIT);
    await waitFor(async () => ((await fetch(`${base}/healthz`)).status === 200 ? true : undefined), "healthz 200", SERVER_WAIT);

    const categories = await fetch(`${base}/api/v1/categories`, { headers: { authorization: `Bearer ${DEMO_STOREFRONT_TOKEN}` } });
    expect(categories.status).toBe(200);
    expect(((await categories.json()) as unknown[]).length).toBeGreaterThanOrEqual(6);
    expect(output.stdout).toMatch(/"reqId":"[^"]+"/);

    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output.stdout).toContain("shutting down");
  }, 120_000);
});
