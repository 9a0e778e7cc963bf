// The empowerment budget form's rules (SPEC §2 /configure-empowerment, §7 empowerment/setup): the
// budget in euros turned into cents exactly from its digits, its refusals, the file's check before
// it is sent, and the months offered.
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  budgetAmountSchema,
  eurosToCents,
  MAX_BUDGET_CENTS,
  monthOptions,
  SetupFormSchema,
  STAFF_FILE_MAX_BYTES,
  staffFileErrorId,
  staffFileProblem,
} from "../../src/features/empowerment/setup-schema.ts";
import { cardMessageErrorId } from "../../src/features/checkout/empowerment/card-message-schema.ts";

const cents = (text: string) => v.safeParse(budgetAmountSchema, text);
const firstIssue = (text: string) => {
  const result = cents(text);
  return result.success ? null : result.issues[0].message;
};

describe("the monthly budget", () => {
  it.each([
    ["150", 15000],
    ["116,67", 11667],
    ["116.67", 11667],
    ["0.1", 10],
    ["0,01", 1],
    [" 19.99 ", 1999],
    ["1.15", 115],
    ["4.35", 435],
    ["10000", MAX_BUDGET_CENTS],
  ])("reads %j as %i cents exactly", (text, expected) => {
    const result = cents(text);
    expect(result.success && result.output).toBe(expected);
  });

  it("never goes through a floating-point number (1.15 × 100 is 114.99999999999999)", () => {
    expect(eurosToCents("1.15")).toBe(115);
    expect(eurosToCents("0.29")).toBe(29);
    expect(eurosToCents("9999999.99")).toBe(999_999_999);
  });

  it.each([
    ["", "empowerment.setup.amount.required"],
    ["   ", "empowerment.setup.amount.required"],
    ["0", "empowerment.setup.amount.positive"],
    ["0,00", "empowerment.setup.amount.positive"],
    ["1.234", "empowerment.setup.amount.error"],
    ["-1", "empowerment.setup.amount.error"],
    ["abc", "empowerment.setup.amount.error"],
    ["1e3", "empowerment.setup.amount.error"],
    ["12,", "empowerment.setup.amount.error"],
    ["1 000", "empowerment.setup.amount.error"],
    ["10000.01", "empowerment.setup.amount.tooHigh"],
  ])("refuses %j with %s", (text, messageId) => {
    expect(firstIssue(text)).toBe(messageId);
  });

  it("gives the form its month, year and cents", () => {
    const result = v.safeParse(SetupFormSchema, { period: "2026-04", amount: "150" });
    expect(result.success && result.output).toEqual({ period: { year: 2026, month: 4 }, amount: 15000 });
    expect(v.safeParse(SetupFormSchema, { period: "", amount: "150" }).success).toBe(false);
  });
});

describe("the staff numbers' file, checked before it is sent", () => {
  const file = (content: string, name: string, type: string) => new File([content], name, { type });

  it("takes a small CSV or text file", () => {
    expect(staffFileProblem(file("staffNumber\nAB123456\n", "crew.csv", "text/csv"))).toBeNull();
    expect(staffFileProblem(file("AB123456\n", "crew.txt", "text/plain"))).toBeNull();
    // Windows types a CSV file as a spreadsheet: its name is enough.
    expect(staffFileProblem(file("AB123456\n", "crew.csv", "application/vnd.ms-excel"))).toBeNull();
    expect(staffFileErrorId(null)).toBeUndefined();
  });

  it(`refuses a file above ${STAFF_FILE_MAX_BYTES} bytes, an empty file and another kind of file`, () => {
    expect(staffFileProblem(file("A".repeat(STAFF_FILE_MAX_BYTES + 1), "crew.csv", "text/csv"))).toBe("empowerment.setup.file.tooLarge");
    expect(staffFileProblem(file("A".repeat(STAFF_FILE_MAX_BYTES), "crew.csv", "text/csv"))).toBeNull();
    expect(staffFileProblem(file("", "crew.csv", "text/csv"))).toBe("empowerment.setup.file.empty");
    expect(staffFileErrorId(file("%PDF", "crew.pdf", "application/pdf"))).toBe("empowerment.setup.file.type");
  });
});

describe("the months offered", () => {
  it("start with the current month in Paris and run over the year's end", () => {
    // 31 December 23:30 UTC is already January in Paris.
    const options = monthOptions(new Date("2026-12-31T23:30:00Z"), 3);
    expect(options).toEqual([
      { value: "2027-01", year: 2027, month: 1 },
      { value: "2027-02", year: 2027, month: 2 },
      { value: "2027-03", year: 2027, month: 3 },
    ]);
    expect(monthOptions(new Date("2026-11-15T12:00:00Z")).map((option) => option.value).slice(0, 3)).toEqual(["2026-11", "2026-12", "2027-01"]);
    expect(monthOptions(new Date("2026-11-15T12:00:00Z"))).toHaveLength(12);
  });
});

describe("the gift card's message", () => {
  it("takes up to 500 characters, an empty one removing the card", () => {
    expect(cardMessageErrorId("")).toBeUndefined();
    expect(cardMessageErrorId("x".repeat(500))).toBeUndefined();
    expect(cardMessageErrorId("x".repeat(501))).toBe("empowerment.order.card.tooLong");
  });
});
