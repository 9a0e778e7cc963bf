// The account rules of SPEC §5 and §9 stated once, for every form that checks them before sending
// (registration, staff-number forms, reset password, the account pages): names, password, staff number.

/** SPEC §9: names have at least 2 characters; the contract allows up to 50. */
export const NAME_MIN = 2;
export const NAME_MAX = 50;

/** SPEC §5: at least 12 characters; the contract allows up to 128. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

/** SPEC §5: a lowercase letter, an uppercase letter, a digit and one of @$!%*?&, using only letters, digits and those symbols. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])(?=.*[@$!%*?&])[A-Za-z0-9@$!%*?&]+$/u;

/** SPEC §9: a staff number has exactly 8 characters. */
export const STAFF_NUMBER_LENGTH = 8;

export function isValidPassword(value: string): boolean {
  return value.length >= PASSWORD_MIN && value.length <= PASSWORD_MAX && PASSWORD_PATTERN.test(value);
}
