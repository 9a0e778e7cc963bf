// What becomes of the shopper's anonymous cart when they sign in (for the accounts module).
import { sql } from "drizzle-orm";
import { rowsOf, type Database, type Orm } from "../../db/client.ts";
import type { CustomerGroup } from "../../platform/sessions.ts";
import { lockCart, lockCustomerCart, settleCoupon } from "./cart-repository.ts";

export interface AttachInput {
  /** The anonymous cart's uuid the client kept (`shoppingCartId` of the sign-in). */
  cartUuid: string;
  customerId: string;
  customerGroup: CustomerGroup;
}

/**
 * Call at sign-in, in the sign-in's transaction if there is one (`tx`) or with the database.
 *
 * - GENERAL_PUBLIC customers keep the cart they filled before signing in: with no cart of their
 *   own, the anonymous cart becomes theirs; otherwise its lines are merged into their cart
 *   (quantities of the same offer added, capped by the offer's stock and maximal order quantity;
 *   sold-out offers are left out), their cart takes the anonymous cart's coupon when it has none
 *   (dropped again if it no longer applies), and the anonymous cart is deleted.
 * - Other groups: nothing happens (the client forgets the anonymous cart; the purge removes it).
 * - An unknown uuid, or a cart that already belongs to a customer, is ignored.
 *
 * Returns the id of the customer's cart after the merge, or null when nothing was done.
 */
export async function attachAnonymousCart(target: Database | Orm, input: AttachInput): Promise<{ cartId: number } | null> {
  if (input.customerGroup !== "GENERAL_PUBLIC") return null;
  const orm = "orm" in target ? target.orm : target;
  const customerId = input.customerId.toLowerCase();
  // Inside a caller's transaction this is a savepoint: a failure leaves the sign-in to decide.
  return orm.transaction(async (tx) => {
    // Lock the customer's cart first, then the anonymous one: the order every merge takes.
    const own = await lockCustomerCart(tx, customerId);
    const anonymous = await lockCart(tx, input.cartUuid);
    if (!anonymous || anonymous.customer_id !== null) return null;
    if (!own) {
      await tx.execute(sql`update carts set customer_id = ${customerId}, updated_at = now(), last_used_at = now() where id = ${anonymous.id}`);
      return { cartId: anonymous.id };
    }
    await tx.execute(sql`
      insert into cart_lines (cart_id, offer_id, quantity, is_gift)
      select ${own.id}, l.offer_id, least(l.quantity, o.stock_quantity, coalesce(o.max_order_quantity, o.stock_quantity)), false
      from cart_lines l join offers o on o.id = l.offer_id
      where l.cart_id = ${anonymous.id} and not l.is_gift and o.stock_quantity > 0
      on conflict (cart_id, offer_id, is_gift) do update set quantity = (
        select greatest(1, least(cart_lines.quantity + excluded.quantity, o.stock_quantity, coalesce(o.max_order_quantity, o.stock_quantity)))
        from offers o where o.id = excluded.offer_id)`);
    if (own.coupon_code === null && anonymous.coupon_code !== null) {
      const gifts = await rowsOf<{ offer_id: number }>(tx, sql`select offer_id from cart_lines where cart_id = ${anonymous.id} and is_gift`);
      for (const gift of gifts) {
        await tx.execute(sql`
          insert into cart_lines (cart_id, offer_id, quantity, is_gift) values (${own.id}, ${gift.offer_id}, 1, true)
          on conflict (cart_id, offer_id, is_gift) do nothing`);
      }
      await tx.execute(sql`update carts set coupon_code = ${anonymous.coupon_code} where id = ${own.id}`);
    }
    await tx.execute(sql`delete from carts where id = ${anonymous.id}`);
    await settleCoupon(tx, own.id);
    await tx.execute(sql`update carts set updated_at = now(), last_used_at = now() where id = ${own.id}`);
    return { cartId: own.id };
  });
}
