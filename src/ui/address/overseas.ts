// French postcodes of the overseas territories (SPEC §5): an address with such a postcode is not
// in country FR but in the territory, which the address form suggests instead.
import { overseasTerritoryOf } from "../../../machines/shared/address-rules.ts";

export { OVERSEAS_POSTCODE_PREFIXES, overseasTerritoryOf } from "../../../machines/shared/address-rules.ts";

/** The territory to choose instead of FR for this postcode, when FR is chosen. */
export function suggestedTerritory(country: string, postCode: string): string | undefined {
  return country === "FR" ? overseasTerritoryOf(postCode) : undefined;
}
