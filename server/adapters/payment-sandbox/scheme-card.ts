// A card sent directly in a payment request (`paymentMethod.type` "scheme"): Adyen's unencrypted
// test fields (`number`, `expiryMonth`, `expiryYear`, `cvc`, `holderName`), or its encrypted field
// names with the `test_` prefix Adyen's test platform reads as clear text. Real encrypted fields
// come from Adyen's hosted fields, which only Adyen can decrypt.
import { GatewayRejectedError } from "../../modules/payment/payment-gateway.ts";
import type { CardEntry } from "./test-cards.ts";

const TEST_PREFIX = "test_";

function field(method: Record<string, unknown>, clear: string, encrypted: string, required: boolean): string | undefined {
  const plain = method[clear];
  if (typeof plain === "string" && plain.trim() !== "") return plain.trim();
  const sealed = method[encrypted];
  if (typeof sealed === "string" && sealed !== "") {
    if (!sealed.startsWith(TEST_PREFIX)) throw new GatewayRejectedError(`paymentMethod.${encrypted}: unable to decrypt data`, "174");
    return sealed.slice(TEST_PREFIX.length).trim();
  }
  if (required) throw new GatewayRejectedError(`paymentMethod.${clear} is required`, "100");
  return undefined;
}

/** The card of a `scheme` payment method; a missing or ill-formed field is rejected by name. */
export function cardEntryOfPaymentMethod(method: Record<string, unknown>): CardEntry {
  const number = (field(method, "number", "encryptedCardNumber", true) ?? "").replace(/\s/g, "");
  if (!/^\d{12,19}$/.test(number)) throw new GatewayRejectedError("paymentMethod.number is not a card number", "101");
  const month = field(method, "expiryMonth", "encryptedExpiryMonth", true) ?? "";
  if (!/^(0?[1-9]|1[0-2])$/.test(month)) throw new GatewayRejectedError("paymentMethod.expiryMonth must be 1 to 12", "129");
  const year = field(method, "expiryYear", "encryptedExpiryYear", true) ?? "";
  if (!/^\d{4}$/.test(year)) throw new GatewayRejectedError("paymentMethod.expiryYear must have four digits", "129");
  const cvc = field(method, "cvc", "encryptedSecurityCode", false) ?? "";
  if (cvc !== "" && !/^\d{3,4}$/.test(cvc)) throw new GatewayRejectedError("paymentMethod.cvc must have 3 or 4 digits", "103");
  const holder = method.holderName;
  const holderName = typeof holder === "string" ? holder.trim().slice(0, 100) : "";
  return { number, expiryMonth: Number(month), expiryYear: Number(year), cvc, holderName };
}
