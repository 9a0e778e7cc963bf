// The shop's background work, all on the job queue: delivering the outbox's e-mails, and the
// recurring jobs (back-in-stock alerts, account housekeeping, abandoned carts), and the payment
// sandbox's notifications to the webhook.
import { mailDeliveryJob, MAIL_DELIVERY_QUEUE } from "../adapters/mail/mail-delivery.ts";
import { outboxMailer } from "../adapters/mail/outbox-mailer.ts";
import { PAYMENT_SANDBOX_NOTIFICATION_QUEUE, sandboxNotificationJob, type NotificationDelivery } from "../adapters/payment-sandbox/sandbox-notifications.ts";
import type { Adapters } from "../composition.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { cartPurge } from "../modules/cart/cart-purge.ts";
import { PAYMENT_CANCEL_QUEUE } from "../modules/payment/payment-outcome.ts";
import { paymentCancelJob, reservationExpiry } from "../modules/payment/payment-jobs.ts";
import { accountHousekeeping } from "../modules/customers/account-housekeeping.ts";
import { singleSignOnHousekeeping } from "../modules/habile/habile-housekeeping.ts";
import { restockNotifier } from "../modules/stock-alerts/restock-notifications.ts";
import { createJobWorker, type JobWorker, type RetryPolicy } from "../platform/job-queue.ts";
import type { Logger } from "../platform/logger.ts";

export interface ShopJobsOptions {
  db: Database;
  config: Config;
  adapters: Pick<Adapters, "mailTransport" | "paymentGateway">;
  log: Logger;
  /** How often an idle worker looks for due jobs (tests make it short). */
  pollIntervalMs?: number;
  retry?: RetryPolicy;
  /** Hands the payment sandbox's notifications to the shop's webhook (main.ts: through the app itself). */
  deliverPaymentNotification?: NotificationDelivery;
}

/** The worker of this server instance, with every job of the shop registered; `start()` runs it. */
export function createShopJobs(options: ShopJobsOptions): JobWorker {
  const { db, config, adapters, log } = options;
  const worker = createJobWorker({ db, log, pollIntervalMs: options.pollIntervalMs, retry: options.retry });
  worker.handle(MAIL_DELIVERY_QUEUE, mailDeliveryJob(db, adapters.mailTransport));
  if (options.deliverPaymentNotification) worker.handle(PAYMENT_SANDBOX_NOTIFICATION_QUEUE, sandboxNotificationJob(options.deliverPaymentNotification));
  worker.schedule(restockNotifier({ db, mailer: outboxMailer, links: config, log }));
  worker.schedule(accountHousekeeping({ db, log }));
  worker.schedule(singleSignOnHousekeeping({ db, log }));
  worker.schedule(cartPurge({ db, log }));
  worker.schedule(reservationExpiry({ db, log }));
  if (adapters.paymentGateway) worker.handle(PAYMENT_CANCEL_QUEUE, paymentCancelJob(db, adapters.paymentGateway));
  return worker;
}
