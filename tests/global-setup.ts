// Vitest global setup: decides whether API tests also run on PostgreSQL, and provides its URL.
import type { TestProject } from "vitest/node";
import { findPostgresBinDir, startPostgresCluster, type PostgresCluster } from "./support/postgres-cluster.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A PostgreSQL database for API tests, or null when they run on PGlite only. */
    postgresUrl: string | null;
  }
}

let cluster: PostgresCluster | null = null;

export async function setup(project: TestProject): Promise<void> {
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
