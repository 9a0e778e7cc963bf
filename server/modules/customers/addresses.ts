// The address book rules the contract states beyond its schema: overseas postcodes with FR, the
// phone valid for the country (kept in international format), the countries of EMPOWERMENT
// customers, and the name generated when none is given.
import { randomInt } from "node:crypto";
import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import { HttpError } from "../../http/errors.ts";
import type { CustomerGroup } from "../../http/customer-session.ts";

/** Postcode prefixes of the overseas territories, longest first. */
export const OVERSEAS_PREFIXES: [prefix: string, country: string][] = [
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

export const EMPOWERMENT_COUNTRIES = ["DE", "AT", "BE", "DK", "ES", "FI", "FR", "GR", "GB", "IE", "IT", "LU", "NL", "PT", "SE"];

const ruleBroken = (field: string, message: string, code: string) => new HttpError(400, `Invalid ${field}: ${message}`, code, [{ field, message }]);

/** The territory a French postcode belongs to, when it is an overseas one. */
export function overseasTerritory(postCode: string): string | undefined {
  const compact = postCode.replace(/\s/g, "");
  return OVERSEAS_PREFIXES.find(([prefix]) => compact.startsWith(prefix))?.[1];
}

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
  const territory = address.country === "FR" ? overseasTerritory(address.postCode) : undefined;
  if (territory) throw ruleBroken("country", `the postcode is in ${territory}, choose that country`, "OVERSEAS_POSTCODE");
  if (group === "EMPOWERMENT" && !EMPOWERMENT_COUNTRIES.includes(address.country)) {
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
