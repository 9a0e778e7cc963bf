// Makes the order of an authorised payment attempt (or of a cart paid from an empowerment money
// pot), in that transaction: the next invoice number of the gapless counter (a rollback gives it
// back), a reference the shopper can read (`ESC-7K3M-Q9TX`: random, so no order can be found by
// counting), the lines of the draft.
import { randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import { rowsOf, type Orm } from "../../db/client.ts";
import type { OrderDraft } from "../orders/order-records.ts";

/** Letters and digits nobody misreads (no 0/O, 1/I/L). */
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const REFERENCE_ATTEMPTS = 5;
const INVOICE_COUNTER = "invoice";

function randomGroup(length: number): string {
  return Array.from({ length }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join("");
}

/** SQL null for null (not JSON's `null`). */
const jsonOrNull = (value: unknown) => (value === null ? null : JSON.stringify(value));

/** `ESC-` and two groups of four: about 40 random bits. */
function newOrderReference(): string {
  return `ESC-${randomGroup(4)}-${randomGroup(4)}`;
}

/** The next invoice number; the counter row stays locked until the transaction ends, so numbers follow without gaps. */
async function nextInvoiceNumber(tx: Orm): Promise<number> {
  const [row] = await rowsOf<{ last_value: number }>(
    tx,
    sql`insert into counters (name, last_value) values (${INVOICE_COUNTER}, 1)
        on conflict (name) do update set last_value = counters.last_value + 1
        returning last_value`,
  );
  if (!row) throw new Error("the invoice counter returned no value");
  return row.last_value;
}

/** `moneyPotId`: the empowerment pot the order was paid from (card orders have none). */
export async function placeOrder(tx: Orm, draft: OrderDraft, paidAt: Date, paidWith: { moneyPotId?: number } = {}): Promise<{ id: number; reference: string }> {
  const invoiceNumber = await nextInvoiceNumber(tx);
  for (let attempt = 1; attempt <= REFERENCE_ATTEMPTS; attempt += 1) {
    const reference = newOrderReference();
    const [order] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into orders (uuid, reference, customer_id, status, locale, coupon_code, billing_address, shipments, total_cents,
                              shipping_cents, amounts, custom_card_message, payment_date, invoice_number, money_pot_id)
          values (${draft.cartUuid}, ${reference}, ${draft.customerId}, 'PAID', ${draft.locale}, ${draft.couponCode},
                  ${jsonOrNull(draft.billingAddress)}::jsonb, ${JSON.stringify(draft.shipments)}::jsonb,
                  ${draft.amounts.totalPrice.taxIncluded}, ${draft.amounts.shippingPrice.taxIncluded},
                  ${JSON.stringify(draft.amounts)}::jsonb, ${draft.customCardMessage}, ${paidAt.toISOString()}, ${invoiceNumber},
                  ${paidWith.moneyPotId ?? null}::int)
          on conflict (reference) do nothing
          returning id`,
    );
    if (!order) continue;
    for (const [position, item] of draft.items.entries()) {
      await tx.execute(sql`
        insert into order_items (order_id, offer_id, product_id, product_reference, variant_reference, name_fr, name_en,
                                 selected_attributes, cover_picture, quantity, unit_price_cents, total_cents, total_tax_free_cents,
                                 tax_rate_bp, is_gift, position)
        values (${order.id}, (select id from offers where id = ${item.offerId}), (select id from products where id = ${item.productId}),
                ${item.productReference}, ${item.variantReference}, ${item.nameFr}, ${item.nameEn},
                ${JSON.stringify(item.selectedAttributes)}::jsonb, ${jsonOrNull(item.coverPicture)}::jsonb, ${item.quantity},
                ${item.unitPriceCents}, ${item.totalCents}, ${item.totalTaxFreeCents}, ${item.taxRateBp}, ${item.isGift}, ${position})`);
    }
    return { id: order.id, reference };
  }
  throw new Error("no free order reference after several draws");
}
