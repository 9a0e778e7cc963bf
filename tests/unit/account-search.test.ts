// The account's search parameters: an order's reference and the history's page, anything else dropped.
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { accountSearchSchema } from "../../src/features/account/account-search.ts";

const parse = (search: Record<string, unknown>) => v.parse(accountSearchSchema, search);

describe("the account's search parameters", () => {
  it("keeps an order reference, a number read from the address included", () => {
    expect(parse({ reference: "ESC-7ACEC81" })).toEqual({ reference: "ESC-7ACEC81", page: undefined });
    expect(parse({ reference: 123456 })).toEqual({ reference: "123456", page: undefined });
  });

  it("drops a reference the shop never gives", () => {
    for (const reference of ["", "a b", "ESC/../x", "x".repeat(41), ["ESC-1"], null]) {
      expect(parse({ reference }).reference, String(reference)).toBeUndefined();
    }
  });

  it("reads the page as a listing's, 1-based", () => {
    expect(parse({ page: 2 }).page).toBe(2);
    expect(parse({ page: "3" }).page).toBe(3);
    for (const page of [0, -1, 1.5, "two", 99_999]) expect(parse({ page }).page, String(page)).toBeUndefined();
  });
});
