// What most views need from the app: the API client, the query cache, the runtime configuration
// and the language of the page.
import { useLingui } from "@lingui/react";
import { useRouter } from "@tanstack/react-router";
import { DEFAULT_LANG, isLang, type Lang } from "../i18n/i18n.ts";

/** The language of the page being shown (`fr` | `en`). */
export function useLang(): Lang {
  const { i18n } = useLingui();
  return isLang(i18n.locale) ? i18n.locale : DEFAULT_LANG;
}

/** The router context: `api`, `queryClient`, `config`. */
export function useShopContext() {
  return useRouter().options.context;
}
