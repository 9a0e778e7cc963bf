// How place names and free-text addresses are compared: without accents, case, punctuation or the
// usual abbreviations, so that "st-etienne", "Saint-Étienne" and "SAINT ETIENNE" are one name.

const ABBREVIATIONS: Record<string, string> = { st: "saint", ste: "sainte", sts: "saints", stes: "saintes" };

/** Lower-case words of plain letters and digits separated by single spaces. */
export function normalizePlaceName(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .map((word) => ABBREVIATIONS[word] ?? word)
    .join(" ");
}
