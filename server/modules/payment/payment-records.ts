// Payment attempts as the ledger reads and locks them (`payments` rows).
import { sql } from "drizzle-orm";
import { rowsOf, type Orm } from "../../db/client.ts";
import type { OrderDraft } from "../orders/order-records.ts";
import { parseMerchantReference } from "./merchant-reference.ts";

export type PaymentStatus = "started" | "action" | "authorised" | "refused" | "cancelled" | "error" | "expired" | "refunded";

/** An attempt still open: it holds stock and keeps its cart locked. */
export const isOpen = (status: PaymentStatus) => status === "started" || status === "action";

/** Why the shop itself cancelled or closed an attempt (`payments.refusal_reason`). */
export const CLOSING_REASONS = {
  outOfStock: "OUT_OF_STOCK",
  orderAlreadyPaid: "ORDER_ALREADY_PAID",
  superseded: "SUPERSEDED",
  abandoned: "ABANDONED",
  expired: "RESERVATION_EXPIRED",
  gatewayFailed: "GATEWAY_UNAVAILABLE",
  amountMismatch: "AMOUNT_MISMATCH",
} as const;

export interface PaymentRow {
  id: number;
  cart_uuid: string;
  customer_id: string;
  psp_reference: string | null;
  status: PaymentStatus;
  result_code: string | null;
  refusal_reason: string | null;
  method: string | null;
  amount_cents: number;
  locale: "fr_FR" | "en_US";
  draft: OrderDraft;
  reserved_until: Date | string;
  order_id: number | null;
  authorised_at: Date | string | null;
  created_at: Date | string;
}

const COLUMNS = sql.raw(
  "id, cart_uuid, customer_id, psp_reference, status, result_code, refusal_reason, method, amount_cents, locale, draft, reserved_until, order_id, authorised_at, created_at",
);

export async function lockPayment(tx: Orm, paymentId: number): Promise<PaymentRow | undefined> {
  const [row] = await rowsOf<PaymentRow>(tx, sql`select ${COLUMNS} from payments where id = ${paymentId} for update`);
  return row;
}

export async function readPayment(orm: Orm, paymentId: number): Promise<PaymentRow | undefined> {
  const [row] = await rowsOf<PaymentRow>(orm, sql`select ${COLUMNS} from payments where id = ${paymentId}`);
  return row;
}

/** The attempt an answer or a notification is about: by the provider's reference, else by our merchant reference. */
export async function findPaymentId(orm: Orm, by: { pspReference?: string | null; merchantReference?: string | null }): Promise<number | undefined> {
  if (by.pspReference) {
    const [row] = await rowsOf<{ id: number }>(orm, sql`select id from payments where psp_reference = ${by.pspReference}`);
    if (row) return row.id;
  }
  const parsed = parseMerchantReference(by.merchantReference ?? undefined);
  if (!parsed) return undefined;
  const [row] = await rowsOf<{ id: number; psp_reference: string | null }>(
    orm,
    sql`select id, psp_reference from payments where id = ${parsed.paymentId} and cart_uuid = ${parsed.cartUuid}`,
  );
  // An attempt the provider already named otherwise is not the one of another reference.
  if (!row || (by.pspReference && row.psp_reference !== null && row.psp_reference !== by.pspReference)) return undefined;
  return row.id;
}

/** The open attempt of a cart, locked. */
export async function lockOpenPayment(tx: Orm, cartUuid: string): Promise<PaymentRow | undefined> {
  const [row] = await rowsOf<PaymentRow>(
    tx,
    sql`select ${COLUMNS} from payments where cart_uuid = ${cartUuid.toLowerCase()} and status in ('started', 'action') for update`,
  );
  return row;
}

/** The order made from a cart, if any. */
export async function orderOfCart(orm: Orm, cartUuid: string): Promise<{ id: number; reference: string; customer_id: string } | undefined> {
  const [row] = await rowsOf<{ id: number; reference: string; customer_id: string }>(
    orm,
    sql`select id, reference, customer_id from orders where uuid = ${cartUuid.toLowerCase()}`,
  );
  return row;
}
