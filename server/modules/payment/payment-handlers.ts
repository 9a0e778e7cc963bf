// Handlers of the payment operations (payment methods, start, details) and of the payment retry
// page's cart. The payment operations need a signed-in customer and reach only that customer's
// cart and attempts (404 for anyone else's). Without a payment provider they answer 502.
import type { OperationHandlers } from "../../http/contract.ts";
import { identifyCustomer, requireCustomer } from "../../http/customer-session.ts";
import { HttpError, badRequest, conflict, notFound } from "../../http/errors.ts";
import type { CustomerSessions } from "../../platform/sessions.ts";
import type { CartRepository } from "../cart/cart-repository.ts";
import { DEFAULT_LOCALE, langOf } from "../catalog/locale.ts";
import { GatewayRejectedError, GatewayUnavailableError } from "./payment-gateway.ts";
import type { PaymentLedger } from "./payment-ledger.ts";
import { refusalError } from "./refusal-errors.ts";

const upstreamUnavailable = (message: string) => new HttpError(502, message, "UPSTREAM_UNAVAILABLE");

/** The provider failing is a 502; a request it turns down too, unless the operation says what the client sent wrong. */
async function throughProvider<T>(call: () => Promise<T>, rejected?: (error: GatewayRejectedError) => HttpError): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw upstreamUnavailable(`The payment provider is unavailable: ${error.message}`);
    if (error instanceof GatewayRejectedError) throw rejected ? rejected(error) : upstreamUnavailable(`The payment provider refused the request: ${error.message}`);
    throw error;
  }
}

/**
 * The return page must be this shop's and name the cart (the shopper comes back to it from the
 * bank's pages): anything else could send them elsewhere.
 */
function checkReturnUrl(returnUrl: string, publicUrl: string, cartUuid: string): void {
  let url: URL;
  try {
    url = new URL(returnUrl);
  } catch {
    throw badRequest("returnUrl", "must be an absolute URL");
  }
  if (url.origin !== new URL(publicUrl).origin) throw badRequest("returnUrl", "must be an address of this shop");
  if (!decodeURIComponent(url.pathname + url.search).toLowerCase().includes(cartUuid.toLowerCase())) {
    throw badRequest("returnUrl", "must carry the cart's uuid");
  }
}

export function paymentHandlers(deps: {
  ledger: PaymentLedger;
  carts: CartRepository;
  sessions: CustomerSessions;
  publicUrl: string;
}): OperationHandlers {
  const { ledger, carts, sessions, publicUrl } = deps;

  return {
    async listPaymentMethods(request, reply) {
      const customer = await requireCustomer(sessions, request, reply);
      const { amount, countryCode } = request.body;
      return throughProvider(() =>
        ledger.paymentMethods({
          customerId: customer.id,
          amountCents: amount.value,
          countryCode: countryCode ?? "FR",
          locale: request.query.locale ?? DEFAULT_LOCALE,
        }),
      );
    },

    async initiatePayment(request, reply) {
      const customer = await requireCustomer(sessions, request, reply);
      const { amount, reference, paymentMethod, browserInfo, returnUrl } = request.body;
      checkReturnUrl(returnUrl, publicUrl, reference);
      const result = await throughProvider(() =>
        ledger.initiate({
          customerId: customer.id,
          cartUuid: reference,
          amountCents: amount.value,
          locale: request.query.locale ?? DEFAULT_LOCALE,
          paymentMethod,
          browserInfo,
          returnUrl,
          shopperIP: request.ip,
          shopperEmail: customer.email,
        }),
      );
      switch (result.outcome) {
        case "unknown-cart":
          throw notFound("No such cart");
        case "refused":
          throw refusalError(result.refusal);
        case "result":
          return result.result;
      }
    },

    async submitPaymentDetails(request, reply) {
      const customer = await requireCustomer(sessions, request, reply);
      const { details, paymentData } = request.body;
      const result = await throughProvider(
        () => ledger.submitDetails({ customerId: customer.id, details, paymentData }),
        (error) => badRequest("details", `refused by the payment provider: ${error.message}`),
      );
      if (!result) throw notFound("No such payment");
      return result;
    },

    async getPaymentFailedCart(request, reply) {
      const customer = await identifyCustomer(sessions, request, reply);
      const requester = { customerId: customer?.id ?? null };
      const result = await ledger.reopenFailedCart({ cartUuid: request.params.uuid, requester });
      switch (result.outcome) {
        case "unknown-cart":
          throw notFound("No such cart");
        case "already-paid":
          throw conflict("The cart's payment succeeded: its order exists", "ORDER_ALREADY_PAID");
        case "reopened":
          return carts.view(result.cart, langOf(request.query.locale));
      }
    },
  };
}
