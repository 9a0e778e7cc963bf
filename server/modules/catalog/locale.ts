// The two languages of the shop, as the API names them and as the tables' columns do.
export type ApiLocale = "fr_FR" | "en_US";
export type Lang = "fr" | "en";

export const DEFAULT_LOCALE: ApiLocale = "fr_FR";

/** Every locale the API answers in. */
export const API_LOCALES: readonly ApiLocale[] = ["fr_FR", "en_US"];

export function langOf(locale: ApiLocale | undefined): Lang {
  return locale === "en_US" ? "en" : "fr";
}

const collators: Record<Lang, Intl.Collator> = {
  fr: new Intl.Collator("fr", { sensitivity: "base", numeric: true }),
  en: new Intl.Collator("en", { sensitivity: "base", numeric: true }),
};

/** Compares labels the way a reader of that language expects ("Écharpes" before "Foulards"). */
export function compareLabels(lang: Lang, a: string, b: string): number {
  return collators[lang].compare(a, b);
}
