// The address form's rules (SPEC §5), stated once: the address book and the checkout use them.
// Each issue's message is the id of the text the form shows (addressForm.<field>.required|error).
// What it outputs is the contract's AddressInput: the phone in international format, a name
// generated when none is given.
import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString, type PhoneNumber } from "libphonenumber-js/min";
import * as v from "valibot";
import type { components } from "../../../common/api/schema.gen.ts";
import { suggestedTerritory } from "./overseas.ts";

export type AddressInput = components["schemas"]["AddressInput"];

const NAME_MIN = 2;
export const NAME_MAX = 50;
export const COMPANY_MAX = 50;
export const STREET_MIN = 2;
export const STREET_MAX = 90;
export const CITY_MIN = 2;
export const CITY_MAX = 50;
export const POSTCODE_MIN = 4;
export const POSTCODE_MAX = 10;
export const ADDRESS_NAME_MAX = 50;
/** Random characters at the end of a generated address name (SPEC §5). */
export const GENERATED_NAME_RANDOM_LENGTH = 8;
/** Letters of the street kept in a generated name, so that it stays within ADDRESS_NAME_MAX. */
const GENERATED_NAME_STREET_LETTERS = 30;

export type AddressField = "firstName" | "lastName" | "company" | "street" | "postCode" | "city" | "country" | "phone" | "name";
/** What the fields hold while the shopper types. */
export type AddressFormValues = Record<AddressField, string>;

export const EMPTY_ADDRESS: AddressFormValues = {
  firstName: "",
  lastName: "",
  company: "",
  street: "",
  postCode: "",
  city: "",
  country: "",
  phone: "",
  name: "",
};

export interface AddressSchemaOptions {
  /** The countries the customer may choose (Empowerment customers); all when absent. */
  allowedCountries?: readonly string[] | undefined;
  /** The 8 random characters of a generated name (tests pass a fixed source). */
  randomCharacters?: (length: number) => string;
}

const RANDOM_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export function randomCharacters(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => RANDOM_ALPHABET[byte % RANDOM_ALPHABET.length]).join("");
}

/** A name for an address the shopper did not name: the street's letters, the postcode's digits, 8 random characters. */
export function generateAddressName(street: string, postCode: string, random: (length: number) => string = randomCharacters): string {
  const letters = street
    .normalize("NFD")
    .replace(/[^A-Za-z]/gu, "")
    .slice(0, GENERATED_NAME_STREET_LETTERS);
  const digits = postCode.replace(/\D/gu, "");
  return `${letters}${digits}${random(GENERATED_NAME_RANDOM_LENGTH)}`;
}

/** The number the shopper typed, read for the chosen country, if it is valid for that country. */
export function phoneForCountry(phone: string, country: string): PhoneNumber | undefined {
  const supported = isSupportedCountry(country);
  const parsed = supported ? parsePhoneNumberFromString(phone, country) : parsePhoneNumberFromString(phone);
  if (!parsed?.isValid()) return undefined;
  // Valid for the country: its calling code (shared by territories, e.g. +590 for GP, BL and MF).
  if (supported && parsed.countryCallingCode !== getCountryCallingCode(country)) return undefined;
  return parsed;
}

/** The international way to write a valid phone (`+33 6 12 34 56 78`), shown once the field is left. */
export function formatPhoneInternational(phone: string, country: string): string | undefined {
  return phoneForCountry(phone, country)?.formatInternational();
}

/**
 * The phone once the country changed (a suggested territory chosen after the phone was typed and
 * written for France): the same digits read for the new country, in its international form; the
 * phone as it was when they make no valid number there.
 */
export function phoneForNewCountry(phone: string, from: string, to: string): string {
  if (phone.trim() === "") return phone;
  const already = formatPhoneInternational(phone, to);
  if (already) return already;
  const before = phoneForCountry(phone, from);
  return (before && formatPhoneInternational(before.formatNational(), to)) ?? phone;
}

const text = () => v.pipe(v.string(), v.trim());

const requiredText = (field: AddressField, min: number, max: number) =>
  v.pipe(
    text(),
    v.nonEmpty(`addressForm.${field}.required`),
    v.minLength(min, `addressForm.${field}.error`),
    v.maxLength(max, `addressForm.${field}.error`),
  );

export function addressSchema(options: AddressSchemaOptions = {}) {
  const { allowedCountries, randomCharacters: random = randomCharacters } = options;
  return v.pipe(
    v.object({
      firstName: requiredText("firstName", NAME_MIN, NAME_MAX),
      lastName: requiredText("lastName", NAME_MIN, NAME_MAX),
      company: v.pipe(text(), v.maxLength(COMPANY_MAX, "addressForm.company.error")),
      street: requiredText("street", STREET_MIN, STREET_MAX),
      postCode: v.pipe(
        requiredText("postCode", POSTCODE_MIN, POSTCODE_MAX),
        v.regex(/\d/u, "addressForm.postCode.error"),
      ),
      city: v.pipe(requiredText("city", CITY_MIN, CITY_MAX), v.regex(/\D/u, "addressForm.city.error")),
      country: v.pipe(
        text(),
        v.nonEmpty("addressForm.country.required"),
        v.regex(/^[A-Z]{2}$/u, "addressForm.country.required"),
        v.check((country) => !allowedCountries || allowedCountries.includes(country), "addressForm.country.notAllowed"),
      ),
      phone: v.pipe(text(), v.nonEmpty("addressForm.phone.required")),
      name: v.pipe(
        text(),
        v.maxLength(ADDRESS_NAME_MAX, "addressForm.name.error"),
        v.regex(/^[^/]*$/u, "addressForm.name.error"),
      ),
    }),
    v.forward(
      v.partialCheck(
        [["country"], ["postCode"]],
        ({ country, postCode }) => suggestedTerritory(country, postCode) === undefined,
        "addressForm.country.error",
      ),
      ["country"],
    ),
    v.forward(
      v.partialCheck([["phone"], ["country"]], ({ phone, country }) => phoneForCountry(phone, country) !== undefined, "addressForm.phone.error"),
      ["phone"],
    ),
    v.transform(
      (values): AddressInput => ({
        name: values.name || generateAddressName(values.street, values.postCode, random),
        company: values.company || null,
        firstName: values.firstName,
        lastName: values.lastName,
        street: values.street,
        city: values.city,
        postCode: values.postCode,
        country: values.country,
        phone: phoneForCountry(values.phone, values.country)?.number ?? values.phone,
      }),
    ),
  );
}

/** The form's values of a saved address (to edit it). */
export function addressFormValues(address: components["schemas"]["Address"]): AddressFormValues {
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    company: address.company ?? "",
    street: address.street,
    postCode: address.postCode,
    city: address.city,
    country: address.country,
    phone: address.phone ? (formatPhoneInternational(address.phone, address.country) ?? address.phone) : "",
    name: address.name,
  };
}
