// The relay address form's rules (SPEC §5 relay address form): street at least 2, city at least 2,
// postcode at least 4, country France, all required; and the phone, a valid number for France written
// in international format. The limits and the phone rule are the address form's
// (src/ui/address/address-schema.ts); only the country differs (relais.country.*).
import * as v from "valibot";
import { RELAY_COUNTRY } from "../../../../machines/relay-search/relay-search.machine.ts";
import type { RelayAddress } from "../../../../machines/relay-search/relay-search.types.ts";
import {
  CITY_MAX,
  CITY_MIN,
  formatPhoneInternational,
  phoneForCountry,
  POSTCODE_MAX,
  POSTCODE_MIN,
  STREET_MAX,
  STREET_MIN,
} from "../../../ui/address/address-schema.ts";

export type RelayAddressValues = Record<keyof RelayAddress, string>;

export const EMPTY_RELAY_ADDRESS: RelayAddressValues = { street: "", postCode: "", city: "", country: RELAY_COUNTRY };

const text = () => v.pipe(v.string(), v.trim());

const requiredText = (field: "street" | "postCode" | "city", min: number, max: number) =>
  v.pipe(text(), v.nonEmpty(`addressForm.${field}.required`), v.minLength(min, `addressForm.${field}.error`), v.maxLength(max, `addressForm.${field}.error`));

export const relayAddressSchema = v.object({
  street: requiredText("street", STREET_MIN, STREET_MAX),
  postCode: v.pipe(requiredText("postCode", POSTCODE_MIN, POSTCODE_MAX), v.regex(/\d/u, "addressForm.postCode.error")),
  city: v.pipe(requiredText("city", CITY_MIN, CITY_MAX), v.regex(/\D/u, "addressForm.city.error")),
  country: v.pipe(text(), v.nonEmpty("relais.country.required"), v.value(RELAY_COUNTRY, "relais.country.error")),
});

/** The address to search, when the values follow the rules. */
export function searchableAddress(values: RelayAddressValues): RelayAddress | null {
  const result = v.safeParse(relayAddressSchema, values);
  return result.success ? result.output : null;
}

/**
 * An address of another country than France that the form's other rules accept: the field refuses
 * it, and the flow is told of the search so that it says so too (SPEC §8 errors.server.relaisAddress)
 * and drops the last search's relay points, as it does for a delivery address abroad.
 */
export function otherCountryAddress(values: RelayAddressValues): RelayAddress | null {
  const country = values.country.trim();
  if (country === "" || country === RELAY_COUNTRY) return null;
  const address = searchableAddress({ ...values, country: RELAY_COUNTRY });
  return address ? { ...address, country } : null;
}

export const relayPhoneSchema = v.object({
  phone: v.pipe(
    text(),
    v.nonEmpty("addressForm.phone.required"),
    v.check((phone) => phoneForCountry(phone, RELAY_COUNTRY) !== undefined, "addressForm.phone.error"),
    v.transform((phone) => phoneForCountry(phone, RELAY_COUNTRY)?.number ?? phone),
  ),
});

/** The phone in international format (`+33612345678`) when valid for France, else null. */
export function relayPhone(phone: string): string | null {
  return phoneForCountry(phone.trim(), RELAY_COUNTRY)?.number ?? null;
}

/** How the field writes a valid phone once left (`+33 6 12 34 56 78`). */
export function displayedPhone(phone: string): string | undefined {
  return formatPhoneInternational(phone.trim(), RELAY_COUNTRY);
}
