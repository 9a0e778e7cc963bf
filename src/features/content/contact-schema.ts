// The contact form's rules, stated once: the contract's limits (ContactMessageRequest) and the
// spec's e-mail rule. Each issue's message is the id of the text the form shows.
import * as v from "valibot";
import { isValidEmail } from "../../../machines/shared/email-rule.ts";

export const CONTACT_SUBJECTS = ["order", "product", "delivery", "return", "account", "other"] as const;

export const NAME_MAX = 50;
export const PHONE_MAX = 30;
export const ORDER_REFERENCE_MAX = 40;
export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 5000;

const name = (field: "firstName" | "lastName") =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(`contact.${field}.required`),
    v.maxLength(NAME_MAX, `contact.${field}.tooLong`),
  );

/** An optional field: left out of the request when empty. */
const optional = (max: number, tooLong: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(max, tooLong),
    v.transform((value) => (value === "" ? undefined : value)),
  );

export const ContactFormSchema = v.object({
  firstName: name("firstName"),
  lastName: name("lastName"),
  email: v.pipe(v.string(), v.trim(), v.nonEmpty("contact.email.required"), v.check(isValidEmail, "contact.email.error")),
  phone: optional(PHONE_MAX, "contact.phone.tooLong"),
  subject: v.picklist(CONTACT_SUBJECTS, "contact.subject.required"),
  orderReference: optional(ORDER_REFERENCE_MAX, "contact.orderReference.tooLong"),
  message: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty("contact.message.required"),
    v.minLength(MESSAGE_MIN, "contact.message.tooShort"),
    v.maxLength(MESSAGE_MAX, "contact.message.tooLong"),
  ),
});

type ContactFormField = keyof typeof ContactFormSchema.entries;
/** What the fields hold while the shopper types. */
export type ContactFormState = Record<ContactFormField, string>;
