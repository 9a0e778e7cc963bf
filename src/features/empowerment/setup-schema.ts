// The rules of the empowerment budget form (SPEC §2 /configure-empowerment, §7 empowerment/setup),
// stated once: the month (the current one or one of the following), the budget of each crew member
// in euros, turned into cents exactly from its digits (never through a floating-point number), and
// the optional file of staff numbers, checked before it is sent (size and kind). Each issue's
// message is the id of the text the form shows.
import * as v from "valibot";

/** The months offered: the current one and the eleven after it. */
export const MONTHS_AHEAD = 12;
/** The contract's limit on the staff numbers' file. */
export const STAFF_FILE_MAX_BYTES = 100 * 1024;
/** A budget above this is a typing mistake rather than a gift's (10,000 €). */
export const MAX_BUDGET_CENTS = 1_000_000;
/** What the file input offers to choose. */
export const STAFF_FILE_ACCEPT = ".csv,.txt,text/csv,text/plain";

const CENTS_PER_EURO = 100;
/** Euros with at most two decimals, the decimal separator a comma or a point ("150", "116,67"). */
const EUROS = /^(\d{1,7})(?:[.,](\d{1,2}))?$/u;
const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/u;
const STAFF_FILE_NAME = /\.(csv|txt)$/iu;
const STAFF_FILE_TYPES: readonly string[] = ["text/csv", "text/plain"];

/** "116,67" → 11667: the digits of the euros and of the cents, read as integers. */
export function eurosToCents(text: string): number | null {
  const match = EUROS.exec(text.trim());
  if (!match) return null;
  const [, euros = "0", cents = ""] = match;
  return Number.parseInt(euros, 10) * CENTS_PER_EURO + Number.parseInt(cents.padEnd(2, "0"), 10);
}

/** The file's problem before sending, as a message id; null when it may be sent. */
export function staffFileProblem(file: File): string | null {
  // Browsers type a CSV file differently (Windows says a spreadsheet): its name is enough.
  if (!STAFF_FILE_NAME.test(file.name) && !STAFF_FILE_TYPES.includes(file.type)) return "empowerment.setup.file.type";
  if (file.size > STAFF_FILE_MAX_BYTES) return "empowerment.setup.file.tooLarge";
  if (file.size === 0) return "empowerment.setup.file.empty";
  return null;
}

export const budgetAmountSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty("empowerment.setup.amount.required"),
  v.regex(EUROS, "empowerment.setup.amount.error"),
  v.transform((text) => eurosToCents(text) ?? 0),
  v.check((cents) => cents > 0, "empowerment.setup.amount.positive"),
  v.check((cents) => cents <= MAX_BUDGET_CENTS, "empowerment.setup.amount.tooHigh"),
);

const periodSchema = v.pipe(
  v.string(),
  v.nonEmpty("empowerment.setup.month.required"),
  v.regex(PERIOD, "empowerment.setup.month.required"),
  v.transform((text) => ({ year: Number.parseInt(text.slice(0, 4), 10), month: Number.parseInt(text.slice(5), 10) })),
);

/** The typed fields' rules. The file is judged by `staffFileProblem` as the field's own check: a
 *  File is no text, and these rules use only what the start of the app already loads of valibot. */
export const SetupFormSchema = v.object({
  period: periodSchema,
  amount: budgetAmountSchema,
});

/** The file field's check: its problem's message id, if any. */
export function staffFileErrorId(file: File | null): string | undefined {
  return file === null ? undefined : (staffFileProblem(file) ?? undefined);
}

export interface SetupFormState {
  /** `2026-03`: the month and its year. */
  period: string;
  amount: string;
  pncList: File | null;
}

export interface MonthOption {
  value: string;
  month: number;
  year: number;
}

const PARIS_MONTH = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit" });

/** The current month in Paris (the server's months are Paris's) and the ones after it. */
export function monthOptions(now: Date, count = MONTHS_AHEAD): MonthOption[] {
  const parts = PARIS_MONTH.formatToParts(now);
  const year = Number.parseInt(parts.find((part) => part.type === "year")?.value ?? "0", 10);
  const month = Number.parseInt(parts.find((part) => part.type === "month")?.value ?? "1", 10);
  return Array.from({ length: count }, (_, index) => {
    const months = month - 1 + index;
    const option = { year: year + Math.floor(months / 12), month: (months % 12) + 1 };
    return { ...option, value: periodOf(option) };
  });
}

export function periodOf({ year, month }: { year: number; month: number }): string {
  return `${year}-${String(month).padStart(2, "0")}`;
}
