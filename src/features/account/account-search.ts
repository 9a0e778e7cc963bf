// The account's search parameters (its route validates them): on the orders page, `?reference=`
// opens one order and `?page=` (1-based, absent on page 1) is the page of the history. A value
// that cannot be either is dropped.
import * as v from "valibot";

const ORDER_REFERENCE = /^[A-Za-z0-9-]{1,40}$/;

export const accountSearchSchema = v.object({
  reference: v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.regex(ORDER_REFERENCE))), undefined),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000))), undefined),
});
