// Stock held by payment attempts. Stock is taken off `offers.stock_quantity` with a guarded update
// (`stock_quantity >= q`, and the table's check keeps it from going below zero), offer by offer in
// ascending id order so that concurrent takers lock offers in one order; what one attempt holds is
// in `stock_reservations` until it is given back (refused, abandoned, expired) or kept for good
// (the order is made).
import { sql } from "drizzle-orm";
import { rowsOf, type Orm } from "../../db/client.ts";

export interface StockLine {
  offerId: number;
  quantity: number;
}

/** One line per offer (a paid line and a gift line of one offer add up), by ascending offer id. */
function perOffer(lines: readonly StockLine[]): StockLine[] {
  const totals = new Map<number, number>();
  for (const line of lines) totals.set(line.offerId, (totals.get(line.offerId) ?? 0) + line.quantity);
  return [...totals.entries()].sort(([a], [b]) => a - b).map(([offerId, quantity]) => ({ offerId, quantity }));
}

/** Puts the lines' stock back on the offers. */
export async function giveBack(tx: Orm, lines: readonly StockLine[]): Promise<void> {
  for (const line of perOffer(lines)) {
    await tx.execute(sql`update offers set stock_quantity = stock_quantity + ${line.quantity} where id = ${line.offerId}`);
  }
}

/**
 * Takes the lines' stock, all or nothing: the offers short of stock (or gone) are answered and
 * nothing is taken when there is any.
 */
export async function takeStock(tx: Orm, lines: readonly StockLine[]): Promise<{ short: number[] }> {
  const taken: StockLine[] = [];
  const short: number[] = [];
  for (const line of perOffer(lines)) {
    const updated = await rowsOf<{ id: number }>(
      tx,
      sql`update offers set stock_quantity = stock_quantity - ${line.quantity}
          where id = ${line.offerId} and stock_quantity >= ${line.quantity} returning id`,
    );
    if (updated.length === 1) taken.push(line);
    else short.push(line.offerId);
  }
  if (short.length > 0) await giveBack(tx, taken);
  return { short };
}

/** Takes the lines' stock for the attempt and records it as held by it. */
export async function reserveStock(tx: Orm, paymentId: number, lines: readonly StockLine[]): Promise<{ short: number[] }> {
  const result = await takeStock(tx, lines);
  if (result.short.length > 0) return result;
  for (const line of perOffer(lines)) {
    await tx.execute(sql`insert into stock_reservations (payment_id, offer_id, quantity) values (${paymentId}, ${line.offerId}, ${line.quantity})`);
  }
  return result;
}

/** Gives the attempt's held stock back. */
export async function releaseStock(tx: Orm, paymentId: number): Promise<void> {
  const held = await rowsOf<{ offerId: number; quantity: number }>(
    tx,
    sql`delete from stock_reservations where payment_id = ${paymentId} returning offer_id as "offerId", quantity`,
  );
  await giveBack(tx, held);
}

/** Keeps the attempt's held stock for good (its order is made): answers what it still held. */
export async function consumeStock(tx: Orm, paymentId: number): Promise<StockLine[]> {
  return rowsOf<StockLine>(tx, sql`delete from stock_reservations where payment_id = ${paymentId} returning offer_id as "offerId", quantity`);
}

/** What of `wanted` the attempt does not hold (its reservation was released meanwhile). */
export function notHeld(wanted: readonly StockLine[], held: readonly StockLine[]): StockLine[] {
  const heldByOffer = new Map(held.map((line) => [line.offerId, line.quantity]));
  return perOffer(wanted).flatMap((line) => {
    const missing = line.quantity - (heldByOffer.get(line.offerId) ?? 0);
    return missing > 0 ? [{ offerId: line.offerId, quantity: missing }] : [];
  });
}

/** Gives the stock of an order's lines back (an order cancelled before it left). */
export async function restockOrder(tx: Orm, orderId: number): Promise<void> {
  const lines = await rowsOf<StockLine>(
    tx,
    sql`select offer_id as "offerId", quantity from order_items where order_id = ${orderId} and offer_id is not null`,
  );
  await giveBack(tx, lines);
}
