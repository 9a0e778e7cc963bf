// The country list of the address form (SPEC §3 "Country list"): the ISO 3166-1 alpha-2 codes
// plus Kosovo (XK), labelled in French and English by the browser's own data (Intl.DisplayNames)
// rather than a shipped dataset, sorted by label in the current language (SPEC §5).
import { EMPOWERMENT_COUNTRIES } from "../../machines/shared/address-rules.ts";
import type { Lang } from "../../common/languages.ts";

// Codes whose current names Intl gives; the legacy codes it knows (AN, CS, YU, ZR…) are left out
// because it labels them with their successor's name, which would list a country twice.
const CODES =
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO " +
  "FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE " +
  "JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO " +
  "MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW " +
  "PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM " +
  "TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW";

export const COUNTRY_CODES: readonly string[] = CODES.split(" ");

/** The countries an Empowerment customer may deliver to (SPEC §5). */
export { EMPOWERMENT_COUNTRIES };

export const DEFAULT_COUNTRY = "FR";

export interface CountryOption {
  code: string;
  label: string;
}

const displayNames = new Map<Lang, Intl.DisplayNames>();

/** A country's name in a language (the code itself if the browser has no name for it). */
export function countryLabel(code: string, lang: Lang): string {
  let names = displayNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([lang], { type: "region", fallback: "code" });
    displayNames.set(lang, names);
  }
  return names.of(code) ?? code;
}

/** The options of the country list in a language, sorted by label; `allowed` narrows it. */
export function countryOptions(lang: Lang, allowed?: readonly string[]): CountryOption[] {
  const collator = new Intl.Collator(lang, { sensitivity: "base" });
  return (allowed ?? COUNTRY_CODES)
    .map((code) => ({ code, label: countryLabel(code, lang) }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

/** The countries a customer may choose: the Empowerment list for that group, all otherwise. */
export function allowedCountriesOf(customerGroup: string | undefined): readonly string[] | undefined {
  return customerGroup === "EMPOWERMENT" ? EMPOWERMENT_COUNTRIES : undefined;
}
