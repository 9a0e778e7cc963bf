// Handlers of the cart operations. Who asks comes from the customer sessions: an anonymous cart
// is open to whoever knows its uuid (random, never guessable), a customer's cart only to that
// customer (404 for anyone else).
import type { FastifyReply, FastifyRequest } from "fastify";
import type { OperationHandlers } from "../../http/contract.ts";
import { identifyCustomer, requireCustomer } from "../../http/customer-session.ts";
import type { CustomerSessions } from "../../platform/sessions.ts";
import { conflict, notFound } from "../../http/errors.ts";
import { langOf, type ApiLocale } from "../catalog/locale.ts";
import type { Cart, CartRepository, CartRow, Requester } from "./cart-repository.ts";

const cartNotFound = () => notFound("No such cart");
const cartLocked = () => conflict("The cart's payment is in progress", "CART_LOCKED");

export function cartHandlers(deps: { carts: CartRepository; sessions: CustomerSessions }): OperationHandlers {
  const { carts, sessions } = deps;

  async function requesterOf(request: FastifyRequest, reply: FastifyReply): Promise<Requester> {
    const customer = await identifyCustomer(sessions, request, reply);
    return { customerId: customer?.id ?? null };
  }

  async function answer(cartUuid: string, requester: Requester, locale: ApiLocale | undefined): Promise<Cart> {
    const cart = await carts.find(cartUuid, requester);
    if (!cart) throw cartNotFound();
    return carts.view(cart, langOf(locale));
  }

  const viewOf = (cart: CartRow, locale: ApiLocale | undefined) => carts.view(cart, langOf(locale));

  return {
    async getCustomerCart(request, reply) {
      const customer = await requireCustomer(sessions, request, reply);
      const cart = await carts.findByCustomer(customer.id);
      // No cart yet is a normal state of an account, not an error.
      if (!cart) return reply.code(204).send();
      return viewOf(cart, request.query.locale);
    },

    async getCart(request, reply) {
      return answer(request.params.id, await requesterOf(request, reply), request.query.locale);
    },

    async deleteCart(request, reply) {
      const { id } = request.params;
      const result = await carts.delete({ cartUuid: id, requester: await requesterOf(request, reply) });
      switch (result.outcome) {
        case "unknown-cart":
          throw cartNotFound();
        case "locked":
          throw cartLocked();
        case "deleted":
          return reply.code(204).send();
      }
    },

    async setCartCoupon(request, reply) {
      const { id } = request.params;
      const requester = await requesterOf(request, reply);
      const result = await carts.setCoupon({ cartUuid: id, requester, code: request.body.coupon });
      switch (result.outcome) {
        case "unknown-cart":
          throw cartNotFound();
        case "locked":
          throw cartLocked();
        case "unknown-coupon":
          throw notFound("No such coupon, or it has expired", "COUPON_NOT_FOUND");
        case "already-applied":
          throw conflict("The cart already has a coupon", "COUPON_ALREADY_APPLIED");
        case "not-applicable":
          throw conflict("The coupon does not apply to this cart", "COUPON_NOT_APPLICABLE");
        case "applied":
          return answer(id, requester, request.query.locale);
      }
    },

    async removeCartCoupon(request, reply) {
      const { id } = request.params;
      const requester = await requesterOf(request, reply);
      const result = await carts.removeCoupon({ cartUuid: id, requester });
      switch (result.outcome) {
        case "unknown-cart":
          throw cartNotFound();
        case "locked":
          throw cartLocked();
        case "no-coupon":
          throw notFound("The cart has no coupon", "COUPON_NOT_FOUND");
        case "removed":
          return answer(id, requester, request.query.locale);
      }
    },

    async setCartOfferQuantity(request, reply) {
      const { offerId, quantity, shoppingCartId } = request.body;
      const requester = await requesterOf(request, reply);
      const result = await carts.setOfferQuantity({ cartUuid: shoppingCartId ?? null, requester, offerId, quantity });
      switch (result.outcome) {
        case "unknown-cart":
          throw cartNotFound();
        case "unknown-offer":
          throw notFound(`No offer ${offerId}`, "OFFER_NOT_FOUND");
        case "locked":
          throw cartLocked();
        case "exceeds-stock":
          throw conflict(`Only ${result.stock} left in stock`, "QUANTITY_EXCEEDS_STOCK");
        case "out-of-bounds":
          throw conflict(
            result.max === null
              ? `The quantity must be at least ${result.min}`
              : `The quantity must be between ${result.min} and ${result.max}`,
            "QUANTITY_OUT_OF_BOUNDS",
          );
        case "updated":
          return answer(result.cartUuid, requester, request.query.locale);
      }
    },
  };
}
