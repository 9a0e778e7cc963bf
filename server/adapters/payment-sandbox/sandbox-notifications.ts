// The sandbox's notifications, sent as Adyen sends its webhooks: after each final outcome of a
// payment (AUTHORISATION), each cancellation (CANCELLATION) and refund (REFUND), a job of the queue
// delivers the HMAC-signed body to the shop's webhook; a delivery the webhook does not accept is
// retried by the queue, as Adyen retries.
import * as v from "valibot";
import type { Orm } from "../../db/client.ts";
import { notificationSignature } from "../../modules/payment/notification-hmac.ts";
import type { NotificationItem } from "../../modules/payment/payment-gateway.ts";
import { enqueueJob, type JobHandler } from "../../platform/job-queue.ts";

export const PAYMENT_SANDBOX_NOTIFICATION_QUEUE = "payment-sandbox-notification";

/** Where the shop receives the payment provider's notifications (its webhook route). */
export const PAYMENT_WEBHOOK_PATH = "/webhooks/adyen";

/** The body Adyen posts to a webhook. */
export interface NotificationBody {
  live: "false" | "true";
  notificationItems: { NotificationRequestItem: NotificationItem }[];
}

/** Hands a notification to the shop's webhook; resolves to its HTTP status. */
export type NotificationDelivery = (body: NotificationBody) => Promise<{ statusCode: number }>;

const NotificationItemSchema = v.object({
  pspReference: v.string(),
  originalReference: v.optional(v.string()),
  merchantReference: v.string(),
  merchantAccountCode: v.string(),
  eventCode: v.string(),
  eventDate: v.string(),
  success: v.picklist(["true", "false"]),
  amount: v.object({ value: v.number(), currency: v.string() }),
  paymentMethod: v.optional(v.string()),
  reason: v.optional(v.string()),
  additionalData: v.optional(v.record(v.string(), v.string())),
});

const JobPayloadSchema = v.object({
  body: v.object({
    live: v.picklist(["false", "true"]),
    notificationItems: v.array(v.object({ NotificationRequestItem: NotificationItemSchema })),
  }),
});

/** Signs the item with the sandbox's key and queues its delivery in the caller's transaction. */
export async function enqueueSandboxNotification(orm: Orm, item: NotificationItem, hexKey: string): Promise<void> {
  const signed: NotificationItem = { ...item, additionalData: { ...item.additionalData, hmacSignature: notificationSignature(item, hexKey) } };
  const body: NotificationBody = { live: "false", notificationItems: [{ NotificationRequestItem: signed }] };
  await enqueueJob(orm, { queue: PAYMENT_SANDBOX_NOTIFICATION_QUEUE, payload: { body } });
}

/** The job that delivers a queued notification; any answer but 2xx fails it, to be tried again. */
export function sandboxNotificationJob(deliver: NotificationDelivery): JobHandler {
  return async (payload) => {
    const parsed = v.safeParse(JobPayloadSchema, payload);
    if (!parsed.success) throw new Error("the queued notification is not one the sandbox wrote");
    const { statusCode } = await deliver(parsed.output.body);
    if (statusCode < 200 || statusCode >= 300) throw new Error(`the webhook answered ${statusCode}`);
  };
}
