// The e-mail rule of SPEC §5, stated once for every flow that checks an address before sending it:
// something before an @, a domain with a dot part after it, and no whitespace anywhere.

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/u;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}
