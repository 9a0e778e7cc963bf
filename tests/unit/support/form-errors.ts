// What a form shows under its fields for given values: the first issue TanStack Form files under
// each field when the form's schema judges them (the same mapping the forms' validator uses).
import { standardSchemaValidators, type StandardSchemaV1 } from "@tanstack/react-form";

/** The first error of each field the schema faults, as message ids. */
export function firstErrors(schema: StandardSchemaV1, values: unknown): Record<string, string> {
  const fields = standardSchemaValidators.validate({ value: values, validationSource: "form" }, schema)?.fields ?? {};
  const errors: Record<string, string> = {};
  for (const [field, issues] of Object.entries(fields)) {
    const first = issues[0];
    if (first) errors[field] = first.message;
  }
  return errors;
}
