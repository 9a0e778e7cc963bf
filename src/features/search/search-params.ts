// The search results page's parameters: the term and the listing's, validated by its route.
import * as v from "valibot";
import { listingSearchSchema } from "../../ui/listing/listing-search.ts";

/** The API's limit on a search term. */
const MAX_TERM_LENGTH = 100;

/** `searchTerm`, trimmed; a term that looks like a number or a boolean comes parsed from the address. */
const searchTerm = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.string(), v.pipe(v.union([v.number(), v.boolean()]), v.transform(String))]),
      v.trim(),
      v.transform((term) => term.slice(0, MAX_TERM_LENGTH)),
    ),
  ),
  undefined,
);

export const searchPageSearchSchema = v.object({ searchTerm, ...listingSearchSchema.entries });
