// The two databases the API can run on, each prepared with a seeded catalogue of N products.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { findPostgresBinDir, startPostgresCluster } from "../../tests/support/postgres-cluster.ts";
import { onCleanup } from "./lifecycle.ts";
import { childEnv, runCommand } from "./processes.ts";

export type BackendName = "pglite" | "postgres";

interface PreparedBackend {
  name: BackendName;
  /** Human description: engine, version, where the data lives (never a connection string). */
  description: string;
  engineVersion: string | null;
  /** Where the catalogue comes from: a reused folder, BENCH_DATABASE_URL, or a throwaway cluster. */
  source: "pglite-folder" | "bench-database-url" | "throwaway-cluster";
  /** Products in the database (counted when possible, else the requested number). */
  products: number;
  seeded: "now" | "reused";
  seedSeconds: number;
  /** How the planner's table statistics came about. */
  statistics: string;
  /** DATA_DIR or DATABASE_URL for the server. */
  serverEnv: Record<string, string>;
  /** Queries of the catalogue's database still running, from a separate connection (PostgreSQL). */
  activeQueries?: () => Promise<number>;
  /** Stops what was started for this backend (the throwaway cluster). */
  release(): Promise<void>;
}

export type Preparation = { ok: true; backend: PreparedBackend } | { ok: false; skipped: string };

async function seed(root: string, env: Record<string, string>, products: number): Promise<{ seeded: "now" | "reused"; seconds: number }> {
  const started = performance.now();
  const output = await runCommand("npx", ["tsx", "server/seed/cli.ts", "--products", String(products)], {
    cwd: root,
    env: childEnv(env),
    label: "the seed command",
  });
  return { seeded: /nothing changed/.test(output) ? "reused" : "now", seconds: (performance.now() - started) / 1000 };
}

function pgliteVersion(root: string): string | null {
  try {
    const file = join(root, "node_modules", "@electric-sql", "pglite", "package.json");
    return (JSON.parse(readFileSync(file, "utf8")) as { version?: string }).version ?? null;
  } catch {
    return null;
  }
}

/** PGlite in `bench/.data/pglite-<N>`: seeded once, reused by later runs. */
export async function preparePglite(root: string, products: number): Promise<Preparation> {
  const dataDir = join(root, "bench", ".data", `pglite-${products}`);
  const existed = existsSync(join(dataDir, "pglite"));
  console.log(
    existed
      ? `  catalogue: reusing bench/.data/pglite-${products}`
      : `  catalogue: seeding ${products.toLocaleString("en-US")} products into bench/.data/pglite-${products} (once; later runs reuse it)`,
  );
  const result = await seed(root, { DATA_DIR: dataDir }, products);
  const version = pgliteVersion(root);
  return {
    ok: true,
    backend: {
      name: "pglite",
      description: `PGlite ${version ?? "?"} (embedded, in the server process)`,
      engineVersion: version,
      source: "pglite-folder",
      products,
      seeded: result.seeded,
      seedSeconds: result.seconds,
      statistics: "as left by the seed command (PGlite runs no autovacuum, so none unless something ran ANALYZE)",
      serverEnv: { DATA_DIR: dataDir },
      release: () => Promise.resolve(),
    },
  };
}

/**
 * Version and size of the catalogue. Also runs ANALYZE: right after a bulk load the tables have no
 * statistics until autovacuum gets to them (up to a minute later), and the plans of the first
 * runs would differ from those of a database in service.
 */
async function analyzeAndDescribe(url: string): Promise<{ version: string | null; products: number | null }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("analyze");
    const version = await client.query<{ version: string }>("select current_setting('server_version') as version");
    const count = await client.query<{ count: number }>("select count(*)::int as count from products");
    return { version: version.rows[0]?.version ?? null, products: count.rows[0]?.count ?? null };
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL: `BENCH_DATABASE_URL` when given (seeded only if empty, reused afterwards), else a
 * throwaway cluster that lives for this run only and is seeded each time. Skipped when neither
 * exists.
 */
export async function preparePostgres(root: string, products: number): Promise<Preparation> {
  const given = process.env.BENCH_DATABASE_URL?.trim();
  let url: string;
  let source: PreparedBackend["source"];
  let release: () => Promise<void> = () => Promise.resolve();
  if (given) {
    url = given;
    source = "bench-database-url";
    console.log("  database: BENCH_DATABASE_URL");
  } else {
    if (!findPostgresBinDir()) {
      return {
        ok: false,
        skipped:
          "no PostgreSQL server binaries found (install PostgreSQL or set POSTGRES_BIN_DIR) and no BENCH_DATABASE_URL given",
      };
    }
    console.log("  database: starting a throwaway PostgreSQL cluster for this run");
    const cluster = await startPostgresCluster();
    if (!cluster) return { ok: false, skipped: "no PostgreSQL server binaries found" };
    release = onCleanup("the PostgreSQL cluster", () => cluster.stop());
    url = cluster.url;
    source = "throwaway-cluster";
  }
  try {
    console.log(`  catalogue: seeding ${products.toLocaleString("en-US")} products (skipped if the database already has products)`);
    const result = await seed(root, { DATABASE_URL: url }, products);
    const described = await analyzeAndDescribe(url);
    if (described.products !== null && described.products !== products) {
      console.log(
        `  note: the database holds ${described.products.toLocaleString("en-US")} products, not ${products.toLocaleString("en-US")} ` +
          "(it already had a catalogue; empty it with `npm run seed -- --reset` to change the size)",
      );
    }
    const monitor = new pg.Client({ connectionString: url, application_name: "bench-monitor" });
    await monitor.connect();
    monitor.on("error", () => undefined);
    const closeMonitor = onCleanup("the monitoring connection", () => monitor.end().catch(() => undefined));
    const activeQueries = async () => {
      const result = await monitor.query<{ count: number }>(
        `select count(*)::int as count from pg_stat_activity
         where datname = current_database() and state = 'active' and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      );
      return result.rows[0]?.count ?? 0;
    };
    const releaseCluster = release;
    release = async () => {
      await closeMonitor();
      await releaseCluster();
    };
    return {
      ok: true,
      backend: {
        name: "postgres",
        description: `PostgreSQL ${described.version ?? "?"} (${source === "throwaway-cluster" ? "throwaway local cluster" : "BENCH_DATABASE_URL"})`,
        engineVersion: described.version,
        source,
        products: described.products ?? products,
        seeded: result.seeded,
        seedSeconds: result.seconds,
        statistics: "ANALYZE run by the benchmark after seeding (as autovacuum would within a minute)",
        serverEnv: { DATABASE_URL: url },
        activeQueries,
        release,
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}
