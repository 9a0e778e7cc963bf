// The shop's two languages (DESIGN §3): every page is `/{lang}{path}`, French by default. Shared by
// the SPA (its router and texts) and the server (the first paint it writes into each page).
export const LANGS = ["fr", "en"] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = "fr";

export const isLang = (value: unknown): value is Lang => value === "fr" || value === "en";

/** The other language of the two (the language switcher's). */
export const otherLang = (lang: Lang): Lang => (lang === "fr" ? "en" : "fr");
