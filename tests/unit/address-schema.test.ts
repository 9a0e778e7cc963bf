// The address form's rules (SPEC §5): every field rule, the overseas territory suggestion, the
// phone checked per country and rewritten, the generated name, the country list and the
// Empowerment restriction.
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  addressFormValues,
  addressSchema,
  EMPTY_ADDRESS,
  formatPhoneInternational,
  generateAddressName,
  phoneForNewCountry,
  GENERATED_NAME_RANDOM_LENGTH,
  randomCharacters,
  type AddressFormValues,
} from "../../src/ui/address/address-schema.ts";
import {
  allowedCountriesOf,
  COUNTRY_CODES,
  countryLabel,
  countryOptions,
  EMPOWERMENT_COUNTRIES,
} from "../../src/i18n/countries.ts";
import { overseasTerritoryOf, suggestedTerritory } from "../../src/ui/address/overseas.ts";
import { firstErrors as addressErrors } from "./support/form-errors.ts";

const FIXED_RANDOM = (length: number) => "Z".repeat(length);
const schema = addressSchema({ randomCharacters: FIXED_RANDOM });

const VALID: AddressFormValues = {
  ...EMPTY_ADDRESS,
  firstName: "Jeanne",
  lastName: "Dupont",
  street: "12 rue de la Paix",
  postCode: "75002",
  city: "Paris",
  country: "FR",
  phone: "06 12 34 56 78",
};

const errorsOf = (values: Partial<AddressFormValues>, options = schema) => addressErrors(options, { ...VALID, ...values });

describe("address form rules", () => {
  it("accepts a complete French address", () => {
    expect(errorsOf({})).toEqual({});
  });

  it("asks for every required field with its own message", () => {
    expect(addressErrors(schema, { ...EMPTY_ADDRESS })).toEqual({
      firstName: "addressForm.firstName.required",
      lastName: "addressForm.lastName.required",
      street: "addressForm.street.required",
      postCode: "addressForm.postCode.required",
      city: "addressForm.city.required",
      country: "addressForm.country.required",
      phone: "addressForm.phone.required",
    });
  });

  it("holds names between 2 and 50 characters", () => {
    expect(errorsOf({ firstName: "J" }).firstName).toBe("addressForm.firstName.error");
    expect(errorsOf({ lastName: "D" }).lastName).toBe("addressForm.lastName.error");
    expect(errorsOf({ firstName: "J".repeat(51) }).firstName).toBe("addressForm.firstName.error");
    expect(errorsOf({ firstName: "Jo", lastName: "D".repeat(50) })).toEqual({});
    // Spaces around do not count.
    expect(errorsOf({ firstName: "  J  " }).firstName).toBe("addressForm.firstName.error");
  });

  it("holds the company to 50 characters and lets it be empty", () => {
    expect(errorsOf({ company: "C".repeat(51) }).company).toBe("addressForm.company.error");
    expect(errorsOf({ company: "C".repeat(50) })).toEqual({});
    expect(errorsOf({ company: "" })).toEqual({});
  });

  it("holds the street between 2 and 90 characters", () => {
    expect(errorsOf({ street: "R" }).street).toBe("addressForm.street.error");
    expect(errorsOf({ street: "R".repeat(91) }).street).toBe("addressForm.street.error");
    expect(errorsOf({ street: "R".repeat(90) })).toEqual({});
  });

  it("holds the city between 2 and 50 characters, not digits only", () => {
    expect(errorsOf({ city: "P" }).city).toBe("addressForm.city.error");
    expect(errorsOf({ city: "P".repeat(51) }).city).toBe("addressForm.city.error");
    expect(errorsOf({ city: "75002" }).city).toBe("addressForm.city.error");
    expect(errorsOf({ city: "Paris 2" })).toEqual({});
  });

  it("wants a postcode of at least 4 characters that is not without digits", () => {
    expect(errorsOf({ postCode: "750" }).postCode).toBe("addressForm.postCode.error");
    expect(errorsOf({ postCode: "ABCD" }).postCode).toBe("addressForm.postCode.error");
    expect(errorsOf({ postCode: "SW1A 1AA", country: "GB", phone: "020 7946 0018" })).toEqual({});
  });

  it("limits a given address name to 50 characters without a slash", () => {
    expect(errorsOf({ name: "N".repeat(51) }).name).toBe("addressForm.name.error");
    expect(errorsOf({ name: "Maison/Bureau" }).name).toBe("addressForm.name.error");
    expect(errorsOf({ name: "Maison" })).toEqual({});
  });
});

describe("overseas postcodes", () => {
  const territories: [string, string][] = [
    ["97133", "BL"],
    ["97150", "MF"],
    ["97110", "GP"],
    ["97200", "MQ"],
    ["97300", "GF"],
    ["97400", "RE"],
    ["97500", "PM"],
    ["97600", "YT"],
    ["98600", "WF"],
    ["98714", "PF"],
    ["98800", "NC"],
  ];

  it.each(territories)("reads %s as %s", (postCode, territory) => {
    expect(overseasTerritoryOf(postCode)).toBe(territory);
  });

  it("leaves metropolitan postcodes alone, and does not judge other countries", () => {
    expect(overseasTerritoryOf("75002")).toBeUndefined();
    expect(overseasTerritoryOf("97")).toBeUndefined();
    expect(overseasTerritoryOf("98400")).toBeUndefined();
    expect(suggestedTerritory("BE", "97110")).toBeUndefined();
    expect(suggestedTerritory("FR", "97110")).toBe("GP");
  });

  it("makes FR with an overseas postcode invalid on the country, and the territory valid", () => {
    const values = { postCode: "97110", city: "Pointe-à-Pitre", phone: "0690 12 34 56" };
    expect(errorsOf({ ...values, country: "FR" }).country).toBe("addressForm.country.error");
    expect(errorsOf({ ...values, country: "GP" })).toEqual({});
    expect(errorsOf({ postCode: "97133", city: "Gustavia", country: "FR", phone: "0690 12 34 56" }).country).toBe("addressForm.country.error");
  });
});

describe("phone", () => {
  it("must be valid for the chosen country", () => {
    expect(errorsOf({ phone: "12345" }).phone).toBe("addressForm.phone.error");
    // A Belgian number is not a French one.
    expect(errorsOf({ phone: "+32 470 12 34 56" }).phone).toBe("addressForm.phone.error");
    expect(errorsOf({ phone: "+32 470 12 34 56", country: "BE", postCode: "1000", city: "Bruxelles" })).toEqual({});
  });

  it("is sent in international format", () => {
    const result = v.safeParse(schema, VALID);
    expect(result.success && result.output.phone).toBe("+33612345678");
    const guadeloupe = v.safeParse(schema, { ...VALID, postCode: "97110", city: "Pointe-à-Pitre", country: "GP", phone: "0690 12 34 56" });
    expect(guadeloupe.success && guadeloupe.output.phone).toBe("+590690123456");
  });

  it("is shown in international format once valid", () => {
    expect(formatPhoneInternational("0612345678", "FR")).toBe("+33 6 12 34 56 78");
    expect(formatPhoneInternational("020 7946 0018", "GB")).toBe("+44 20 7946 0018");
    expect(formatPhoneInternational("0612", "FR")).toBeUndefined();
  });

  it("is written again for the territory chosen after it was typed for France", () => {
    // Typed with France chosen, shown as a French number: invalid for Martinique as it stands.
    const shown = formatPhoneInternational("0696123456", "FR") ?? "";
    expect(shown).toBe("+33 6 96 12 34 56");
    expect(errorsOf({ phone: shown, country: "MQ", postCode: "97200", city: "Fort-de-France" }).phone).toBe("addressForm.phone.error");
    const rewritten = phoneForNewCountry(shown, "FR", "MQ");
    expect(rewritten).toBe("+596 696 12 34 56");
    expect(errorsOf({ phone: rewritten, country: "MQ", postCode: "97200", city: "Fort-de-France" }).phone).toBeUndefined();
    // A number already right for the new country, an empty one and one that fits nowhere stay.
    expect(phoneForNewCountry("+590 690 12 34 56", "FR", "GP")).toBe("+590 690 12 34 56");
    expect(phoneForNewCountry("", "FR", "MQ")).toBe("");
    expect(phoneForNewCountry("12", "FR", "MQ")).toBe("12");
  });
});

describe("address name", () => {
  it("keeps the name the shopper gave", () => {
    const result = v.safeParse(schema, { ...VALID, name: "  Maison  " });
    expect(result.success && result.output.name).toBe("Maison");
  });

  it("is generated from the street's letters, the postcode's digits and 8 random characters", () => {
    const result = v.safeParse(schema, VALID);
    expect(result.success && result.output.name).toBe(`ruedelaPaix75002${"Z".repeat(8)}`);
    expect(generateAddressName("3 allée de l'Église", "97 110", FIXED_RANDOM)).toBe(`alleedelEglise97110${"Z".repeat(8)}`);
  });

  it("stays within the 50 characters of a name, with real randomness", () => {
    const name = generateAddressName("Boulevard ".repeat(9), "1234567890");
    expect(name.length).toBeLessThanOrEqual(50);
    expect(name).toMatch(/^[A-Za-z]+1234567890[A-Za-z0-9]{8}$/);
    expect(randomCharacters(GENERATED_NAME_RANDOM_LENGTH)).not.toBe(randomCharacters(GENERATED_NAME_RANDOM_LENGTH));
  });

  it("sends the other fields trimmed, an empty company as null", () => {
    const result = v.safeParse(schema, { ...VALID, firstName: " Jeanne ", company: "" });
    expect(result.success && result.output).toMatchObject({ firstName: "Jeanne", company: null, country: "FR", postCode: "75002" });
  });
});

describe("country list", () => {
  it("holds about 250 countries, each once", () => {
    expect(COUNTRY_CODES.length).toBeGreaterThanOrEqual(245);
    expect(COUNTRY_CODES.length).toBeLessThanOrEqual(260);
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    for (const code of ["FR", "GP", "MQ", "GF", "RE", "YT", "PM", "BL", "MF", "WF", "PF", "NC", "XK"]) expect(COUNTRY_CODES).toContain(code);
  });

  it("labels countries in French and in English", () => {
    expect(countryLabel("DE", "fr")).toBe("Allemagne");
    expect(countryLabel("DE", "en")).toBe("Germany");
    expect(countryLabel("GP", "fr")).toBe("Guadeloupe");
    const labelsFr = new Set(countryOptions("fr").map((option) => option.label));
    expect(labelsFr.size).toBe(COUNTRY_CODES.length);
  });

  it.each(["fr", "en"] as const)("sorts the options by label in %s", (lang) => {
    const options = countryOptions(lang);
    const collator = new Intl.Collator(lang, { sensitivity: "base" });
    const labels = options.map((option) => option.label);
    expect(labels).toEqual([...labels].sort(collator.compare));
  });

  it("sorts accented labels with their letter in French, not after Z", () => {
    const labels = countryOptions("fr").map((option) => option.label);
    const egypt = labels.indexOf("Égypte");
    expect(egypt).toBeGreaterThan(labels.indexOf("Dominique"));
    expect(egypt).toBeLessThan(labels.indexOf("Espagne"));
    // English puts Germany among the Gs, French puts Allemagne among the As.
    expect(countryOptions("en").findIndex((option) => option.code === "DE")).toBeGreaterThan(
      countryOptions("en").findIndex((option) => option.code === "FR"),
    );
    expect(labels.indexOf("Allemagne")).toBeLessThan(labels.indexOf("France"));
  });
});

describe("Empowerment customers", () => {
  const empowerment = addressSchema({ allowedCountries: allowedCountriesOf("EMPOWERMENT"), randomCharacters: FIXED_RANDOM });

  it("may only choose the 15 listed countries", () => {
    expect(allowedCountriesOf("EMPOWERMENT")).toEqual(EMPOWERMENT_COUNTRIES);
    expect(EMPOWERMENT_COUNTRIES).toHaveLength(15);
    expect(countryOptions("fr", allowedCountriesOf("EMPOWERMENT")).map((option) => option.code).sort()).toEqual([...EMPOWERMENT_COUNTRIES].sort());
    expect(errorsOf({ country: "CH", postCode: "1200", city: "Genève", phone: "+41 22 123 45 67" }, empowerment).country).toBe(
      "addressForm.country.notAllowed",
    );
    expect(errorsOf({ country: "BE", postCode: "1000", city: "Bruxelles", phone: "+32 470 12 34 56" }, empowerment)).toEqual({});
  });

  it("is the only group restricted", () => {
    for (const group of ["GENERAL_PUBLIC", "BRAND_EMPLOYEE", "FLYING_BLUE", "GPNET"]) expect(allowedCountriesOf(group)).toBeUndefined();
    expect(errorsOf({ country: "CH", postCode: "1200", city: "Genève", phone: "+41 22 123 45 67" })).toEqual({});
  });
});

describe("editing a saved address", () => {
  it("fills the form with the address, its phone in international format", () => {
    const values = addressFormValues({
      name: "Maison",
      company: null,
      firstName: "Jeanne",
      lastName: "Dupont",
      street: "12 rue de la Paix",
      city: "Paris",
      postCode: "75002",
      country: "FR",
      phone: "+33612345678",
      email: null,
      website: null,
      latitude: null,
      longitude: null,
      defaultShipping: true,
      defaultBilling: false,
    });
    expect(values).toEqual({ ...VALID, name: "Maison", phone: "+33 6 12 34 56 78" });
    expect(addressErrors(schema, values)).toEqual({});
  });
});
