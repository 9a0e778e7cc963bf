// Handler of the back-in-stock alert form.
import type { OperationHandlers } from "../../http/contract.ts";
import { conflict, notFound } from "../../http/errors.ts";
import { DEFAULT_LOCALE } from "../catalog/locale.ts";
import { normalizeEmail } from "../email-address.ts";
import type { StockAlertRepository } from "./stock-alert-repository.ts";

export function stockAlertHandlers(deps: { stockAlerts: StockAlertRepository }): OperationHandlers {
  const { stockAlerts } = deps;
  return {
    async createRestockAlert(request, reply) {
      const { email, offerId } = request.body;
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
