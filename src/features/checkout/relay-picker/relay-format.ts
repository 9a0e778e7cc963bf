// How the relay list writes a point's distance (SPEC §9: under 1,000 m in metres, else in kilometres)
// and its opening days, in the page's language.
import type { Lang } from "../../../../common/languages.ts";
import type { RelayPoint } from "../../../../machines/relay-search/relay-search.types.ts";

/** SPEC §9: distances under this many metres are written in metres. */
const METRES_UNDER = 1000;

const tags: Record<Lang, string> = { fr: "fr-FR", en: "en-GB" };
const formats = new Map<string, Intl.NumberFormat>();

function unitFormat(lang: Lang, unit: "meter" | "kilometer"): Intl.NumberFormat {
  const key = `${lang}:${unit}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(tags[lang], { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: unit === "meter" ? 0 : 1 });
    formats.set(key, format);
  }
  return format;
}

/** 450 → "450 m"; 1850 → "1,9 km" (fr) or "1.9 km" (en). */
export function formatDistance(metres: number, lang: Lang): string {
  return metres < METRES_UNDER ? unitFormat(lang, "meter").format(Math.round(metres)) : unitFormat(lang, "kilometer").format(metres / 1000);
}

type Day = RelayPoint["openingTimes"][number]["day"];

/** The week's days in the order the list shows them, each with a date of 2024 that falls on it. */
const DAYS: readonly Day[] = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"];

/** MONDAY → "lundi" (fr) or "Monday" (en), from the browser's own calendar names. */
export function dayName(day: Day, lang: Lang): string {
  // 1 January 2024 was a Monday.
  const date = new Date(Date.UTC(2024, 0, 1 + DAYS.indexOf(day)));
  return new Intl.DateTimeFormat(tags[lang], { weekday: "long", timeZone: "UTC" }).format(date);
}

/** A point's opening times in week order, Monday first. */
export function openingWeek(relay: RelayPoint): RelayPoint["openingTimes"] {
  return [...relay.openingTimes].sort((a, b) => DAYS.indexOf(a.day) - DAYS.indexOf(b.day));
}

/** "08:30-12:00 14:00-18:30" → ["08:30–12:00", "14:00–18:30"]: the day's opening spans. */
export function openingSpans(time: string): string[] {
  return time
    .split(/\s+/u)
    .filter((span) => span !== "")
    .map((span) => span.replace("-", "–"));
}
