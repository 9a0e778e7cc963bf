// The IO of the payment machine: the storefront API's payment calls (methods, payment, details), the
// cart read again or reopened after a failed payment, the order of a cart. The amount and the lines
// sent are the cart's as the query cache holds it (the server checks the amount against its own).
import { fromPromise } from "xstate";
import type { QueryClient } from "@tanstack/react-query";
import { pagePath } from "../../common/pages.ts";
import { paymentMachine } from "../../machines/payment/payment.machine.ts";
import type {
  Cart,
  CartIdInput,
  InitiatePaymentInput,
  OrderState,
  PaymentDetailsInput,
  PaymentNotification,
  PaymentResult,
  RetryReason,
} from "../../machines/payment/payment.types.ts";
import type { components } from "../../common/api/schema.gen.ts";
import { isApiError, unwrap, type ApiClient } from "../api/client.ts";
import { cartQuery } from "../api/queries/cart.ts";
import { customerQuery } from "../api/queries/customer.ts";
import { paymentMethodsQuery } from "../api/queries/payment.ts";
import type { Lang } from "../i18n/i18n.ts";

type PaymentLineItem = components["schemas"]["PaymentLineItem"];

const NOT_FOUND = 404;
/** The contract's bounds of a line item's description. */
const DESCRIPTION_MAX = 300;

/** SPEC §9: the amount to pay, in cents: the coupon's price when there is one. */
export function amountToPay(cart: Cart): number {
  return (cart.specialPrice ?? cart.totalPrice).taxIncluded;
}

/** The cart's lines as the provider lists them: unit amounts in cents, the tax rate in hundredths of a percent. */
export function lineItemsOf(cart: Cart): PaymentLineItem[] {
  return cart.cartItems.map((line) => ({
    id: line.variantReference,
    description: line.product.name.slice(0, DESCRIPTION_MAX),
    quantity: line.quantity,
    amountIncludingTax: Math.round(line.price.taxIncluded / line.quantity),
    amountExcludingTax: Math.round(line.price.taxFree / line.quantity),
    taxPercentage: Math.round(line.price.taxRate * 100),
  }));
}

/** The payment return page of this shop for the cart, where the bank sends the shopper back. */
export function returnUrlOf(origin: string, lang: Lang, cartId: string): string {
  return `${origin}${pagePath("paymentReturn", lang)}?cartUuid=${encodeURIComponent(cartId)}`;
}

/** What the payment asks of the app around it. */
export interface PaymentEffects {
  lang: () => Lang;
  origin: string;
  writeCart: (cart: Cart) => void;
  forgetCart: () => void;
  notify: (notification: PaymentNotification) => void;
  markRedirect: (redirectResult: string) => void;
  answerDropin: (result: PaymentResult) => void;
  failDropin: () => void;
  showThankYou: (orderReference: string) => void;
  showRetry: (cartId: string, reason: RetryReason) => void;
  showResult: (cartId: string) => void;
  showPayment: () => void;
  showShipping: () => void;
  showCart: () => void;
}

/** The payment machine with its IO and the app's effects bound. */
export function createPaymentMachine(api: ApiClient, queryClient: QueryClient, effects: PaymentEffects) {
  const cachedCart = (cartId: string) => queryClient.ensureQueryData(cartQuery(api, cartId, effects.lang()));
  return paymentMachine.provide({
    actors: {
      loadPaymentMethods: fromPromise<void, CartIdInput>(async ({ input }) => {
        const cart = await cachedCart(input.cartId);
        await queryClient.fetchQuery(paymentMethodsQuery(api, effects.lang(), amountToPay(cart)));
      }),
      initiatePayment: fromPromise<PaymentResult, InitiatePaymentInput>(async ({ input, signal }) => {
        const [cart, customer] = await Promise.all([cachedCart(input.cartId), queryClient.ensureQueryData(customerQuery(api))]);
        return unwrap(
          api.POST("/adyen/initiate-payment", {
            body: {
              amount: { value: amountToPay(cart), currency: "EUR" },
              reference: cart.uuid,
              paymentMethod: input.paymentMethod,
              ...(input.browserInfo === null ? {} : { browserInfo: input.browserInfo }),
              returnUrl: returnUrlOf(effects.origin, effects.lang(), cart.uuid),
              lineItems: lineItemsOf(cart),
              shopperReference: String(customer.id),
            },
            signal,
          }),
        );
      }),
      submitDetails: fromPromise<PaymentResult, PaymentDetailsInput>(({ input, signal }) =>
        unwrap(
          api.POST("/adyen/submit-additional-details", {
            body: { details: input.details, ...(input.paymentData === null ? {} : { paymentData: input.paymentData }) },
            signal,
          }),
        ),
      ),
      fetchCart: fromPromise<Cart, CartIdInput>(({ input, signal }) =>
        unwrap(api.GET("/shopping-cart/{id}", { params: { path: { id: input.cartId } }, signal })),
      ),
      findOrder: fromPromise<OrderState | null, CartIdInput>(({ input, signal }) =>
        unwrap(api.GET("/orders/uuid/{uuid}", { params: { path: { uuid: input.cartId } }, signal })).then(
          (order) => ({ reference: order.reference, status: order.status }),
          (error: unknown) => {
            if (isApiError(error) && error.status === NOT_FOUND) return null;
            throw error;
          },
        ),
      ),
      reopenCart: fromPromise<Cart, CartIdInput>(({ input, signal }) =>
        unwrap(api.GET("/shopping-cart/payment-failed/{uuid}", { params: { path: { uuid: input.cartId } }, signal })),
      ),
    },
    actions: {
      writeCart: (_, { cart }) => effects.writeCart(cart),
      forgetCart: () => effects.forgetCart(),
      notify: (_, notification) => effects.notify(notification),
      markRedirect: (_, { redirectResult }) => effects.markRedirect(redirectResult),
      answerDropin: (_, { result }) => effects.answerDropin(result),
      failDropin: () => effects.failDropin(),
      showThankYou: (_, { orderReference }) => effects.showThankYou(orderReference),
      showRetry: (_, { cartId, reason }) => effects.showRetry(cartId, reason),
      showResult: (_, { cartId }) => effects.showResult(cartId),
      showPayment: () => effects.showPayment(),
      showShipping: () => effects.showShipping(),
      showCart: () => effects.showCart(),
    },
  });
}
