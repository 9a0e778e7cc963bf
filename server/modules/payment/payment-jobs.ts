// The ledger's background work on the job queue: releasing the stock of attempts past their
// reservation (every minute), and cancelling with the provider the authorisations the shop cannot
// honour (queued in the transaction that decided it, so none is forgotten; retried with backoff).
import type { Database } from "../../db/client.ts";
import type { JobHandler, RecurringJob } from "../../platform/job-queue.ts";
import type { Logger } from "../../platform/logger.ts";
import { merchantReferenceOf } from "./merchant-reference.ts";
import type { PaymentGateway } from "./payment-gateway.ts";
import { expireReservations } from "./payment-expiry.ts";
import { readPayment } from "./payment-records.ts";

const EXPIRY_INTERVAL_MS = 60_000;

export function reservationExpiry(options: { db: Database; now?: () => Date; log: Logger; intervalMs?: number }): RecurringJob {
  return {
    name: "payment-reservation-expiry",
    intervalMs: options.intervalMs ?? EXPIRY_INTERVAL_MS,
    run: async () => {
      const expired = await expireReservations(options.db, options.now ?? (() => new Date()));
      if (expired > 0) options.log.info({ expired }, "payment reservations expired");
    },
  };
}

/** Cancels the attempt of the job's `paymentId` with the provider. */
export function paymentCancelJob(db: Database, gateway: PaymentGateway): JobHandler {
  return async (payload) => {
    const paymentId = payload.paymentId;
    if (typeof paymentId !== "number") throw new Error("a payment cancel job without a paymentId");
    const payment = await readPayment(db.orm, paymentId);
    if (!payment) return;
    if (payment.psp_reference === null) throw new Error(`payment ${paymentId} has no provider reference to cancel`);
    const reference = merchantReferenceOf(payment.cart_uuid, payment.id);
    await gateway.cancel({ pspReference: payment.psp_reference, reference, idempotencyKey: `cancel-${reference}` });
  };
}
