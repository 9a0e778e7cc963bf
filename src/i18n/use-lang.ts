// The language of the page being shown, for any view (it follows the active catalogue).
import { useLingui } from "@lingui/react";
import { DEFAULT_LANG, isLang, type Lang } from "../../common/languages.ts";

/** The language of the page being shown (`fr` | `en`). */
export function useLang(): Lang {
  const { i18n } = useLingui();
  return isLang(i18n.locale) ? i18n.locale : DEFAULT_LANG;
}
