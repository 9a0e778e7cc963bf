// The rules of the sign-in dialog's forms (SPEC §5) as their schemas state them, with the message ids
// the forms show.
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { isValidPassword } from "../../machines/shared/account-rules.ts";
import {
  CodeSchema,
  ForgotSchema,
  GpnetLoginSchema,
  GpnetRegisterSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
} from "../../src/features/auth/auth-schemas.ts";
import { firstErrors as fieldErrors } from "./support/form-errors.ts";

const VALID = {
  firstName: "Ann",
  lastName: "Martin",
  email: "ann.martin@example.fr",
  repeatEmail: "ann.martin@example.fr",
  password: "Sunny@Flight42!",
  repeatPassword: "Sunny@Flight42!",
  twoFactorAuthenticationEnabled: true,
  newsLetterSubscribed: false,
};

const registerErrors = (values: Partial<typeof VALID>) => fieldErrors(RegisterSchema, { ...VALID, ...values });

describe("registration rules", () => {
  it("accept a complete, consistent form", () => {
    expect(v.safeParse(RegisterSchema, VALID).success).toBe(true);
    expect(registerErrors({})).toEqual({});
  });

  it.each([
    [{ firstName: "" }, { firstName: "accountForm.firstName.required" }],
    [{ firstName: "A" }, { firstName: "accountForm.firstName.error" }],
    [{ lastName: " B " }, { lastName: "accountForm.lastName.error" }],
    [{ lastName: "x".repeat(51) }, { lastName: "accountForm.lastName.error" }],
  ])("names have at least 2 characters: %j → %j", (values, errors) => {
    expect(registerErrors(values)).toEqual(errors);
  });

  it.each(["ann.martin", "ann@example", "ann martin@example.fr", "@example.fr", "ann@@example.fr"])("refuses the e-mail %s", (email) => {
    expect(registerErrors({ email, repeatEmail: email }).email).toBe("accountForm.email.error");
  });

  it("asks for the same e-mail twice", () => {
    expect(registerErrors({ repeatEmail: "ann.martin@example.com" })).toEqual({ repeatEmail: "accountForm.repeatEmail.error" });
    expect(registerErrors({ repeatEmail: "" })).toEqual({ repeatEmail: "accountForm.repeatEmail.required" });
  });

  it.each([
    ["short", "Ab1@cdefghi"],
    ["no lowercase", "ABCDEFGH123@"],
    ["no uppercase", "abcdefgh123@"],
    ["no digit", "Abcdefghijk@"],
    ["no symbol", "Abcdefghijk1"],
    ["another symbol", "Abcdefghij1@#"],
    ["a space", "Abcdefgh ij1@"],
  ])("refuses a password with %s", (_case, password) => {
    expect(registerErrors({ password, repeatPassword: password }).password).toBe("accountForm.password.error");
    expect(isValidPassword(password)).toBe(false);
  });

  it("accepts a password of 12 characters with each kind, and asks for it twice", () => {
    expect(isValidPassword("Abcdefghi1@k")).toBe(true);
    expect(registerErrors({ password: "Abcdefghi1@k", repeatPassword: "Abcdefghi1@k" })).toEqual({});
    expect(registerErrors({ repeatPassword: "Other-Pass1@x" })).toEqual({ repeatPassword: "accountForm.repeatPassword.error" });
    expect(registerErrors({ password: "", repeatPassword: "" }).password).toBe("accountForm.password.required");
  });
});

describe("staff-number (GPNet) rules", () => {
  it("needs a staff number of exactly 8 characters to sign up", () => {
    const errors = (gpnetId: string) => fieldErrors(GpnetRegisterSchema, { ...VALID, gpnetId }).gpnetId;
    expect(errors("")).toBe("accountForm.gpnetId.required");
    expect(errors("GP12345")).toBe("accountForm.gpnetId.error");
    expect(errors("GP1234567")).toBe("accountForm.gpnetId.error");
    expect(errors("GP123456")).toBeUndefined();
  });

  it("needs the staff number, a valid e-mail and a password to sign in", () => {
    expect(fieldErrors(GpnetLoginSchema, { gpnetId: "", email: "nope", password: "" })).toEqual({
      gpnetId: "accountForm.gpnetId.required",
      email: "accountForm.email.error",
      password: "accountForm.password.required",
    });
    expect(v.safeParse(GpnetLoginSchema, { gpnetId: "GP123456", email: "a@b.fr", password: "x" }).success).toBe(true);
  });
});

describe("login, forgot, reset and code rules", () => {
  it("sign-in does not check the creation rules of the password", () => {
    expect(fieldErrors(LoginSchema, { email: "a@b.fr", password: "old" })).toEqual({});
    expect(fieldErrors(LoginSchema, { email: "", password: "" })).toEqual({
      email: "accountForm.email.required",
      password: "accountForm.password.required",
    });
  });

  it("forgot password needs a valid e-mail", () => {
    expect(fieldErrors(ForgotSchema, { email: "a b@c.fr" })).toEqual({ email: "accountForm.email.error" });
    expect(v.safeParse(ForgotSchema, { email: " a@b.fr " })).toMatchObject({ success: true, output: { email: "a@b.fr" } });
  });

  it("a new password follows the rule and is typed twice", () => {
    expect(fieldErrors(ResetPasswordSchema, { password: "weak", repeatPassword: "weak" })).toEqual({ password: "accountForm.password.error" });
    expect(fieldErrors(ResetPasswordSchema, { password: "Abcdefghi1@k", repeatPassword: "Abcdefghi1@j" })).toEqual({
      repeatPassword: "accountForm.repeatPassword.error",
    });
  });

  it.each([
    ["123456", true],
    ["12345", false],
    ["1234567", false],
    ["12 456", false],
    ["12a456", false],
  ])("the code %s is six digits: %s", (code, valid) => {
    expect(v.safeParse(CodeSchema, code).success).toBe(valid);
  });
});
