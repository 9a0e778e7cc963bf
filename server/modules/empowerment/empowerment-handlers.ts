// Handlers of the empowerment programme's operations: an admin sets and lists the months' budgets;
// a crew member reads their money pot, writes the gift card's message and orders from the pot.
import type { OperationHandlers } from "../../http/contract.ts";
import { requireCustomer } from "../../http/customer-session.ts";
import type { CustomerSessions } from "../../platform/sessions.ts";
import { HttpError, badRequest, conflict, notFound } from "../../http/errors.ts";
import type { CartRepository } from "../cart/cart-repository.ts";
import { langOf } from "../catalog/locale.ts";
import { formatMoney } from "../orders/order-formats.ts";
import type { OrdersRepository } from "../orders/orders-repository.ts";
import { refusalError } from "../payment/refusal-errors.ts";
import { cardMessageOf, setCardMessage } from "./custom-card.ts";
import type { EmpowermentAccess } from "./empowerment-access.ts";
import type { EmpowermentOrders, ValidateResult } from "./empowerment-order.ts";
import type { EmpowermentSetups } from "./empowerment-setups.ts";
import { potOfCustomer, potView } from "./money-pots.ts";
import { monthIndex, parisMonthOf } from "./paris-month.ts";
import { parseStaffNumberList } from "./staff-number-list.ts";
import type { Database } from "../../db/client.ts";

const cartNotFound = () => notFound("No such cart");
const potNotFound = () => notFound("No empowerment budget for this month", "MONEY_POT_NOT_FOUND");

/** The error of a validation that made no order. */
function validationError(result: Exclude<ValidateResult, { outcome: "ordered" }>): HttpError {
  switch (result.outcome) {
    case "unknown-cart":
      return cartNotFound();
    case "refused":
      return refusalError(result.refusal);
    case "country-not-allowed":
      return new HttpError(400, `Invalid shippingAddress.country: ${result.country} is not a delivery country of the empowerment programme`, "COUNTRY_NOT_ALLOWED", [
        { field: "shippingAddress.country", message: "not a delivery country of the empowerment programme" },
      ]);
    case "no-pot":
      return potNotFound();
    case "budget-exceeded":
      return conflict(
        `The order costs ${formatMoney(result.amountCents, "en")} but only ${formatMoney(result.remainingCents, "en")} is left of this month's budget`,
        "BUDGET_EXCEEDED",
      );
  }
}

export function empowermentHandlers(deps: {
  db: Database;
  access: EmpowermentAccess;
  sessions: CustomerSessions;
  setups: EmpowermentSetups;
  orders: EmpowermentOrders;
  orderViews: OrdersRepository;
  carts: CartRepository;
  now: () => Date;
}): OperationHandlers {
  const { db, access, sessions, setups, orders, orderViews, carts, now } = deps;

  return {
    async listEmpowermentSetups(request, reply) {
      await access.admin(await requireCustomer(sessions, request, reply));
      return { setups: await setups.listFrom(parisMonthOf(now())) };
    },

    async setupEmpowerment(request, reply) {
      const admin = await access.admin(await requireCustomer(sessions, request, reply));
      const { monthlyBudgetAmount, month, year, pncList } = request.body;
      if (monthlyBudgetAmount <= 0) throw badRequest("monthlyBudgetAmount", "must be more than 0");
      const current = parisMonthOf(now());
      if (monthIndex({ year, month }) < monthIndex(current)) {
        throw badRequest("month", `must not be before the current month (${current.month}/${current.year})`);
      }
      let staffNumbers: string[] | null = null;
      if (pncList !== undefined) {
        const parsed = parseStaffNumberList(pncList);
        if ("problem" in parsed) throw badRequest("pncList", parsed.problem);
        staffNumbers = parsed.staffNumbers;
      }
      return setups.save({ year, month, budgetCents: monthlyBudgetAmount, staffNumbers, updatedBy: admin.rowId });
    },

    async getCurrentMoneyPot(request, reply) {
      const crew = access.crew(await requireCustomer(sessions, request, reply));
      const pot = await potOfCustomer(db.orm, crew.id, parisMonthOf(now()));
      if (!pot) throw potNotFound();
      return potView(pot);
    },

    async setEmpowermentCustomCard(request, reply) {
      const crew = access.crew(await requireCustomer(sessions, request, reply));
      const card = cardMessageOf(request.body.customCardMessage);
      if ("problem" in card) throw badRequest("customCardMessage", card.problem);
      const result = await setCardMessage(db, { customerId: crew.id, cartUuid: request.query.shoppingCartId ?? null, message: card.message });
      switch (result.outcome) {
        case "unknown-cart":
          throw cartNotFound();
        case "locked":
          throw conflict("The cart's payment is in progress", "CART_LOCKED");
        case "updated": {
          const cart = await carts.find(result.cart.uuid, { customerId: crew.id });
          if (!cart) throw cartNotFound();
          return carts.view(cart, langOf(request.query.locale));
        }
      }
    },

    async validateEmpowermentOrder(request, reply) {
      const crew = access.crew(await requireCustomer(sessions, request, reply));
      const locale = request.query.locale ?? crew.locale;
      const result = await orders.validate({ customerId: crew.id, cartUuid: request.params.id, locale });
      if (result.outcome !== "ordered") throw validationError(result);
      const order = await orderViews.find(crew.id, { uuid: result.cartUuid }, langOf(request.query.locale));
      if (!order) throw new Error(`the order of cart ${result.cartUuid} vanished`);
      return order;
    },
  };
}
