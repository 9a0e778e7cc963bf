// The HMAC signature of a notification item, as Adyen computes it (pspReference, originalReference,
// merchantAccountCode, merchantReference, amount, currency, eventCode, success; SHA-256 with the
// webhook's hexadecimal key), through Adyen's own library: the sandbox signs with it and both
// adapters check with it.
import { hmacValidator, Types } from "@adyen/api-library";
import type { NotificationItem } from "./payment-gateway.ts";

type LibraryItem = Types.notification.NotificationRequestItem;
const { EventCodeEnum, SuccessEnum } = Types.notification.NotificationRequestItem;

const validator = new hmacValidator();

/** The library's shape of the item; undefined for an event code Adyen does not define. */
function libraryItemOf(item: NotificationItem): LibraryItem | undefined {
  const eventCode = Object.values(EventCodeEnum).find((code) => code === item.eventCode);
  if (!eventCode) return undefined;
  return {
    ...item,
    eventCode,
    success: item.success === "true" ? SuccessEnum.True : SuccessEnum.False,
  };
}

/** The item's signature (base64), to put in `additionalData.hmacSignature`. */
export function notificationSignature(item: NotificationItem, hexKey: string): string {
  const libraryItem = libraryItemOf(item);
  if (!libraryItem) throw new Error(`unknown notification event code ${item.eventCode}`);
  return validator.calculateHmac(libraryItem, hexKey);
}

/** Whether the item carries a valid signature made with this key. */
export function notificationSignatureValid(item: NotificationItem, hexKey: string): boolean {
  const libraryItem = libraryItemOf(item);
  if (!libraryItem?.additionalData?.hmacSignature) return false;
  try {
    return validator.validateHMAC(libraryItem, hexKey);
  } catch {
    return false;
  }
}
