// The rules of the sign-in dialog's forms and of the reset password page (SPEC §5), as valibot
// schemas whose messages are the catalogue's ids. Each schema is the only statement of its form's rules.
import * as v from "valibot";
import { NAME_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN, PASSWORD_PATTERN, STAFF_NUMBER_LENGTH } from "../../../machines/shared/account-rules.ts";
import { isValidEmail } from "../../../machines/shared/email-rule.ts";
import { CODE_LENGTH } from "../../../machines/auth/auth.types.ts";

const email = v.pipe(v.string(), v.trim(), v.nonEmpty("accountForm.email.required"), v.check(isValidEmail, "accountForm.email.error"));

const name = (field: "firstName" | "lastName") =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(`accountForm.${field}.required`),
    v.minLength(NAME_MIN, `accountForm.${field}.error`),
    v.maxLength(NAME_MAX, `accountForm.${field}.error`),
  );

const newPassword = v.pipe(
  v.string(),
  v.nonEmpty("accountForm.password.required"),
  v.minLength(PASSWORD_MIN, "accountForm.password.error"),
  v.maxLength(PASSWORD_MAX, "accountForm.password.error"),
  v.regex(PASSWORD_PATTERN, "accountForm.password.error"),
);

/** A password as typed at sign-in: the creation rules are not checked again. */
const currentPassword = v.pipe(v.string(), v.nonEmpty("accountForm.password.required"), v.maxLength(PASSWORD_MAX, "accountForm.password.error"));

const staffNumber = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty("accountForm.gpnetId.required"),
  v.length(STAFF_NUMBER_LENGTH, "accountForm.gpnetId.error"),
);

const repeatEmail = v.pipe(v.string(), v.trim(), v.nonEmpty("accountForm.repeatEmail.required"));
const repeatPassword = v.pipe(v.string(), v.nonEmpty("accountForm.repeatPassword.required"));

const registrationEntries = {
  firstName: name("firstName"),
  lastName: name("lastName"),
  email,
  repeatEmail,
  password: newPassword,
  repeatPassword,
  twoFactorAuthenticationEnabled: v.boolean(),
  newsLetterSubscribed: v.boolean(),
};

export const RegisterSchema = v.pipe(
  v.object(registrationEntries),
  v.forward(v.partialCheck([["email"], ["repeatEmail"]], (input) => input.email === input.repeatEmail, "accountForm.repeatEmail.error"), ["repeatEmail"]),
  v.forward(
    v.partialCheck([["password"], ["repeatPassword"]], (input) => input.password === input.repeatPassword, "accountForm.repeatPassword.error"),
    ["repeatPassword"],
  ),
);
export const GpnetRegisterSchema = v.pipe(
  v.object({ gpnetId: staffNumber, ...registrationEntries }),
  v.forward(v.partialCheck([["email"], ["repeatEmail"]], (input) => input.email === input.repeatEmail, "accountForm.repeatEmail.error"), ["repeatEmail"]),
  v.forward(
    v.partialCheck([["password"], ["repeatPassword"]], (input) => input.password === input.repeatPassword, "accountForm.repeatPassword.error"),
    ["repeatPassword"],
  ),
);
export const LoginSchema = v.object({ email, password: currentPassword });
export const GpnetLoginSchema = v.object({ gpnetId: staffNumber, email, password: currentPassword });
export const ForgotSchema = v.object({ email });
export const ResetPasswordSchema = v.pipe(
  v.object({ password: newPassword, repeatPassword }),
  v.forward(
    v.partialCheck([["password"], ["repeatPassword"]], (input) => input.password === input.repeatPassword, "accountForm.repeatPassword.error"),
    ["repeatPassword"],
  ),
);

/** SPEC §5: six single digits. */
export const CODE_PATTERN = new RegExp(`^[0-9]{${CODE_LENGTH}}$`, "u");
export const CodeSchema = v.pipe(v.string(), v.regex(CODE_PATTERN, "codeForm.error"));
