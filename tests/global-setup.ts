// Vitest global setup: decides whether API tests also run on PostgreSQL, and provides its URL; makes
// the embedded databases tests start from (migrated, and migrated and seeded with the demo catalogue),
// so that each test's PGlite is a copy instead of migrating and seeding again.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../server/db/client.ts";
import { loadConfig } from "../server/config.ts";
import { seedIfEmpty } from "../server/seed/seed.ts";
import { findPostgresBinDir, startPostgresCluster, type PostgresCluster } from "./support/postgres-cluster.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A PostgreSQL database for API tests, or null when they run on PGlite only. */
    postgresUrl: string | null;
    /** Files of embedded databases to start from: migrated, and seeded for the demo brand. */
    embeddedDumps: EmbeddedDumps;
  }
}

export interface EmbeddedDumps {
  migrated: string;
  seeded: string;
  /** The brand the seeded one was seeded for (the configuration's default). */
  brandName: string;
}

let dumpDir: string | null = null;

async function makeEmbeddedDumps(): Promise<EmbeddedDumps> {
  dumpDir = mkdtempSync(join(tmpdir(), "escale-test-db-"));
  const db = await openDatabase({ dataDir: "memory://" });
  try {
    const write = async (name: string) => {
      const file = join(dumpDir!, `${name}.tar`);
      writeFileSync(file, Buffer.from(await (await db.dump!()).arrayBuffer()));
      return file;
    };
    await db.migrate();
    const migrated = await write("migrated");
    const { brandName } = loadConfig({});
    await seedIfEmpty(db, { brandName });
    return { migrated, seeded: await write("seeded"), brandName };
  } finally {
    await db.close();
  }
}

let cluster: PostgresCluster | null = null;

export async function setup(project: TestProject): Promise<void> {
  project.provide("embeddedDumps", await makeEmbeddedDumps());
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide("postgresUrl", given);
    console.log(`PostgreSQL: API tests also run on PostgreSQL at ${redact(given)} (TEST_DATABASE_URL)`);
    return;
  }
  if (process.env.TEST_POSTGRES === "off") {
    project.provide("postgresUrl", null);
    console.log("PostgreSQL: API tests run on PGlite only (TEST_POSTGRES=off)");
    return;
  }

  const started = Date.now();
  cluster = await startPostgresCluster();
  project.provide("postgresUrl", cluster?.url ?? null);
  if (cluster) {
    console.log(
      `PostgreSQL: API tests also run on PostgreSQL, on a throwaway cluster at ${cluster.url} ` +
        `(${findPostgresBinDir()}, started in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  } else {
    const where = process.env.POSTGRES_BIN_DIR
      ? `POSTGRES_BIN_DIR=${process.env.POSTGRES_BIN_DIR} has no initdb and postgres`
      : "no initdb and postgres on the PATH or under /usr/lib/postgresql/<version>/bin";
    console.log(`PostgreSQL: API tests run on PGlite only (${where}; install PostgreSQL or set TEST_DATABASE_URL)`);
  }
}

export async function teardown(): Promise<void> {
  if (dumpDir) rmSync(dumpDir, { recursive: true, force: true });
  dumpDir = null;
  await cluster?.stop();
  cluster = null;
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparsable URL)";
  }
}
