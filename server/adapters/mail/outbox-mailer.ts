// The outbox: every e-mail is a row of the `outbox` table written in the caller's transaction,
// with a delivery job (mail-delivery.ts) added in the same transaction. Demo mode reads the rows
// back at /dev/mailbox.
import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { outbox } from "../../db/schema.ts";
import { enqueueJob } from "../../platform/job-queue.ts";
import { MAIL_DELIVERY_QUEUE } from "./mail-delivery.ts";
import type { MailerFor } from "./mailer.ts";

export const outboxMailer: MailerFor = (orm) => ({
  async send(message) {
    const [row] = await orm
      .insert(outbox)
      .values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null })
      .returning({ id: outbox.id });
    if (!row) throw new Error("the message was not stored");
    await enqueueJob(orm, { queue: MAIL_DELIVERY_QUEUE, payload: { outboxId: row.id } });
  },
});

export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
}

const columns = {
  id: outbox.id,
  to: outbox.to,
  subject: outbox.subject,
  text: outbox.text,
  html: outbox.html,
  createdAt: outbox.createdAt,
};

type OutboxRow = Omit<OutboxMessage, "createdAt"> & { createdAt: Date };

const toMessage = (row: OutboxRow): OutboxMessage => ({ ...row, createdAt: row.createdAt.toISOString() });

export function createOutboxRepository(db: Database) {
  return {
    /** The most recent messages, newest first. */
    async latest(limit: number): Promise<OutboxMessage[]> {
      const rows = await db.orm.select(columns).from(outbox).orderBy(desc(outbox.id)).limit(limit);
      return rows.map(toMessage);
    },

    async find(id: number): Promise<OutboxMessage | undefined> {
      const rows = await db.orm.select(columns).from(outbox).where(eq(outbox.id, id)).limit(1);
      return rows[0] && toMessage(rows[0]);
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
