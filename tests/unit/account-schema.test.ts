// The account pages' rules: the profile form (names, birth date), the password change (SPEC §5
// password rule, repeated), the address book order, the account's page slugs and the error
// catalogue of SPEC §8 for the address book.
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { sortAddresses, type Address } from "../../src/api/addresses.ts";
import { accountErrorMessage } from "../../src/features/account/account-errors.ts";
import { addressSaveErrorMessage } from "../../src/api/addresses.ts";
import { PasswordChangeSchema, profileSchema, today, type PasswordFormValues } from "../../src/features/account/account-schema.ts";
import { accountTabOf } from "../../src/features/account/account-tabs.ts";
import { firstErrors } from "./support/form-errors.ts";

const NOW = new Date("2026-11-21T12:00:00Z");
const PROFILE = {
  firstName: "Jeanne",
  lastName: "Dupont",
  birthDate: "1990-05-17",
  locale: "fr_FR" as const,
  newsLetterSubscribed: false,
  twoFactorAuthenticationEnabled: true,
};
const profileErrors = (values: Partial<typeof PROFILE>) => firstErrors(profileSchema(NOW), { ...PROFILE, ...values });

describe("profile form", () => {
  it("accepts a profile and sends an empty birth date as null", () => {
    expect(profileErrors({})).toEqual({});
    const result = v.safeParse(profileSchema(NOW), { ...PROFILE, birthDate: "" });
    expect(result.success && result.output.birthDate).toBeNull();
  });

  it("holds names between 2 and 50 characters", () => {
    expect(profileErrors({ firstName: "" }).firstName).toBe("account.profile.firstName.required");
    expect(profileErrors({ firstName: "J" }).firstName).toBe("account.profile.firstName.error");
    expect(profileErrors({ lastName: "D".repeat(51) }).lastName).toBe("account.profile.lastName.error");
  });

  it("wants a birth date in the past, after 1900", () => {
    expect(profileErrors({ birthDate: "2027-01-01" }).birthDate).toBe("account.profile.birthDate.error");
    expect(profileErrors({ birthDate: "1899-12-31" }).birthDate).toBe("account.profile.birthDate.error");
    expect(profileErrors({ birthDate: "1990-02-30x" }).birthDate).toBe("account.profile.birthDate.error");
    expect(profileErrors({ birthDate: today(NOW) })).toEqual({});
  });
});

describe("password change", () => {
  const errors = (values: Partial<PasswordFormValues>) =>
    firstErrors(PasswordChangeSchema, { currentPassword: "Ancien@Passe2025", newPassword: "Nouveau@Passe2026", repeatPassword: "Nouveau@Passe2026", ...values });

  it("accepts a new password that follows the rule, repeated", () => {
    expect(errors({})).toEqual({});
  });

  it.each([
    ["too short", "Court@2026a"],
    ["no lowercase letter", "NOUVEAU@PASSE2026"],
    ["no uppercase letter", "nouveau@passe2026"],
    ["no digit", "Nouveau@Passe@@@"],
    ["no symbol", "NouveauPasse2026"],
    ["another symbol", "Nouveau#Passe2026"],
  ])("refuses a new password with %s", (_case, newPassword) => {
    expect(errors({ newPassword, repeatPassword: newPassword }).newPassword).toBe("account.password.new.error");
  });

  it("wants the current password and the same new password twice", () => {
    expect(errors({ currentPassword: "" }).currentPassword).toBe("account.password.current.required");
    expect(errors({ repeatPassword: "Nouveau@Passe2027" }).repeatPassword).toBe("account.password.repeat.error");
  });
});

describe("address book", () => {
  const address = (name: string): Address => ({
    name,
    company: null,
    firstName: "Jeanne",
    lastName: "Dupont",
    street: "1 rue de la Paix",
    city: "Paris",
    postCode: "75002",
    country: "FR",
    phone: "+33612345678",
    email: null,
    website: null,
    latitude: null,
    longitude: null,
    defaultShipping: false,
    defaultBilling: false,
  });

  it("lists addresses by name, descending", () => {
    expect(sortAddresses([address("Bureau"), address("Maison"), address("Atelier")]).map((item) => item.name)).toEqual(["Maison", "Bureau", "Atelier"]);
  });

  it("maps a refused save to the spec's messages", () => {
    expect(addressSaveErrorMessage({ status: 401, message: "" })).toBe("errors.login.unauthorized");
    expect(addressSaveErrorMessage({ status: 409, message: "" })).toBe("errors.login.allReadyExist");
    expect(addressSaveErrorMessage({ status: 404, message: "" })).toBe("errors.login.notFound");
    expect(addressSaveErrorMessage({ status: 500, message: "" })).toBe("errors.server.access");
    expect(addressSaveErrorMessage({ status: 400, message: "", code: "PHONE_INVALID" })).toBe("addressForm.invalid");
    expect(accountErrorMessage({ status: 400, message: "", code: "CURRENT_PASSWORD_MISMATCH" })).toBe("account.password.current.error");
    expect(accountErrorMessage({ status: -1, message: "No response" })).toBe("errors.server.access");
  });
});

describe("account pages", () => {
  it("reads the page from its slug in either language; none is the profile", () => {
    expect(accountTabOf(undefined)).toBe("profile");
    expect(accountTabOf("profil")).toBe("profile");
    expect(accountTabOf("addresses")).toBe("addresses");
    expect(accountTabOf("adresses")).toBe("addresses");
    expect(accountTabOf("commandes")).toBe("orders");
    expect(accountTabOf("wishlist")).toBeUndefined();
  });
});
