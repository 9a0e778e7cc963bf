// How the account writes an order's dates, and how it was paid.
import type { Lang } from "../../i18n/i18n.ts";
import type { Order } from "./orders-query.ts";

/** SPEC §7: an empowerment order is paid from the crew member's money pot, not by card. */
export function isPaidFromMoneyPot(order: Pick<Order, "payment">): boolean {
  return order.payment?.method === "moneyPot";
}

const dateFormats = new Map<Lang, Intl.DateTimeFormat>();

/** An instant as the day it was, e.g. "14 mars 2026" / "14 March 2026". */
export function formatOrderDate(iso: string, lang: Lang): string {
  let format = dateFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang === "en" ? "en-GB" : "fr-FR", { dateStyle: "long" });
    dateFormats.set(lang, format);
  }
  return format.format(new Date(iso));
}
