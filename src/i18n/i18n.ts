// The shop's two languages: the active one follows the URL (`/fr/...`, `/en/...`).
import { i18n, type Messages } from "@lingui/core";

export const LANGS = ["fr", "en"] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = "fr";

export const isLang = (value: unknown): value is Lang => value === "fr" || value === "en";

export const apiLocaleOf = (lang: Lang) => (lang === "en" ? "en_US" : "fr_FR");

const loaders: Record<Lang, () => Promise<{ messages: Messages }>> = {
  fr: () => import("../../locales/fr/messages.po"),
  en: () => import("../../locales/en/messages.po"),
};

const loadedLangs = new Set<Lang>();

/** Loads a language's catalogue (once) and makes it the active one. */
export async function activateLanguage(lang: Lang): Promise<void> {
  if (!loadedLangs.has(lang)) {
    const { messages } = await loaders[lang]();
    i18n.load(lang, messages);
    loadedLangs.add(lang);
  }
  if (i18n.locale !== lang) i18n.activate(lang);
  if (typeof document !== "undefined") document.documentElement.lang = lang;
}

export function currentLang(): Lang {
  return isLang(i18n.locale) ? i18n.locale : DEFAULT_LANG;
}

export { i18n };
