// Number formats of the shop: prices in euros (12,90 € in French, €12.90 in English), whole
// euros, percentages.
import type { Lang } from "./i18n.ts";

const tags: Record<Lang, string> = { fr: "fr-FR", en: "en-GB" };
const cache = new Map<string, Intl.NumberFormat>();

function formatter(lang: Lang, kind: "currency" | "wholeCurrency" | "percent"): Intl.NumberFormat {
  const key = `${lang}:${kind}`;
  let format = cache.get(key);
  if (!format) {
    format =
      kind === "percent"
        ? new Intl.NumberFormat(tags[lang], { style: "percent", maximumFractionDigits: 0 })
        : new Intl.NumberFormat(tags[lang], {
            style: "currency",
            currency: "EUR",
            ...(kind === "wholeCurrency" ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
          });
    cache.set(key, format);
  }
  return format;
}

/** A price given in cents, e.g. 1290 → "12,90 €" (fr) or "€12.90" (en). */
export const formatPrice = (cents: number, lang: Lang) => formatter(lang, "currency").format(cents / 100);

/** A price in whole euros, e.g. 4900 → "49 €". */
export const formatWholePrice = (cents: number, lang: Lang) => formatter(lang, "wholeCurrency").format(Math.round(cents / 100));

/** A ratio as a percentage, e.g. 0.25 → "25 %" (fr) or "25%" (en). */
export const formatPercent = (ratio: number, lang: Lang) => formatter(lang, "percent").format(ratio);
