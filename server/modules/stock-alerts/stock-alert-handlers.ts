// Handler of the back-in-stock alert form.
import type { OperationHandlers } from "../../http/contract.ts";
import { conflict, notFound } from "../../http/errors.ts";
import { addressSubject, emailSubject, limitOf, type AttemptLimits } from "../../platform/attempt-limits.ts";
import { DEFAULT_LOCALE } from "../catalog/locale.ts";
import { normalizeEmail } from "../email-address.ts";
import type { StockAlertRepository } from "./stock-alert-repository.ts";

/** Restock alerts one client address, or one e-mail, may ask for in an hour. */
export const RESTOCK_ALERT_LIMITS = { perAddress: 20, perEmail: 10, windowMs: 60 * 60_000 };

export function stockAlertHandlers(deps: { stockAlerts: StockAlertRepository; limits: AttemptLimits }): OperationHandlers {
  const { stockAlerts, limits } = deps;
  return {
    async createRestockAlert(request, reply) {
      const { email, offerId } = request.body;
      await limits.take("restock-alert", [
        limitOf(addressSubject(request.ip), RESTOCK_ALERT_LIMITS.perAddress, RESTOCK_ALERT_LIMITS.windowMs),
        limitOf(emailSubject(email), RESTOCK_ALERT_LIMITS.perEmail, RESTOCK_ALERT_LIMITS.windowMs),
      ]);
      const result = await stockAlerts.create({ email: normalizeEmail(email), offerId, locale: request.query.locale ?? DEFAULT_LOCALE });
      switch (result.outcome) {
        case "unknown-offer":
          throw notFound(`No offer ${offerId}`, "OFFER_NOT_FOUND");
        case "already-waiting":
          throw conflict("This address already waits for this offer", "STOCK_ALERT_EXISTS");
        case "created":
          reply.code(201);
          return result.alert;
      }
    },
  };
}
