// The ledger under concurrency (on PostgreSQL where it matters; on PGlite the same calls run one
// transaction at a time): two returns of one payment at once, 16 shoppers paying for the last
// item at once, and invoice numbers without gaps under 20 orders at once.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/test-app.ts";
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
});
