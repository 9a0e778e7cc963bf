// What must hold of the payment ledger's tables whatever happened: stock never oversold (left +
// held + sold = what the shop put in), one order at most per cart and per payment, every order
// made from a payment the provider authorised, no cart left beside its order, stock held by open
// attempts only, and every authorisation without an order on its way back to the shopper.
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "../../server/db/client.ts";
import { PAYMENT_CANCEL_QUEUE } from "../../server/modules/payment/payment-outcome.ts";

export interface LedgerExpectations {
  /** Each offer watched, with the stock the shop put in (initial plus its own changes). */
  offers: { id: number; stock: number }[];
  /** The carts concerned (others in the database are not looked at). */
  cartUuids: string[];
  /** The provider references the provider authorised. */
  authorisedByProvider: ReadonlySet<string>;
}

export async function expectLedgerInvariants(db: Database, expected: LedgerExpectations): Promise<void> {
  const carts = sql`(${sql.join(expected.cartUuids.map((uuid) => sql`${uuid}::uuid`), sql`, `)})`;
  for (const offer of expected.offers) {
    const [count] = await db.rows<{ left: number; held: number; sold: number }>(sql`
      select (select stock_quantity from offers where id = ${offer.id}) as left,
             (select coalesce(sum(quantity), 0)::int from stock_reservations where offer_id = ${offer.id}) as held,
             (select coalesce(sum(i.quantity), 0)::int from order_items i join orders o on o.id = i.order_id
               where i.offer_id = ${offer.id} and o.status <> 'CANCELLED') as sold`);
    expect(count?.left).toBeGreaterThanOrEqual(0);
    expect((count?.left ?? 0) + (count?.held ?? 0) + (count?.sold ?? 0), `stock of offer ${offer.id}`).toBe(offer.stock);
  }
  const orders = await db.rows<{ uuid: string; payments: number; psp: string | null; authorised: boolean }>(sql`
    select o.uuid, count(p.id)::int as payments, min(p.psp_reference) as psp, bool_and(p.authorised_at is not null) as authorised
    from orders o left join payments p on p.order_id = o.id where o.uuid in ${carts} group by o.id, o.uuid`);
  expect(new Set(orders.map((order) => order.uuid)).size).toBe(orders.length);
  for (const order of orders) {
    expect(order.payments).toBe(1);
    expect(order.authorised).toBe(true);
    expect(expected.authorisedByProvider.has(order.psp ?? "")).toBe(true);
  }
  expect(await db.rows(sql`select c.uuid from carts c join orders o on o.uuid = c.uuid where c.uuid in ${carts}`)).toEqual([]);
  const open = await db.rows<{ locked: boolean }>(sql`
    select (select c.locked_at is not null from carts c where c.uuid = p.cart_uuid) as locked
    from payments p where p.status in ('started', 'action') and p.cart_uuid in ${carts}`);
  for (const attempt of open) expect(attempt).toEqual({ locked: true });
  expect(
    await db.rows(sql`
      select p.id from payments p join stock_reservations r on r.payment_id = p.id
      where p.status not in ('started', 'action') and p.cart_uuid in ${carts}`),
  ).toEqual([]);
  const unmatched = await db.rows<{ status: string; queued: boolean }>(sql`
    select p.status,
           exists (select 1 from jobs j where j.queue = ${PAYMENT_CANCEL_QUEUE} and (j.payload ->> 'paymentId')::int = p.id) as queued
    from payments p where p.authorised_at is not null and p.order_id is null and p.cart_uuid in ${carts}`);
  for (const payment of unmatched) expect(payment).toEqual({ status: "cancelled", queued: true });
}
