// The gift card message of an empowerment order, kept on the cart until the order is made: trimmed,
// Windows line ends made plain, no control character but the line break; empty removes the card.
// Only the customer's own cart, and not while a card payment of it is in progress.
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { lockCart, lockCustomerCart, type CartRow } from "../cart/cart-repository.ts";

/** The contract's bound on the message. */
export const CARD_MESSAGE_MAX_LENGTH = 500;

export type CardMessage = { message: string | null } | { problem: string };

export type CardResult = { outcome: "updated"; cart: CartRow } | { outcome: "unknown-cart" } | { outcome: "locked" };

/** Control characters (C0, DEL, C1) and the Unicode line and paragraph separators; the line break is let through. */
function isForbidden(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return character !== "\n" && (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029);
}

/** The message as it is stored (null: no card), or what is wrong with it. */
export function cardMessageOf(input: string): CardMessage {
  const message = input.replace(/\r\n?/g, "\n").trim();
  if ([...message].some(isForbidden)) return { problem: "must not contain control characters other than line breaks" };
  if (message.length > CARD_MESSAGE_MAX_LENGTH) return { problem: `must be at most ${CARD_MESSAGE_MAX_LENGTH} characters` };
  return { message: message === "" ? null : message };
}

export async function setCardMessage(
  db: Database,
  input: { customerId: string; cartUuid: string | null; message: string | null },
): Promise<CardResult> {
  const owner = input.customerId.toLowerCase();
  return db.orm.transaction(async (tx): Promise<CardResult> => {
    const cart = input.cartUuid === null ? await lockCustomerCart(tx, owner) : await lockCart(tx, input.cartUuid);
    if (!cart || cart.customer_id !== owner) return { outcome: "unknown-cart" };
    if (cart.locked_at) return { outcome: "locked" };
    await tx.execute(sql`update carts set custom_card_message = ${input.message}, last_used_at = now() where id = ${cart.id}`);
    return { outcome: "updated", cart: { ...cart, custom_card_message: input.message } };
  });
}
