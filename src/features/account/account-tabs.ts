// The account's three pages (SPEC §2 /mon-compte/{pageName}) and their slug in each language.
import type { Lang } from "../../../common/languages.ts";

export const ACCOUNT_TABS = ["profile", "addresses", "orders"] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

export const ACCOUNT_TAB_SLUGS: Record<AccountTab, Record<Lang, string>> = {
  profile: { fr: "profil", en: "profile" },
  addresses: { fr: "adresses", en: "addresses" },
  orders: { fr: "commandes", en: "orders" },
};

/** The tab a slug names, in either language (the language switcher keeps the slug as it is). */
export function accountTabOf(slug: string | undefined): AccountTab | undefined {
  if (slug === undefined || slug === "") return "profile";
  return ACCOUNT_TABS.find((tab) => ACCOUNT_TAB_SLUGS[tab].fr === slug || ACCOUNT_TAB_SLUGS[tab].en === slug);
}
