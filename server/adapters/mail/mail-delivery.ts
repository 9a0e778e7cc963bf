// The delivery job of one outbox message: claimed from the job queue, sent with the configured
// transport, then marked delivered — in that order, so a stop mid-way loses nothing (the job is
// claimed again) and a message marked delivered is never sent again. A transport failure leaves
// the message undelivered and the job retries later. Only a stop between the transport's
// acceptance and the mark can send a message twice; the copy has the same Message-ID.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { outbox } from "../../db/schema.ts";
import type { JobHandler } from "../../platform/job-queue.ts";
import type { MailTransport } from "./mail-transport.ts";

export const MAIL_DELIVERY_QUEUE = "mail-delivery";

/** Sends one outbox message unless it was delivered already; returns whether it was sent now. */
export async function deliverOutboxMessage(db: Database, transport: MailTransport, outboxId: number): Promise<boolean> {
  const [message] = await db.orm.select().from(outbox).where(eq(outbox.id, outboxId)).limit(1);
  if (!message || message.deliveredAt) return false;
  await transport.send({
    key: `outbox-${message.id}-${message.createdAt.getTime()}`,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html === null ? {} : { html: message.html }),
  });
  await db.orm
    .update(outbox)
    .set({ deliveredAt: sql`now()` })
    .where(and(eq(outbox.id, message.id), isNull(outbox.deliveredAt)));
  return true;
}

export function mailDeliveryJob(db: Database, transport: MailTransport): JobHandler {
  return async (payload) => {
    const outboxId = payload.outboxId;
    if (typeof outboxId !== "number") throw new Error("a mail delivery job names no outbox message");
    await deliverOutboxMessage(db, transport, outboxId);
  };
}
