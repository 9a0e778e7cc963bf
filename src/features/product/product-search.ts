// The product page's search parameters (its route validates them): `?variant=<reference>`, the
// variant shown, so that a link can be shared. Anything else in the address stays as it is (the page reads this only).
import * as v from "valibot";

export const productSearchSchema = v.object({
  variant: v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String))), undefined),
});

