// The shop's two languages: the active one follows the URL (`/fr/...`, `/en/...`).
//
// Each language's texts are in three catalogues, so that a page downloads the texts it shows:
// - `messages`: the shell (header, bottom bar, consent banner, notifications), the home page, product
//   cards and the error messages of the app's flows; loaded before the first render;
// - `browsing`: the catalogue's pages (listing, product, search), the search bar, the footer and
//   the information pages, the consent panel's categories (every page loads it with its footer);
// - `customer`: signing in, the account, the cart, the contact form and the cookie settings.
// The last two load with the pages and dialogs that show them: `withTexts(import(…), "browsing")`.
// A test (tests/unit/catalogues.test.ts) checks that no code reached without a catalogue uses its ids.
import { i18n, type Messages } from "@lingui/core";
import { startTransition } from "react";
import { DEFAULT_LANG, isLang, type Lang } from "../../common/languages.ts";
import { withLoadTimeout } from "../ui/chunk-load.ts";

// The languages themselves are shared with the server (common/languages.ts).
export { DEFAULT_LANG, isLang, LANGS, type Lang } from "../../common/languages.ts";

export const apiLocaleOf = (lang: Lang) => (lang === "en" ? "en_US" : "fr_FR");

type Catalogue = "messages" | "browsing" | "customer";
export type LaterCatalogue = Exclude<Catalogue, "messages">;

const loaders: Record<Lang, Record<Catalogue, () => Promise<{ messages: Messages }>>> = {
  fr: {
    messages: () => import("../../locales/fr/messages.po"),
    browsing: () => import("../../locales/fr/browsing.po"),
    customer: () => import("../../locales/fr/customer.po"),
  },
  en: {
    messages: () => import("../../locales/en/messages.po"),
    browsing: () => import("../../locales/en/browsing.po"),
    customer: () => import("../../locales/en/customer.po"),
  },
};

/** The catalogues the app has needed so far: a language activated later loads them all. */
const needed = new Set<Catalogue>(["messages"]);
const loads = new Map<`${Lang}:${Catalogue}`, Promise<void>>();

function loadCatalogue(lang: Lang, catalogue: Catalogue): Promise<void> {
  const key = `${lang}:${catalogue}` as const;
  let load = loads.get(key);
  if (!load) {
    // Merged into the language's messages; a failed download is tried again by the next call. The
    // merge makes every text re-render: in the background, since the texts on screen are unchanged
    // (the part that needed the new ones reads them when it mounts).
    load = withLoadTimeout(loaders[lang][catalogue]()).then(
      ({ messages }) => startTransition(() => i18n.load(lang, messages)),
      (error: unknown) => {
        loads.delete(key);
        throw error;
      },
    );
    loads.set(key, load);
  }
  return load;
}

/** Loads a language's catalogues (once) and makes it the active one. */
export async function activateLanguage(lang: Lang): Promise<void> {
  await Promise.all([...needed].map((catalogue) => loadCatalogue(lang, catalogue)));
  if (i18n.locale !== lang) i18n.activate(lang);
  if (typeof document !== "undefined") document.documentElement.lang = lang;
}

/** A page's or a dialog's module, once the catalogues it shows are loaded too, in the active
 *  language: `withTexts(import("./login-modal.tsx"), "customer")` where the part or page loads. */
export function withTexts<T>(module: Promise<T>, ...catalogues: LaterCatalogue[]): Promise<T> {
  const lang = currentLang();
  catalogues.forEach((catalogue) => needed.add(catalogue));
  return Promise.all([module, ...catalogues.map((catalogue) => loadCatalogue(lang, catalogue))]).then(([loaded]) => loaded);
}

export function currentLang(): Lang {
  return isLang(i18n.locale) ? i18n.locale : DEFAULT_LANG;
}

export { i18n };
