// The IO of the back-in-stock form: registering the alert for an offer.
import { fromPromise } from "xstate";
import { stockAlertMachine } from "../../machines/stock-alert/stock-alert.machine.ts";
import type { CreateAlertInput, StockAlertNotification } from "../../machines/stock-alert/stock-alert.types.ts";
import { isValidEmail } from "../../machines/shared/email-rule.ts";
import { unwrap, type ApiClient } from "../api/client.ts";

function createAlertActor(api: ApiClient) {
  return fromPromise<unknown, CreateAlertInput>(({ input, signal }) =>
    unwrap(api.POST("/products/offer/restock-alert", { body: { email: input.email, offerId: input.offerId }, signal })),
  );
}

/** What the form asks of the app around it. */
export interface StockAlertEffects {
  /** Push the notification (kind and message id) to the notification queue. */
  notify: (notification: StockAlertNotification) => void;
}

/** The stock alert machine with its IO, SPEC §5's e-mail rule (the machine's guard is a placeholder) and the app's effects bound; give it `{ offerId, email? }` as input. */
export function createStockAlertMachine(api: ApiClient, effects: StockAlertEffects) {
  return stockAlertMachine.provide({
    actors: { createAlert: createAlertActor(api) },
    guards: { isValidEmail: (_, { email }) => isValidEmail(email) },
    actions: { notify: (_, notification) => effects.notify(notification) },
  });
}
