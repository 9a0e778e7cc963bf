// Amounts, rates, dates, addresses and payment methods as the invoice and the e-mail write them: the same
// number formats as the SPA (12,50 € in French, €12.50 in English), dates in the shop's time zone.
import type { components } from "../../../common/api/schema.gen.ts";
import type { Lang } from "../catalog/locale.ts";
import { cardBrandOf } from "../../../common/card-brands.ts";

type Address = components["schemas"]["Address"];

const TAGS: Record<Lang, string> = { fr: "fr-FR", en: "en-GB" };
/** The shop sells from France: an order paid at 00:30 in Paris is dated that day. */
const SHOP_TIME_ZONE = "Europe/Paris";

const money: Record<Lang, Intl.NumberFormat> = {
  fr: new Intl.NumberFormat(TAGS.fr, { style: "currency", currency: "EUR" }),
  en: new Intl.NumberFormat(TAGS.en, { style: "currency", currency: "EUR" }),
};
const dates: Record<Lang, Intl.DateTimeFormat> = {
  fr: new Intl.DateTimeFormat(TAGS.fr, { dateStyle: "long", timeZone: SHOP_TIME_ZONE }),
  en: new Intl.DateTimeFormat(TAGS.en, { dateStyle: "long", timeZone: SHOP_TIME_ZONE }),
};
const rates: Record<Lang, Intl.NumberFormat> = {
  fr: new Intl.NumberFormat(TAGS.fr, { style: "percent", maximumFractionDigits: 2 }),
  en: new Intl.NumberFormat(TAGS.en, { style: "percent", maximumFractionDigits: 2 }),
};

/** Euro cents as a price: 1250 → "12,50 €" (fr), "€12.50" (en). */
export const formatMoney = (cents: number, lang: Lang) => money[lang].format(cents / 100);

/** A tax rate in percent: 5.5 → "5,5 %" (fr), "5.5%" (en). */
export const formatRate = (percent: number, lang: Lang) => rates[lang].format(percent / 100);

/** An ISO instant as the day it was in Paris: "25 novembre 2026". */
export const formatDate = (iso: string, lang: Lang) => dates[lang].format(new Date(iso));

const regions: Record<Lang, Intl.DisplayNames> = {
  fr: new Intl.DisplayNames([TAGS.fr], { type: "region" }),
  en: new Intl.DisplayNames([TAGS.en], { type: "region" }),
};

/** A country by its ISO code, as a reader of the language names it: FR → "France". */
export function countryName(code: string, lang: Lang): string {
  try {
    return regions[lang].of(code) ?? code;
  } catch {
    // Not a region code Intl knows: the code itself says more than nothing.
    return code;
  }
}

/** An address as the lines of an envelope: name, company, street, postcode and town, country. */
export function addressLines(address: Address, lang: Lang): string[] {
  return [
    `${address.firstName} ${address.lastName}`.trim(),
    address.company ?? "",
    address.street,
    `${address.postCode} ${address.city}`,
    countryName(address.country, lang),
  ].filter((line) => line.trim() !== "");
}


/** A payment method as the provider names it (scheme, visa, mc…), for a reader. */
export function paymentMethodLabel(method: string | null, lang: Lang): string {
  const brand = cardBrandOf(method);
  if (brand) return lang === "en" ? `${brand} card` : `carte ${brand}`;
  if (method === null || method === "scheme") return lang === "en" ? "card" : "carte bancaire";
  return method;
}
