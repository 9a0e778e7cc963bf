// The rules of the account pages' forms, stated once: the profile (names as at registration,
// SPEC §5; a birth date in the past) and the password change (SPEC §5 password rule, repeated).
import * as v from "valibot";

const PROFILE_NAME_MIN = 2;
export const PROFILE_NAME_MAX = 50;
/** The earliest birth date accepted: anything before is a typing slip. */
export const BIRTH_DATE_MIN = "1900-01-01";
const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;
/** SPEC §5: a lowercase letter, an uppercase letter, a digit and one of @$!%*?&, only letters, digits and those symbols. */
const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])(?=.*[@$!%*?&])[A-Za-z0-9@$!%*?&]+$/u;

export const LOCALES = ["fr_FR", "en_US"] as const;

const name = (field: "firstName" | "lastName") =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(`account.profile.${field}.required`),
    v.minLength(PROFILE_NAME_MIN, `account.profile.${field}.error`),
    v.maxLength(PROFILE_NAME_MAX, `account.profile.${field}.error`),
  );

/** Today's date as `YYYY-MM-DD` in the shopper's time zone. */
export function today(now: Date = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

export function profileSchema(now: Date = new Date()) {
  return v.object({
    firstName: name("firstName"),
    lastName: name("lastName"),
    birthDate: v.pipe(
      v.string(),
      v.check(
        (date) => date === "" || (/^\d{4}-\d{2}-\d{2}$/u.test(date) && !Number.isNaN(Date.parse(date)) && date >= BIRTH_DATE_MIN && date <= today(now)),
        "account.profile.birthDate.error",
      ),
      v.transform((date) => (date === "" ? null : date)),
    ),
    locale: v.picklist(LOCALES, "account.profile.locale.required"),
    newsLetterSubscribed: v.boolean(),
    twoFactorAuthenticationEnabled: v.boolean(),
  });
}

export type ProfileFormValues = v.InferInput<ReturnType<typeof profileSchema>>;

export const PasswordChangeSchema = v.pipe(
  v.object({
    currentPassword: v.pipe(v.string(), v.nonEmpty("account.password.current.required")),
    newPassword: v.pipe(
      v.string(),
      v.nonEmpty("account.password.new.required"),
      v.minLength(PASSWORD_MIN, "account.password.new.error"),
      v.maxLength(PASSWORD_MAX, "account.password.new.error"),
      v.regex(PASSWORD_PATTERN, "account.password.new.error"),
    ),
    repeatPassword: v.string(),
  }),
  v.forward(
    v.partialCheck([["newPassword"], ["repeatPassword"]], ({ newPassword, repeatPassword }) => newPassword === repeatPassword, "account.password.repeat.error"),
    ["repeatPassword"],
  ),
);

export type PasswordFormValues = v.InferInput<typeof PasswordChangeSchema>;
