// A shop of the test file's own on a throwaway PostgreSQL cluster, for the tests that change its
// data behind its back (stock, orders). Called inside a `test.describe`: the shop starts before
// the group's tests (not at all where no PostgreSQL server is installed: the tests then skip), the
// API helpers talk to it meanwhile, and it stops after them.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { findPostgresBinDir, startPostgresCluster, type PostgresCluster } from "../../support/postgres-cluster.ts";
import { BASE_URL_VARIABLE } from "./environment.ts";
import { test } from "./fixtures.ts";
import { startShop, type RunningShop } from "./shop-process.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");

export interface PostgresShop {
  shop: RunningShop;
  cluster: PostgresCluster;
  dataDir: string;
}

/** Registers the group's hooks; the answer gives the running shop, or null where it could not start. */
export function postgresShopOfThisGroup(name: string): () => PostgresShop | null {
  let running: PostgresShop | null = null;
  let cluster: PostgresCluster | null = null;
  let dataDir: string | null = null;
  let previousBaseUrl: string | undefined;
  test.beforeAll(async () => {
    if (findPostgresBinDir() === null) return;
    cluster = await startPostgresCluster();
    if (!cluster) return;
    dataDir = await mkdtemp(path.join(tmpdir(), `escale-e2e-${name}-`));
    const shop = await startShop({ cwd: ROOT, dataDir, env: { DATABASE_URL: cluster.url } });
    running = { shop, cluster, dataDir };
    previousBaseUrl = process.env[BASE_URL_VARIABLE];
    process.env[BASE_URL_VARIABLE] = shop.baseUrl;
  });
  test.afterAll(async () => {
    if (previousBaseUrl !== undefined) process.env[BASE_URL_VARIABLE] = previousBaseUrl;
    await running?.shop.stop();
    await cluster?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return () => running;
}
