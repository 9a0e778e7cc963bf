// Starts the shop: configuration → database → app → listen, then migrations and the demo seed.
import { outboxMailer } from "./adapters/mail/outbox-mailer.ts";
import { smtpMailer } from "./adapters/mail/smtp-mailer.ts";
import { buildApp, type Readiness } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import type { PeriodicJob } from "./jobs/periodic-job.ts";
import { startCartPurge } from "./modules/cart/cart-purge.ts";
import { startAccountHousekeeping } from "./modules/customers/account-housekeeping.ts";
import { startRestockNotifier } from "./modules/stock-alerts/restock-notifications.ts";
import { seedIfEmpty } from "./seed/seed.ts";

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main() {
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const readiness: Readiness = { ready: false };
  // SMTP when configured, else the embedded outbox (shown at /dev/mailbox in demo mode).
  const smtp = config.smtpUrl ? smtpMailer({ url: config.smtpUrl, from: config.mailFrom }) : undefined;
  const mailer = smtp ?? outboxMailer;
  const app = await buildApp({ config, db, readiness, mailer });
  const jobs: PeriodicJob[] = [];

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
    await Promise.all(jobs.map((job) => job.stop()));
    await app.close();
    smtp?.close();
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
  if (!stopping) jobs.push(startRestockNotifier({ db, mailer, links: config, log: app.log }));
  if (!stopping) jobs.push(startAccountHousekeeping({ db, log: app.log }));
  if (!stopping) jobs.push(startCartPurge({ db, log: app.log }));
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
