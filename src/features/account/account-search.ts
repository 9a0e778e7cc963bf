// The account's search parameters (its route validates them): on the orders page, `?reference=`
// opens one order and `?page=` is the page of the history (1-based, absent on page 1, read as a
// listing's page is). A value that cannot be either is dropped.
import * as v from "valibot";
import { listingSearchSchema } from "../../ui/listing/listing-search.ts";

export const accountSearchSchema = v.object({
  reference: v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.regex(/^[A-Za-z0-9-]{1,40}$/))), undefined),
  page: listingSearchSchema.entries.page,
});
