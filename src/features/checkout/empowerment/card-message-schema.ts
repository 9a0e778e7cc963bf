// The gift card's message (SPEC §7 empowerment/order/setCustomCard): optional, at most the contract's
// 500 characters; an empty message removes the card.
import * as v from "valibot";
import { CARD_MESSAGE_MAX } from "../../../../machines/empowerment-order/empowerment-order.types.ts";

export { CARD_MESSAGE_MAX };

export const cardMessageSchema = v.pipe(v.string(), v.maxLength(CARD_MESSAGE_MAX, "empowerment.order.card.tooLong"));

/** The message's problem as a message id; undefined when it may be saved. */
export function cardMessageErrorId(message: string): string | undefined {
  const result = v.safeParse(cardMessageSchema, message);
  return result.success ? undefined : result.issues[0].message;
}
