// Sends the alerts of offers that are in stock again: each alert is e-mailed once and marked
// notified in the same transaction as its outbox message. A recurring job of the queue, every minute.
import { inArray, sql } from "drizzle-orm";
import type { MailerFor } from "../../adapters/mail/mailer.ts";
import { rowsOf, type Database } from "../../db/client.ts";
import { stockAlerts } from "../../db/schema.ts";
import type { RecurringJob } from "../../platform/job-queue.ts";
import type { Logger } from "../../platform/logger.ts";
import { langOf, type ApiLocale } from "../catalog/locale.ts";
import { restockEmail, type ShopLinks } from "./restock-email.ts";

/** How often the shop looks for restocked offers. */
const RESTOCK_CHECK_INTERVAL_MS = 60_000;
/** Alerts handled per transaction. */
const BATCH_SIZE = 100;

interface DueAlertRow {
  id: number;
  email: string;
  locale: ApiLocale;
  name_fr: string;
  name_en: string;
  slug_fr: string;
  slug_en: string;
  variant_label_fr: string | null;
  variant_label_en: string | null;
}

/** E-mails every pending alert whose offer has stock again; returns how many were sent. */
export async function notifyRestockedOffers(db: Database, mailerFor: MailerFor, links: ShopLinks): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await db.orm.transaction(async (tx) => {
      // SKIP LOCKED: several instances of the shop never send the same alert twice.
      const due = await rowsOf<DueAlertRow>(
        tx,
        sql`
          select a.id, a.email, a.locale, p.name_fr, p.name_en, p.slug_fr, p.slug_en,
                 labels.fr as variant_label_fr, labels.en as variant_label_en
          from stock_alerts a
          join offers o on o.id = a.offer_id
          join variants v on v.id = o.variant_id
          join products p on p.id = v.product_id
          left join lateral (
            select string_agg(av.label_fr, ', ' order by att.position, av.index) as fr,
                   string_agg(av.label_en, ', ' order by att.position, av.index) as en
            from variant_attribute_values vav
            join attribute_values av on av.id = vav.attribute_value_id
            join attributes att on att.code = av.attribute_code
            where vav.variant_id = v.id and av.attribute_code = any(p.configurable_attributes)
          ) labels on true
          where a.notified_at is null and o.stock_quantity > 0
          order by a.id
          limit ${BATCH_SIZE}
          for update of a skip locked`,
      );
      if (due.length === 0) return 0;
      const mailer = mailerFor(tx);
      for (const alert of due) {
        const lang = langOf(alert.locale);
        await mailer.send(
          restockEmail(
            {
              email: alert.email,
              lang,
              productName: lang === "fr" ? alert.name_fr : alert.name_en,
              variantLabel: lang === "fr" ? alert.variant_label_fr : alert.variant_label_en,
              slug: lang === "fr" ? alert.slug_fr : alert.slug_en,
            },
            links,
          ),
        );
      }
      await tx
        .update(stockAlerts)
        .set({ notifiedAt: sql`now()` })
        .where(
          inArray(
            stockAlerts.id,
            due.map((alert) => alert.id),
          ),
        );
      return due.length;
    });
    sent += batch;
    if (batch < BATCH_SIZE) return sent;
  }
}

export interface RestockNotifierOptions {
  db: Database;
  mailer: MailerFor;
  links: ShopLinks;
  log: Logger;
  intervalMs?: number;
}

export function restockNotifier(options: RestockNotifierOptions): RecurringJob {
  return {
    name: "restock-notifier",
    intervalMs: options.intervalMs ?? RESTOCK_CHECK_INTERVAL_MS,
    run: async () => {
      const sent = await notifyRestockedOffers(options.db, options.mailer, options.links);
      if (sent > 0) options.log.info({ sent }, "back-in-stock alerts sent");
    },
  };
}
