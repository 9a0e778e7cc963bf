// The address book rules the contract states beyond its schema: overseas postcodes with FR, the
// phone valid for the country (kept in international format), the countries of EMPOWERMENT
// customers, and the name generated when none is given.
import { randomInt } from "node:crypto";
import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import { isEmpowermentCountry } from "../../../common/empowerment-countries.ts";
import { overseasTerritoryOf } from "../../../machines/shared/address-rules.ts";
import { HttpError } from "../../http/errors.ts";
import type { CustomerGroup } from "../../platform/sessions.ts";

const ruleBroken = (field: string, message: string, code: string) => new HttpError(400, `Invalid ${field}: ${message}`, code, [{ field, message }]);

/** The phone number in international format, or a 400 PHONE_INVALID. */
export function internationalPhone(phone: string, country: string): string {
  const parsed = parsePhoneNumberFromString(phone, country as CountryCode);
  let callingCode: string | undefined;
  try {
    callingCode = getCountryCallingCode(country as CountryCode);
  } catch {
    callingCode = undefined;
  }
  const fits = parsed?.isValid() && (parsed.country === country || parsed.countryCallingCode === callingCode);
  if (!parsed || !fits) throw ruleBroken("phone", `not a valid phone number for ${country}`, "PHONE_INVALID");
  return parsed.number;
}

export function checkAddressRules(address: { country: string; postCode: string }, group: CustomerGroup): void {
  const territory = address.country === "FR" ? overseasTerritoryOf(address.postCode) : undefined;
  if (territory) throw ruleBroken("country", `the postcode is in ${territory}, choose that country`, "OVERSEAS_POSTCODE");
  if (group === "EMPOWERMENT" && !isEmpowermentCountry(address.country)) {
    throw ruleBroken("country", `not a delivery country of the empowerment programme`, "COUNTRY_NOT_ALLOWED");
  }
}

const RANDOM_CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** A name from the street's letters, the postcode's digits and 8 random characters. */
export function generatedAddressName(street: string, postCode: string): string {
  const letters = street
    .normalize("NFD")
    .replace(/[^A-Za-z]/g, "")
    .slice(0, 30);
  const digits = postCode.replace(/\D/g, "").slice(0, 10);
  const random = Array.from({ length: 8 }, () => RANDOM_CHARACTERS[randomInt(RANDOM_CHARACTERS.length)]).join("");
  return `${letters}${digits}${random}`;
}
