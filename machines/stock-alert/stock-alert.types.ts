// The vocabulary of the product page's back-in-stock form (SPEC §3 stock alert payload, §4, §5, §8).

export interface StockAlertInput {
  offerId: number;
  /** The signed-in customer's address, to prefill the field. */
  email?: string;
}

export interface StockAlertContext {
  offerId: number;
  /** Prefilled from the profile, then the address last submitted. */
  email: string;
}

export type StockAlertEvent = { type: "stockAlert.submit"; email: string };

export type StockAlertTag = "loading" | "error";

/** The alert call's input; its answer is not read, only whether it succeeded. */
export interface CreateAlertInput {
  email: string;
  offerId: number;
}

/** A notification the form asks the app to show (a `notifications.push` without its type). */
export interface StockAlertNotification {
  kind: "info" | "danger";
  messageId: "stockAlert.validMessage" | "stockAlert.errorMailExist" | "errors.tooManyRequests" | "errors.server.access";
}

/** The field's error message (SPEC §5 'Please enter a valid email address'). */
export type StockAlertErrorId = "stockAlert.invalidEmail";
