// The ledger under concurrency (on PostgreSQL where it matters; on PGlite the same calls run one
// transaction at a time): two returns of one payment at once, 16 shoppers paying for the last
// item at once, invoice numbers without gaps under 20 orders at once, and a storm of returns,
// notifications, expiries and new buyers on the same few items.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expireReservations } from "../../server/modules/payment/payment-expiry.ts";
import { RESERVATION_MS } from "../../server/modules/payment/payment-start.ts";
import { backends } from "../support/test-app.ts";
import { expectLedgerInvariants } from "./ledger-invariants.ts";
import { startPaymentShop, type PaymentShop, type PaymentResult } from "./payment-fixtures.ts";

describe.each(backends())("the payment ledger under concurrency on $name", (backend) => {
  let shop: PaymentShop;

  beforeAll(async () => {
    shop = await startPaymentShop(backend);
  });
  afterAll(() => shop?.close());

  const shoppers = (count: number, offerId: number, quantity = 1) =>
    Promise.all(
      Array.from({ length: count }, async () => {
        const { headers } = await shop.customer();
        return { headers, cart: await shop.readyCart(headers, [{ offerId, quantity }]) };
      }),
    );

  it("makes one order from two returns of the same payment at once", async () => {
    const offerId = await shop.offers.take({ stock: 3, regular: 2500 });
    const [buyer] = await shoppers(1, offerId);
    if (!buyer) throw new Error("no buyer");
    expect((await shop.pay(buyer.headers, buyer.cart, "redirect")).statusCode).toBe(200);
    const [attempt] = shop.provider.attemptsOfCart(buyer.cart.uuid);
    if (!attempt) throw new Error("no attempt");
    const returned = shop.provider.details(attempt.pspReference, "pass");
    const answers = await Promise.all([shop.details(buyer.headers, returned), shop.details(buyer.headers, returned)]);
    const results = answers.map((answer) => answer.json<PaymentResult>());
    expect(results.map((result) => result.resultCode)).toEqual(["Authorised", "Authorised"]);
    expect(results[0]?.orderReference).toBe(results[1]?.orderReference);
    expect(await shop.ordersOfCart(buyer.cart.uuid)).toHaveLength(1);
    expect(await shop.stockOf(offerId)).toBe(2);
  });

  it("sells the last item to exactly one of 16 shoppers paying at once; the others are told OUT_OF_STOCK", async () => {
    const offerId = await shop.offers.take({ stock: 16, regular: 4900 });
    const buyers = await shoppers(16, offerId);
    await shop.db.rows(sql`update offers set stock_quantity = 1 where id = ${offerId}`);
    const answers = await Promise.all(buyers.map((buyer) => shop.pay(buyer.headers, buyer.cart)));
    const won = answers.filter((answer) => answer.statusCode === 200);
    const told = answers.filter((answer) => answer.statusCode === 409);
    expect(won).toHaveLength(1);
    expect(won[0]?.json<PaymentResult>().resultCode).toBe("Authorised");
    expect(told).toHaveLength(15);
    for (const answer of told) expect(answer.json()).toMatchObject({ code: "OUT_OF_STOCK" });
    expect(await shop.stockOf(offerId)).toBe(0);
    const [orders] = await shop.db.rows<{ count: number }>(sql`
      select count(*)::int as count from order_items where offer_id = ${offerId}`);
    expect(orders?.count).toBe(1);
    // Only the winner's attempt reached the provider.
    expect(buyers.flatMap((buyer) => shop.provider.attemptsOfCart(buyer.cart.uuid))).toHaveLength(1);
  });

  it("numbers the invoices of 20 orders made at once without gaps", async () => {
    const offerId = await shop.offers.take({ stock: 40, regular: 1200 });
    const buyers = await shoppers(20, offerId);
    const answers = await Promise.all(buyers.map((buyer) => shop.pay(buyer.headers, buyer.cart)));
    for (const answer of answers) expect(answer.json<PaymentResult>().resultCode).toBe("Authorised");
    const numbers = (await shop.db.rows<{ invoice_number: number }>(sql`select invoice_number from orders order by invoice_number`)).map(
      (row) => row.invoice_number,
    );
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, index) => index + 1));
    expect(numbers.length).toBeGreaterThanOrEqual(20);
    expect(await shop.stockOf(offerId)).toBe(20);
  });

  it("keeps stock, orders and payments consistent through a storm of returns, notifications, expiries and new buyers", async () => {
    const offers = [await shop.offers.take({ stock: 6, regular: 3300 }), await shop.offers.take({ stock: 6, regular: 2100 })];
    const [a, b] = offers;
    if (a === undefined || b === undefined) throw new Error("no offers");
    const lines = (index: number) => [
      ...(index % 3 !== 2 ? [{ offerId: a, quantity: 1 }] : []),
      ...(index % 3 !== 0 ? [{ offerId: b, quantity: 1 }] : []),
    ];
    const first = await Promise.all(
      Array.from({ length: 10 }, async (_, index) => {
        const { headers } = await shop.customer();
        return { headers, cart: await shop.readyCart(headers, lines(index)) };
      }),
    );
    const later = await Promise.all(
      Array.from({ length: 6 }, async (_, index) => {
        const { headers } = await shop.customer();
        return { headers, cart: await shop.readyCart(headers, lines(index)) };
      }),
    );
    await Promise.all(first.map((buyer) => shop.pay(buyer.headers, buyer.cart, "challenge")));
    shop.advance(RESERVATION_MS + 1000);

    const authorised = new Set<string>();
    const storm = first.flatMap((buyer) => {
      const attempt = shop.provider.attemptsOfCart(buyer.cart.uuid)[0];
      if (!attempt) return [];
      authorised.add(attempt.pspReference);
      const notification = shop.provider.notification({
        pspReference: attempt.pspReference,
        merchantReference: attempt.request.reference,
        eventCode: "AUTHORISATION",
        success: "true",
        amount: attempt.request.amount,
      });
      const returned = shop.provider.details(attempt.pspReference, "pass", "threeDSResult");
      return [shop.details(buyer.headers, returned), shop.notify([notification]), shop.details(buyer.headers, returned), shop.notify([notification])];
    });
    const answers = await Promise.all([
      ...storm,
      expireReservations(shop.db, shop.now),
      ...later.map((buyer) => shop.pay(buyer.headers, buyer.cart)),
      expireReservations(shop.db, shop.now),
    ]);
    for (const answer of answers) {
      if (typeof answer === "number") continue;
      expect([200, 409], answer.body).toContain(answer.statusCode);
    }
    for (const buyer of later) {
      for (const attempt of shop.provider.attemptsOfCart(buyer.cart.uuid)) authorised.add(attempt.pspReference);
    }
    await expectLedgerInvariants(shop.db, {
      offers: offers.map((id) => ({ id, stock: 6 })),
      cartUuids: [...first, ...later].map((buyer) => buyer.cart.uuid),
      authorisedByProvider: authorised,
    });
    // Every first buyer whose payment started has its order, or was told its goods went (and its money goes back).
    for (const buyer of first) {
      if (shop.provider.attemptsOfCart(buyer.cart.uuid).length === 0) continue;
      const orders = await shop.ordersOfCart(buyer.cart.uuid);
      const [payment] = await shop.db.rows<{ status: string; refusal_reason: string | null }>(
        sql`select status, refusal_reason from payments where cart_uuid = ${buyer.cart.uuid}`,
      );
      expect(orders.length === 1 ? payment : { ...payment, orders: orders.length }).toEqual(
        orders.length === 1 ? { status: "authorised", refusal_reason: null } : { status: "cancelled", refusal_reason: "OUT_OF_STOCK", orders: 0 },
      );
    }
  });
});
