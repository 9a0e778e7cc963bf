// Handlers of the checkout's shipping operations on the cart: delivery and billing addresses and
// shipment methods. Each needs a signed-in customer (401 otherwise) and works on that customer's
// cart only.
import type { OperationHandlers } from "../../http/contract.ts";
import { requireCustomer } from "../../http/customer-session.ts";
import { HttpError, conflict, notFound } from "../../http/errors.ts";
import type { CustomerSessions } from "../../platform/sessions.ts";
import type { Cart } from "../cart/cart-repository.ts";
import { langOf } from "../catalog/locale.ts";
import type { CheckoutResult, CheckoutShipping } from "./checkout-shipping.ts";

const cartNotFound = () => notFound("No such cart");

function cartOf(result: CheckoutResult): Cart {
  switch (result.outcome) {
    case "updated":
      return result.cart;
    case "unknown-cart":
      throw cartNotFound();
    case "locked":
      throw conflict("The cart's payment is in progress", "CART_LOCKED");
    case "unknown-address":
      throw notFound("No address of this name in the address book");
    case "refused":
      throw new HttpError(400, `Invalid ${result.field}: ${result.message}`, "VALIDATION_FAILED", [{ field: result.field, message: result.message }]);
  }
}

export function shippingHandlers(deps: { checkout: CheckoutShipping; sessions: CustomerSessions }): OperationHandlers {
  const { checkout, sessions } = deps;
  return {
    async setCartShippingAddress(request, reply) {
      const customer = await requireCustomer(sessions, request, reply);
      const { shoppingCartId, relayPointId, locale } = request.query;
      return cartOf(
        await checkout.setShippingAddress({
          customer: { id: customer.id, group: customer.group },
          cartUuid: shoppingCartId ?? null,
          address: request.body,
          relayPointId: relayPointId ?? null,
          lang: langOf(locale),
        }),
      );
    },

    async setCartBillingAddress(request, reply) {
      const customer = await requireCustomer(sessions, request, reply);
      const { shoppingCartId, locale } = request.query;
      return cartOf(
        await checkout.setBillingAddress({
          customerId: customer.id,
          cartUuid: shoppingCartId ?? null,
          name: request.body.billingAddressName,
          lang: langOf(locale),
        }),
      );
    },

    async listCartShipmentMethods(request, reply) {
      const customer = await requireCustomer(sessions, request, reply);
      const { shoppingCartId, locale } = request.query;
      const methods = await checkout.listMethods({ customerId: customer.id, cartUuid: shoppingCartId ?? null, lang: langOf(locale) });
      if (!methods) throw cartNotFound();
      return methods;
    },

    async setCartShipmentMethods(request, reply) {
      const customer = await requireCustomer(sessions, request, reply);
      const { shoppingCartId, locale } = request.query;
      return cartOf(
        await checkout.chooseMethods({
          customerId: customer.id,
          cartUuid: shoppingCartId ?? null,
          methodIds: request.body.shipmentMethodIds,
          lang: langOf(locale),
        }),
      );
    },
  };
}
