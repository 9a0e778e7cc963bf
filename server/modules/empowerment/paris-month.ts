// Months of the empowerment programme are Paris months: a budget of June starts at midnight in Paris.

export interface Month {
  year: number;
  month: number;
}

const PARIS_MONTH = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Paris", year: "numeric", month: "numeric" });

/** The month it is in Paris at `at`. */
export function parisMonthOf(at: Date): Month {
  const parts = PARIS_MONTH.formatToParts(at);
  const number = (type: "year" | "month") => Number(parts.find((part) => part.type === type)?.value);
  return { year: number("year"), month: number("month") };
}

/** The month after. */
export const nextMonth = ({ year, month }: Month): Month => (month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 });

/** Months as one number, for ordering: later months are larger. */
export const monthIndex = ({ year, month }: Month) => year * 12 + (month - 1);
