// French postcodes of the overseas territories (SPEC §5): an address with such a postcode is not
// in country FR but in the territory, which the address form suggests instead.

/** Longest prefixes first: 97133 (Saint-Barthélemy) and 97150 (Saint-Martin) before 971 (Guadeloupe). */
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

/** The territory a French postcode belongs to, or undefined for a metropolitan one. */
export function overseasTerritoryOf(postCode: string): string | undefined {
  const code = postCode.replace(/\s+/gu, "");
  return OVERSEAS_POSTCODE_PREFIXES.find(([prefix]) => code.startsWith(prefix))?.[1];
}

/** The territory to choose instead of FR for this postcode, when FR is chosen. */
export function suggestedTerritory(country: string, postCode: string): string | undefined {
  return country === "FR" ? overseasTerritoryOf(postCode) : undefined;
}
