// How an invoice number reads: the gapless counter's value behind a prefix, zero-padded so that
// numbers sort as they were issued (F-000123). Past 999999 the number grows a digit; no value is
// skipped or reused, so the sequence stays continuous.
const INVOICE_PREFIX = "F-";
const INVOICE_DIGITS = 6;

export function formatInvoiceNumber(value: number): string {
  return `${INVOICE_PREFIX}${String(value).padStart(INVOICE_DIGITS, "0")}`;
}
