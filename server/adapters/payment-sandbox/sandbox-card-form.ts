// The issuer page's card form: what the shopper typed, read into a card or into field errors.
import type { SandboxTexts } from "./sandbox-texts.ts";
import type { CardEntry } from "./test-cards.ts";

export const CARD_FIELDS = ["number", "expiry", "cvc", "holderName"] as const;
export type CardField = (typeof CARD_FIELDS)[number];

export type CardForm = Partial<Record<CardField, string>>;
export type CardFormErrors = Partial<Record<CardField, string>>;

/** The longest value read from any field. */
const MAX_FIELD_LENGTH = 200;

const text = (value: unknown) => (typeof value === "string" ? value.slice(0, MAX_FIELD_LENGTH) : "");

export function cardFormOf(body: unknown): CardForm {
  const fields: Record<string, unknown> = typeof body === "object" && body !== null ? { ...body } : {};
  return Object.fromEntries(CARD_FIELDS.map((name) => [name, text(fields[name])]));
}

/** The card, or the message of each field in error. */
export function readCardForm(form: CardForm, texts: SandboxTexts): { entry: CardEntry } | { errors: CardFormErrors } {
  const errors: CardFormErrors = {};
  const number = (form.number ?? "").replace(/[\s-]/g, "");
  if (number === "") errors.number = texts.required;
  else if (!/^\d{12,19}$/.test(number)) errors.number = texts.numberInvalid;

  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.expiry ?? "");
  const month = Number(expiry?.[1]);
  if ((form.expiry ?? "").trim() === "") errors.expiry = texts.required;
  else if (!expiry || month < 1 || month > 12) errors.expiry = texts.expiryInvalid;

  const cvc = (form.cvc ?? "").trim();
  if (cvc === "") errors.cvc = texts.required;
  else if (!/^\d{3,4}$/.test(cvc)) errors.cvc = texts.cvcInvalid;

  const holderName = (form.holderName ?? "").trim();
  if (holderName.length > 100) errors.holderName = texts.holderNameInvalid;

  if (Object.keys(errors).length > 0 || !expiry?.[2]) return { errors };
  const year = expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  return { entry: { number, expiryMonth: month, expiryYear: year, cvc, holderName } };
}
