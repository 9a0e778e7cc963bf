// What a form shows under its fields: the first problem valibot found with each, as a message id.
import * as v from "valibot";

/** The first error of each named field of a schema's result, as message ids. */
export function firstFieldErrors<F extends string>(schema: v.GenericSchema, values: unknown, fields: readonly F[]): Partial<Record<F, string>> {
  const result = v.safeParse(schema, values);
  if (result.success) return {};
  const nested: Partial<Record<string, [string, ...string[]]>> = v.flatten(result.issues).nested ?? {};
  const errors: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const first = nested[field]?.[0];
    if (first) errors[field] = first;
  }
  return errors;
}
