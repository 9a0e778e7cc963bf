// The payment provider's notifications at POST /webhooks/adyen: basic authentication and HMAC
// signatures checked before anything is applied, each event applied once however often it is
// sent, a notification before the shopper's return making the order the return then answers,
// refusals, cancellations and refunds of orders.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/test-app.ts";
import type { Cart } from "./cart-fixtures.ts";
import { paymentResultOf, startPaymentShop, type PaymentShop } from "./payment-fixtures.ts";

const USER = "adyen-notifier";
const PASSWORD = "webhook-password-0123456789";
const AUTH = { authorization: `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString("base64")}` };

describe.each(backends())("the payment provider's notifications on $name", (backend) => {
  let shop: PaymentShop;

  beforeAll(async () => {
    shop = await startPaymentShop(backend, { env: { ADYEN_WEBHOOK_USERNAME: USER, ADYEN_WEBHOOK_PASSWORD: PASSWORD } });
  });
  afterAll(() => shop?.close());

  /** A customer whose cart's payment waits for a challenge: its attempt as the provider knows it. */
  const challenged = async (stock = 5, quantity = 2) => {
    const offerId = await shop.offers.take({ stock, regular: 1500 });
    const { headers } = await shop.customer();
    const cart = await shop.readyCart(headers, [{ offerId, quantity }]);
    expect(paymentResultOf(await shop.pay(headers, cart, "challenge")).resultCode).toBe("ChallengeShopper");
    const [attempt] = shop.provider.attemptsOfCart(cart.uuid);
    if (!attempt) throw new Error("no attempt");
    return { headers, cart, offerId, psp: attempt.pspReference, merchantReference: attempt.request.reference };
  };
  const authorisation = (attempt: { cart: Cart; psp: string; merchantReference: string }, success = true, signed = true) =>
    shop.provider.notification({
      pspReference: attempt.psp,
      merchantReference: attempt.merchantReference,
      eventCode: "AUTHORISATION",
      success: success ? "true" : "false",
      amount: { value: attempt.cart.totalPrice.taxIncluded, currency: "EUR" },
      paymentMethod: "visa",
      ...(success ? {} : { reason: "Refused" }),
      signed,
    });
  const storedNotifications = async () => {
    const [row] = await shop.db.rows<{ count: number }>(sql`select count(*)::int as count from payment_notifications`);
    return row?.count ?? 0;
  };

  it("answers [accepted] and makes one order from an authorisation sent 10 times", async () => {
    const attempt = await challenged();
    const responses = await Promise.all(Array.from({ length: 10 }, () => shop.notify([authorisation(attempt)], AUTH)));
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).toBe("[accepted]");
    }
    expect(await shop.ordersOfCart(attempt.cart.uuid)).toHaveLength(1);
    expect(await shop.stockOf(attempt.offerId)).toBe(3);
    const [stored] = await shop.db.rows<{ count: number }>(
      sql`select count(*)::int as count from payment_notifications where psp_reference = ${attempt.psp} and processed_at is not null`,
    );
    expect(stored?.count).toBe(1);
  });

  it("makes the order when the notification comes before the shopper's return, which then answers it", async () => {
    const attempt = await challenged();
    expect((await shop.notify([authorisation(attempt)], AUTH)).statusCode).toBe(200);
    const [order] = await shop.ordersOfCart(attempt.cart.uuid);
    expect(order).toBeDefined();
    const returned = paymentResultOf(await shop.details(attempt.headers, shop.provider.details(attempt.psp, "pass", "threeDSResult")));
    expect(returned).toEqual({ resultCode: "Authorised", action: null, orderReference: order?.reference, refusalReason: null });
    expect(await shop.ordersOfCart(attempt.cart.uuid)).toHaveLength(1);
  });

  it("refuses a bad signature with 401 and applies nothing of the notification", async () => {
    const attempt = await challenged();
    const before = await storedNotifications();
    const other = await challenged();
    const response = await shop.notify([authorisation(other), authorisation(attempt, true, false)], AUTH);
    expect(response.statusCode).toBe(401);
    expect(await storedNotifications()).toBe(before);
    expect(await shop.ordersOfCart(attempt.cart.uuid)).toEqual([]);
    expect(await shop.ordersOfCart(other.cart.uuid)).toEqual([]);
  });

  it("asks for the configured basic authentication", async () => {
    const attempt = await challenged();
    expect((await shop.notify([authorisation(attempt)])).statusCode).toBe(401);
    const wrong = { authorization: `Basic ${Buffer.from(`${USER}:guess`).toString("base64")}` };
    expect((await shop.notify([authorisation(attempt)], wrong)).statusCode).toBe(401);
    expect(await shop.ordersOfCart(attempt.cart.uuid)).toEqual([]);
  });

  it("refuses a body that is not a notification with 400", async () => {
    const response = await shop.app.inject({ method: "POST", url: "/webhooks/adyen", headers: { ...AUTH, "content-type": "application/json" }, payload: { notificationItems: [{}] } });
    expect(response.statusCode).toBe(400);
    const tooBig = await shop.app.inject({
      method: "POST",
      url: "/webhooks/adyen",
      headers: { ...AUTH, "content-type": "application/json" },
      payload: JSON.stringify({ notificationItems: [], padding: "x".repeat(300 * 1024) }),
    });
    expect(tooBig.statusCode).toBe(413);
  });

  it("treats a refused authorisation as a refusal: stock back, cart unlocked", async () => {
    const attempt = await challenged(5, 2);
    expect(await shop.stockOf(attempt.offerId)).toBe(3);
    expect((await shop.notify([authorisation(attempt, false)], AUTH)).statusCode).toBe(200);
    expect(await shop.stockOf(attempt.offerId)).toBe(5);
    const [cart] = await shop.db.rows<{ locked_at: Date | null }>(sql`select locked_at from carts where uuid = ${attempt.cart.uuid}`);
    expect(cart?.locked_at).toBeNull();
    expect(await shop.ordersOfCart(attempt.cart.uuid)).toEqual([]);
  });

  it("cancels an order on CANCELLATION (stock back) and marks one refunded on REFUND, once each", async () => {
    const cancelled = await challenged(5, 2);
    await shop.notify([authorisation(cancelled)], AUTH);
    const modification = (attempt: typeof cancelled, eventCode: string, suffix: string) =>
      shop.provider.notification({
        pspReference: `${attempt.psp}${suffix}`,
        originalReference: attempt.psp,
        merchantReference: attempt.merchantReference,
        eventCode,
        success: "true",
        amount: { value: attempt.cart.totalPrice.taxIncluded, currency: "EUR" },
      });
    for (let time = 0; time < 3; time += 1) expect((await shop.notify([modification(cancelled, "CANCELLATION", "C")], AUTH)).statusCode).toBe(200);
    expect(await shop.ordersOfCart(cancelled.cart.uuid)).toEqual([expect.objectContaining({ status: "CANCELLED" })]);
    expect(await shop.stockOf(cancelled.offerId)).toBe(5);

    const refunded = await challenged(5, 1);
    await shop.notify([authorisation(refunded)], AUTH);
    expect((await shop.notify([modification(refunded, "REFUND", "R")], AUTH)).statusCode).toBe(200);
    expect(await shop.ordersOfCart(refunded.cart.uuid)).toEqual([expect.objectContaining({ status: "REFUNDED" })]);
    expect(await shop.stockOf(refunded.offerId)).toBe(4);
    const [payment] = await shop.db.rows<{ status: string }>(sql`select status from payments where cart_uuid = ${refunded.cart.uuid}`);
    expect(payment?.status).toBe("refunded");
  });

  it("never makes an order from an authorisation of another amount: it is cancelled with the provider", async () => {
    const attempt = await challenged(5, 2);
    const short = shop.provider.notification({
      pspReference: attempt.psp,
      merchantReference: attempt.merchantReference,
      eventCode: "AUTHORISATION",
      success: "true",
      amount: { value: attempt.cart.totalPrice.taxIncluded - 1, currency: "EUR" },
    });
    expect((await shop.notify([short], AUTH)).statusCode).toBe(200);
    expect(await shop.ordersOfCart(attempt.cart.uuid)).toEqual([]);
    expect(await shop.stockOf(attempt.offerId)).toBe(5);
    const [payment] = await shop.db.rows<{ id: number; status: string; refusal_reason: string }>(
      sql`select id, status, refusal_reason from payments where cart_uuid = ${attempt.cart.uuid}`,
    );
    expect(payment).toMatchObject({ status: "cancelled", refusal_reason: "AMOUNT_MISMATCH" });
    const [job] = await shop.db.rows<{ count: number }>(
      sql`select count(*)::int as count from jobs where queue = 'payment-cancel' and (payload ->> 'paymentId')::int = ${payment?.id}`,
    );
    expect(job?.count).toBe(1);
  });

  it("keeps a notification about an attempt it cannot name yet and applies it once the attempt gets its reference", async () => {
    const attempt = await challenged(5, 1);
    // The merchant reference names no attempt: only the provider's reference, not stored yet, will.
    const unnamed = shop.provider.notification({
      pspReference: attempt.psp,
      merchantReference: "reference-of-another-system",
      eventCode: "AUTHORISATION",
      success: "true",
      amount: { value: attempt.cart.totalPrice.taxIncluded, currency: "EUR" },
    });
    expect((await shop.notify([unnamed], AUTH)).statusCode).toBe(200);
    expect(await shop.ordersOfCart(attempt.cart.uuid)).toEqual([]);
    // The shopper's return fails the challenge, but the provider had authorised it: the notification wins.
    const returned = paymentResultOf(await shop.details(attempt.headers, shop.provider.details(attempt.psp, "fail", "threeDSResult")));
    expect(returned.resultCode).toBe("Authorised");
    expect(await shop.ordersOfCart(attempt.cart.uuid)).toHaveLength(1);
  });
});
