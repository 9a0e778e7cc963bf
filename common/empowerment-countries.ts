// The delivery countries of the empowerment programme: the shop's forms and the storefront API
// both hold crew members' parcels to these.
export const EMPOWERMENT_COUNTRIES = ["DE", "AT", "BE", "DK", "ES", "FI", "FR", "GR", "GB", "IE", "IT", "LU", "NL", "PT", "SE"] as const;

export function isEmpowermentCountry(country: string): boolean {
  return EMPOWERMENT_COUNTRIES.some((allowed) => allowed === country);
}
