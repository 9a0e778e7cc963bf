// Builds the API in-process on a fresh, migrated and seeded database, on PGlite and (when the
// global setup started one) on PostgreSQL, so every API test runs against both.
import { readFile } from "node:fs/promises";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { inject } from "vitest";
import { PAYMENT_WEBHOOK_PATH, type NotificationDelivery } from "../../server/adapters/payment-sandbox/sandbox-notifications.ts";
import { buildApp, type AppOptions } from "../../server/app.ts";
import { closeAdapters, createAdapters, type Adapters } from "../../server/composition.ts";
import { loadConfig, type Config } from "../../server/config.ts";
import { openDatabase, type Database } from "../../server/db/client.ts";
import { createShopJobs } from "../../server/jobs/shop-jobs.ts";
import { DEFAULT_RETRY, type JobWorker, type RetryPolicy } from "../../server/platform/job-queue.ts";
import { silentLogger } from "../../server/platform/logger.ts";
import { seedIfEmpty } from "../../server/seed/seed.ts";
import { createDatabase, dropDatabase, testDatabaseName } from "./postgres-cluster.ts";

export const TEST_TOKEN = "test-storefront-token-0123456789";

export interface Backend {
  name: "pglite" | "postgres";
  url: string | null;
}

/** PGlite always; PostgreSQL too when a cluster is available. */
export function backends(): Backend[] {
  const postgresUrl = inject("postgresUrl");
  return [{ name: "pglite", url: null }, ...(postgresUrl ? [{ name: "postgres" as const, url: postgresUrl }] : [])];
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  /** The outside services the app was built with (the configuration's, or the test's overrides). */
  adapters: Adapters;
  /** `app.inject` with the storefront token already set. */
  request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

const dumpFiles = new Map<string, Promise<Blob>>();

/** The embedded database the global setup made (read once per process). */
function embeddedDump(seeded: boolean): Promise<Blob> {
  const dumps = inject("embeddedDumps");
  const file = seeded ? dumps.seeded : dumps.migrated;
  let dump = dumpFiles.get(file);
  if (!dump) {
    dump = readFile(file).then((bytes) => new Blob([bytes]));
    dumpFiles.set(file, dump);
  }
  return dump;
}

/**
 * A fresh database: in memory on PGlite, a copy of the global setup's (migrated, and seeded with the demo
 * catalogue when asked); on PostgreSQL, a new empty database of the cluster. Callers migrate it (nothing
 * to do on the copies) and seed it.
 */
export async function openTestDatabase(backend: Backend, options: { seeded?: boolean } = {}): Promise<Database> {
  const databaseUrl = backend.url ? await createDatabase(backend.url, testDatabaseName("escale")) : undefined;
  const db = await openDatabase({
    databaseUrl,
    dataDir: "memory://",
    embeddedDump: databaseUrl ? undefined : await embeddedDump(options.seeded ?? false),
  });
  if (!databaseUrl) return db;
  return {
    ...db,
    async close() {
      await db.close();
      await dropDatabase(databaseUrl);
    },
  };
}

export async function startTestApp(
  backend: Backend,
  options: { seed?: boolean; app?: Partial<Omit<AppOptions, "adapters">>; adapters?: Partial<Adapters>; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const config = loadConfig({ STOREFRONT_API_TOKEN: TEST_TOKEN, LOG_LEVEL: "silent", ...options.env });
  const seed = options.seed !== false;
  const db = await openTestDatabase(backend, { seeded: seed && config.brandName === inject("embeddedDumps").brandName });
  await db.migrate();
  if (seed) await seedIfEmpty(db, { brandName: config.brandName });
  const adapters = createAdapters(config, db, options.adapters, options.app?.now);
  const app = await buildApp({ config, db, logger: false, ...options.app, adapters });
  await app.ready();
  return {
    app,
    db,
    config,
    adapters,
    request: (request) =>
      app.inject({ ...request, headers: { authorization: `Bearer ${TEST_TOKEN}`, ...request.headers } }),
    async close() {
      await app.close();
      closeAdapters(adapters);
      await db.close();
    },
  };
}

/** Short pauses, so that a test sees retries without waiting minutes. */
export const QUICK_RETRY: RetryPolicy = { baseDelayMs: 50, maxDelayMs: 200 };

/**
 * Starts the test shop's background jobs as the server does (mail delivery with its transport,
 * the recurring jobs, the payment sandbox's notifications to the shop's own webhook), looking for
 * due jobs every few milliseconds. Stop it before closing.
 */
export async function startShopJobs(
  shop: TestApp,
  options: { retry?: RetryPolicy; deliverPaymentNotification?: NotificationDelivery } = {},
): Promise<JobWorker> {
  const worker = createShopJobs({
    db: shop.db,
    config: shop.config,
    adapters: shop.adapters,
    log: silentLogger,
    pollIntervalMs: 10,
    retry: options.retry ?? DEFAULT_RETRY,
    deliverPaymentNotification:
      options.deliverPaymentNotification ?? ((body) => shop.app.inject({ method: "POST", url: PAYMENT_WEBHOOK_PATH, payload: body })),
  });
  await worker.start();
  return worker;
}
