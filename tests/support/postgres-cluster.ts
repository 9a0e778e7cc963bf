// A throwaway PostgreSQL cluster for tests: initdb into a temp directory, run `postgres` on a
// free loopback port, hand out a URL, and remove everything on stop (or when the process exits).
import { stopChild } from "./child-process.ts";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { accessSync, constants, existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { chown, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import pg from "pg";

export interface PostgresCluster {
  /** `postgresql://escale@127.0.0.1:<port>/escale_test` */
  url: string;
  /** Fast shutdown, then the cluster's directory is removed. Safe to call twice. */
  stop(): Promise<void>;
}

const SUPERUSER = "escale";
const DATABASE = "escale_test";
const READY_TIMEOUT_MS = 30_000;
const POLL_INTERVAL_MS = 100;
const STOP_TIMEOUT_MS = 15_000;
const START_ATTEMPTS = 3;
// sun_path is 108 bytes on Linux; the socket file is `<dir>/.s.PGSQL.<port>`.
const MAX_SOCKET_DIR_LENGTH = 90;
const STDERR_KEPT_BYTES = 16_384;

interface RunAs {
  uid: number;
  gid: number;
  name: string;
}

/** Where `initdb` and `postgres` live, or null when this machine has no PostgreSQL server. */
export function findPostgresBinDir(): string | null {
  const fromEnv = process.env.POSTGRES_BIN_DIR;
  if (fromEnv) return hasServerBinaries(fromEnv) ? resolve(fromEnv) : null;

  for (const dir of (process.env.PATH ?? "").split(":")) {
    if (dir && hasServerBinaries(dir)) return resolve(dir);
  }

  // Debian and Ubuntu keep the server binaries off the PATH, one directory per major version.
  const debianRoot = "/usr/lib/postgresql";
  if (!existsSync(debianRoot)) return null;
  const versions = readdirSync(debianRoot)
    .filter((name) => /^\d+(\.\d+)?$/.test(name))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  for (const version of versions) {
    const dir = join(debianRoot, version, "bin");
    if (hasServerBinaries(dir)) return dir;
  }
  return null;
}

/**
 * Starts a new cluster with a database `escale_test` owned by the trust-authenticated superuser
 * `escale`. Resolves to null when no PostgreSQL server binaries are installed.
 */
export async function startPostgresCluster(): Promise<PostgresCluster | null> {
  const binDir = findPostgresBinDir();
  if (!binDir) return null;

  const runAs = process.getuid?.() === 0 ? unprivilegedUser() : null;
  const root = await mkdtemp(join(tempBase(runAs), "escale-pg-"));
  try {
    if (runAs) await chown(root, runAs.uid, runAs.gid);
    const dataDir = join(root, "data");
    await initCluster(binDir, dataDir, root, runAs);

    let lastError: unknown;
    for (let attempt = 1; attempt <= START_ATTEMPTS; attempt += 1) {
      const port = await freePort();
      const server = launchServer(binDir, dataDir, root, port, runAs);
      register(server, root);
      let stopping: Promise<void> | undefined;
      const stop = () =>
        (stopping ??= (async () => {
          await server.stop();
          unregister(server);
          await rm(root, { recursive: true, force: true, maxRetries: 5 });
        })());
      try {
        await waitUntilReady(server, port);
      } catch (error) {
        await server.stop();
        unregister(server);
        lastError = error;
        // Another process may have taken the port between our probe and the server's bind.
        if (error instanceof PortTakenError) continue;
        throw error;
      }
      try {
        await createDatabaseOn(adminUrl(port), DATABASE);
      } catch (error) {
        await stop();
        throw error;
      }
      return { url: databaseUrl(adminUrl(port), DATABASE), stop };
    }
    throw lastError;
  } catch (error) {
    await rm(root, { recursive: true, force: true, maxRetries: 5 });
    throw error;
  }
}

/**
 * Creates an empty database `name` on the server of `url` (dropping any earlier one of that name)
 * and returns its URL. Give each test file its own name, e.g. from `testDatabaseName()`.
 */
export async function createDatabase(url: string, name: string): Promise<string> {
  const admin = new URL(url);
  admin.pathname = "/postgres";
  await createDatabaseOn(admin.toString(), name);
  return databaseUrl(url, name);
}

/** Drops the database of `url` (for servers that outlive the run, such as TEST_DATABASE_URL's). */
export async function dropDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  assertDatabaseName(name);
  target.pathname = "/postgres";
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

/** A database name unique to this call: `<label>_<pid>_<random>`, safe to pass to createDatabase. */
export function testDatabaseName(label: string): string {
  const base = label.toLowerCase().replace(/[^a-z0-9_]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 40);
  return `${/^[a-z_]/.test(base) ? base : `t_${base}`}_${process.pid}_${randomBytes(3).toString("hex")}`;
}

// ---------------------------------------------------------------------------------------------

class PortTakenError extends Error {}

interface ServerProcess {
  child: ChildProcess;
  stderr(): string;
  exited(): boolean;
  stop(): Promise<void>;
}

function hasServerBinaries(dir: string): boolean {
  return ["initdb", "postgres"].every((name) => {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return statSync(join(dir, name)).isFile();
    } catch {
      return false;
    }
  });
}

/** PostgreSQL refuses to run as root: use `postgres` when it exists, else `nobody`. */
function unprivilegedUser(): RunAs {
  const users = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .map((line) => line.split(":"))
    .filter((fields) => fields.length >= 4);
  for (const wanted of ["postgres", "nobody"]) {
    const entry = users.find((fields) => fields[0] === wanted);
    if (entry) return { name: wanted, uid: Number(entry[2]), gid: Number(entry[3]) };
  }
  throw new Error("postgres-cluster: running as root, but neither user `postgres` nor `nobody` exists");
}

/** The unprivileged user must be able to reach the cluster's directory. */
function tempBase(runAs: RunAs | null): string {
  const base = tmpdir();
  if (!runAs) return base;
  for (let dir = resolve(base); ; dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) return "/tmp";
    if (dir === dirname(dir)) return base;
  }
}

function serverEnv(): NodeJS.ProcessEnv {
  // PG* variables (PGDATA, PGPORT…) of the caller's environment must not steer the new cluster.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("PG")));
  return { ...env, LC_MESSAGES: "C" };
}

/**
 * Spawns a server binary, dropping to `runAs` when given. Node performs setgid/setuid (and clears
 * supplementary groups) in the child before exec, so the pid we hold is the server itself and
 * signals reach it directly — a wrapper such as runuser would turn SIGINT into SIGTERM.
 */
function spawnAs(command: string, args: string[], cwd: string, runAs: RunAs | null): ChildProcess {
  return spawn(command, args, {
    cwd,
    env: serverEnv(),
    stdio: ["ignore", "pipe", "pipe"],
    ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
  });
}

async function run(command: string, args: string[], cwd: string, runAs: RunAs | null): Promise<{ code: number | null; output: string }> {
  const child = spawnAs(command, args, cwd, runAs);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolvePromise, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolvePromise({ code, output }));
  });
}

async function initCluster(binDir: string, dataDir: string, root: string, runAs: RunAs | null): Promise<void> {
  const initdb = join(binDir, "initdb");
  const common = ["-D", dataDir, "-U", SUPERUSER, "--auth=trust", "-E", "UTF8", "--no-sync"];
  const withLocale = await run(initdb, [...common, "--locale=C.UTF-8"], root, runAs);
  if (withLocale.code === 0) return;

  // C.UTF-8 is missing on some systems: retry without a locale.
  await rm(dataDir, { recursive: true, force: true });
  const noLocale = await run(initdb, [...common, "--no-locale"], root, runAs);
  if (noLocale.code === 0) return;
  throw new Error(
    `postgres-cluster: initdb failed (exit ${noLocale.code}).\n` +
      `--- with --locale=C.UTF-8 ---\n${withLocale.output}\n--- with --no-locale ---\n${noLocale.output}`,
  );
}

function launchServer(binDir: string, dataDir: string, root: string, port: number, runAs: RunAs | null): ServerProcess {
  const socketDir = root.length <= MAX_SOCKET_DIR_LENGTH ? root : "";
  const child = spawnAs(
    join(binDir, "postgres"),
    [
      "-D", dataDir,
      "-k", socketDir,
      "-c", "listen_addresses=127.0.0.1",
      "-p", String(port),
      "-c", "fsync=off",
      "-c", "synchronous_commit=off",
      "-c", "full_page_writes=off",
      "-c", "max_connections=200",
    ],
    root,
    runAs,
  );

  let stderr = "";
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  child.once("error", (error) => {
    stderr += `\n${error.message}`;
    exited = true;
  });
  const keep = (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-STDERR_KEPT_BYTES);
  };
  // Both pipes must be drained, or a chatty server blocks on a full pipe.
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  // The cluster must not keep the event loop alive; the exit hook below takes care of it.
  child.unref();
  for (const stream of [child.stdout, child.stderr]) {
    if (stream && "unref" in stream && typeof stream.unref === "function") stream.unref();
  }

  return {
    child,
    stderr: () => stderr,
    exited: () => exited,
    async stop() {
      if (exited) return;
      // SIGINT is PostgreSQL's fast shutdown.
      await stopChild(child, "SIGINT", STOP_TIMEOUT_MS);
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port ? resolvePromise(port) : reject(new Error("postgres-cluster: no free port"))));
    });
  });
}

async function waitUntilReady(server: ServerProcess, port: number): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastError = "";
  while (Date.now() < deadline) {
    if (server.exited()) {
      const log = server.stderr();
      if (/could not bind|Address already in use/i.test(log)) {
        throw new PortTakenError(`postgres-cluster: port ${port} was taken.\n${log}`);
      }
      throw new Error(`postgres-cluster: postgres exited before accepting connections.\n--- postgres stderr ---\n${log}`);
    }
    const client = new pg.Client({ connectionString: adminUrl(port), connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.query("select 1");
      return;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    } finally {
      await client.end().catch(() => undefined);
    }
    await delay(POLL_INTERVAL_MS);
  }
  throw new Error(
    `postgres-cluster: postgres did not accept connections on 127.0.0.1:${port} within ${READY_TIMEOUT_MS / 1000} s ` +
      `(last error: ${lastError}).\n--- postgres stderr ---\n${server.stderr()}`,
  );
}

async function createDatabaseOn(adminConnection: string, name: string): Promise<void> {
  assertDatabaseName(name);
  const client = new pg.Client({ connectionString: adminConnection });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

function assertDatabaseName(name: string): void {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name)) {
    throw new Error(`postgres-cluster: invalid database name ${JSON.stringify(name)} (letters, digits, _; at most 63)`);
  }
}

function adminUrl(port: number): string {
  return `postgresql://${SUPERUSER}@127.0.0.1:${port}/postgres`;
}

function databaseUrl(url: string, name: string): string {
  const result = new URL(url);
  result.pathname = `/${name}`;
  return result.toString();
}

// Clusters still running when the process exits are shut down at once and their files removed.
const running = new Map<ServerProcess, string>();

function register(server: ServerProcess, root: string): void {
  if (running.size === 0) process.on("exit", killAllOnExit);
  running.set(server, root);
}

function unregister(server: ServerProcess): void {
  running.delete(server);
  if (running.size === 0) process.off("exit", killAllOnExit);
}

function killAllOnExit(): void {
  for (const [server, root] of running) {
    if (!server.exited()) server.child.kill("SIGQUIT");
    try {
      rmSync(root, { recursive: true, force: true, maxRetries: 5 });
    } catch {
      // The process is exiting; a leftover temp directory is all that can remain.
    }
  }
  running.clear();
}
