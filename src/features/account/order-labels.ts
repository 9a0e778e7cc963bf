// How the account writes an order's dates and payment method.
import type { Lang } from "../../i18n/i18n.ts";

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

/** Card brands as the payment provider names them (its `brand` or payment method type). */
const CARD_BRANDS: Record<string, string> = {
  visa: "Visa",
  mc: "Mastercard",
  amex: "American Express",
  cartebancaire: "Carte Bancaire",
  cup: "UnionPay",
  diners: "Diners Club",
  discover: "Discover",
  jcb: "JCB",
  maestro: "Maestro",
};

/** The brand's name of a card payment, or null when the method names no brand (a card in general). */
export function cardBrandOf(method: string | null): string | null {
  return method === null ? null : (CARD_BRANDS[method.toLowerCase()] ?? null);
}
