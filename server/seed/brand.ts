// The demo data names the shop `{brand}`; the seed fills in the configured brand name.

export const withBrand = (text: string, brand: string) => text.replaceAll("{brand}", brand);

/** Replaces `{brand}` everywhere in a JSON document. */
export function brandDocument<T>(document: T, brand: string): T {
  return JSON.parse(JSON.stringify(document).replaceAll("{brand}", brand.replace(/["\\]/g, "\\$&"))) as T;
}
