// Starts the shop: configuration → database → adapters → app → listen, then migrations, the demo
// seed and the background jobs.
import { buildApp, type Readiness } from "./app.ts";
import { closeAdapters, createAdapters } from "./composition.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { PAYMENT_WEBHOOK_PATH } from "./adapters/payment-sandbox/sandbox-notifications.ts";
import { createShopJobs } from "./jobs/shop-jobs.ts";
import type { JobWorker } from "./platform/job-queue.ts";
import { seedIfEmpty } from "./seed/seed.ts";

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main() {
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const readiness: Readiness = { ready: false };
  const adapters = createAdapters(config, db);
  const app = await buildApp({ config, db, readiness, adapters });
  let jobs: JobWorker | undefined;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => {
      app.log.error("shutdown timed out");
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    // The job in hand finishes (an e-mail is sent and marked, or left for a retry).
    await jobs?.stop();
    await app.close();
    closeAdapters(adapters);
    await db.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  await db.migrate();
  app.log.info({ database: db.kind }, "migrations applied");
  if (config.seedOnStart) {
    const seeded = await seedIfEmpty(db, { brandName: config.brandName, log: (message) => app.log.info(message) });
    if (seeded) app.log.info("demo catalogue loaded");
  }
  readiness.ready = true;
  if (!stopping) {
    jobs = createShopJobs({
      db,
      config,
      adapters,
      log: app.log,
      // The sandbox notifies the shop's webhook as Adyen would, through the app itself (no port to know).
      deliverPaymentNotification: (body) => app.inject({ method: "POST", url: PAYMENT_WEBHOOK_PATH, payload: body }),
    });
    await jobs.start();
    app.log.info({ mail: adapters.mailTransport.kind }, "background jobs started");
  }
  app.log.info(
    { url: `http://localhost:${config.port}`, demoMode: config.demoMode },
    config.demoMode ? "Escale is ready (demo mode: embedded database and the demo storefront token)" : "Escale is ready",
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  }
  process.exit(1);
});
