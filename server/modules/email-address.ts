// E-mail addresses are compared and stored lower-case: "Jean@Example.fr" and "jean@example.fr"
// are the same subscriber.
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
