// The contract's PaymentResult of an attempt as it stands: Authorised with the order's reference
// once its order is made (or when the cart's order was paid by another attempt of it, whose money
// this one's is given back); the action to perform while the shopper has one; else the reason it
// ended. An authorisation cancelled because the goods went meanwhile answers Cancelled with the
// reason OUT_OF_STOCK, which the SPA tells apart to show the out-of-stock modal.
import { sql } from "drizzle-orm";
import type { components } from "../../../common/api/schema.gen.ts";
import { rowsOf, type Orm } from "../../db/client.ts";
import type { GatewayResultCode } from "./payment-gateway.ts";
import { CLOSING_REASONS, orderOfCart, type PaymentRow } from "./payment-records.ts";

export type PaymentResult = components["schemas"]["PaymentResult"];

const ACTION_CODES = new Set<string>(["RedirectShopper", "ChallengeShopper", "IdentifyShopper", "Pending", "Received"]);
const isActionCode = (code: string | null): code is GatewayResultCode => code !== null && ACTION_CODES.has(code);

export async function paymentResultOf(orm: Orm, payment: PaymentRow, action: Record<string, unknown> | undefined): Promise<PaymentResult> {
  if (payment.order_id !== null) {
    const [order] = await rowsOf<{ reference: string }>(orm, sql`select reference from orders where id = ${payment.order_id}`);
    return { resultCode: "Authorised", action: null, orderReference: order?.reference ?? null, refusalReason: null };
  }
  if (payment.authorised_at !== null && payment.refusal_reason === CLOSING_REASONS.orderAlreadyPaid) {
    const order = await orderOfCart(orm, payment.cart_uuid);
    return { resultCode: "Authorised", action: null, orderReference: order?.reference ?? null, refusalReason: null };
  }
  switch (payment.status) {
    case "started":
    case "action":
      return {
        resultCode: isActionCode(payment.result_code) ? payment.result_code : "Received",
        action: action ?? null,
        orderReference: null,
        refusalReason: null,
      };
    case "refused":
      return { resultCode: "Refused", action: null, orderReference: null, refusalReason: payment.refusal_reason };
    case "error":
      return { resultCode: "Error", action: null, orderReference: null, refusalReason: payment.refusal_reason };
    default:
      return { resultCode: "Cancelled", action: null, orderReference: null, refusalReason: payment.refusal_reason };
  }
}
