// The address rules of SPEC §5 that the address form and the API both apply, stated once.

/** Overseas territories by French postcode prefix, longest first: 97133 (Saint-Barthélemy) and 97150 (Saint-Martin) before 971 (Guadeloupe). */
export const OVERSEAS_POSTCODE_PREFIXES: readonly (readonly [prefix: string, territory: string])[] = [
  ["97133", "BL"],
  ["97150", "MF"],
  ["971", "GP"],
  ["972", "MQ"],
  ["973", "GF"],
  ["974", "RE"],
  ["975", "PM"],
  ["976", "YT"],
  ["986", "WF"],
  ["987", "PF"],
  ["988", "NC"],
];

/** The overseas territory a French postcode belongs to, or undefined for a metropolitan one. */
export function overseasTerritoryOf(postCode: string): string | undefined {
  const code = postCode.replace(/\s+/gu, "");
  return OVERSEAS_POSTCODE_PREFIXES.find(([prefix]) => code.startsWith(prefix))?.[1];
}

/** The countries an Empowerment customer may deliver to (one list for the shop and its API). */
export { EMPOWERMENT_COUNTRIES, isEmpowermentCountry } from "../../common/empowerment-countries.ts";
