// Reading orders: always one customer's (the owner's), a page or one order, with a fixed number
// of queries whatever the page size (the orders with their payment, then all their lines, then
// the shipment methods' names). Orders are written by the payment ledger, never here.
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Database, type Orm } from "../../db/client.ts";
import type { Lang } from "../catalog/locale.ts";
import { orderView, type MethodNames, type Order, type OrderItemRow, type OrderRow } from "./order-view.ts";

export type OrderSortField = "paymentDate" | "createdAt" | "reference";
export type SortDirection = "asc" | "desc";

/** Order ids are `serial`: a larger id (the contract allows up to 2^53) names no order. */
const MAX_ORDER_ID = 2_147_483_647;

/** Which order of the customer: by id, by uuid (its cart's) or by reference. */
export type OrderKey = { id: number } | { uuid: string } | { reference: string };

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface OrdersPage {
  content: Order[];
  totalElements: number;
  totalPages: number;
  size: number;
  number: number;
}

/** The buyer as the invoice and the e-mail name them (the account's name and e-mail). */
export interface Buyer {
  firstName: string;
  lastName: string;
  email: string;
}

function orderBy(field: OrderSortField, direction: SortDirection): SQL {
  const dir = sql.raw(direction === "asc" ? "asc" : "desc");
  switch (field) {
    // Orders never paid come last whichever the direction; the id breaks ties of one instant.
    case "paymentDate":
      return sql`o.payment_date ${dir} nulls last, o.id ${dir}`;
    case "createdAt":
      return sql`o.created_at ${dir}, o.id ${dir}`;
    case "reference":
      return sql`o.reference ${dir}`;
  }
}

/** The orders matching `where`, with the payment that paid each (its latest attempt linked to it). */
function selectOrders(where: SQL, order: SQL, limit: number, offset: number): SQL {
  return sql`
    select o.id, o.uuid, o.reference, o.customer_id, o.status, o.locale, o.coupon_code, o.billing_address,
           o.shipments, o.total_cents, o.shipping_cents, o.amounts, o.custom_card_message, o.payment_date,
           o.invoice_number, o.created_at, o.money_pot_id,
           pay.method as payment_method, pay.psp_reference, pay.status as payment_status, pay.authorised_at,
           count(*) over () as total_count
    from orders o
    left join lateral (
      select p.method, p.psp_reference, p.status, p.authorised_at from payments p
      where p.order_id = o.id order by p.id desc limit 1
    ) pay on true
    where ${where}
    order by ${order}
    limit ${limit} offset ${offset}`;
}

async function itemsOf(orm: Orm, orderIds: number[], lang: Lang): Promise<Map<number, OrderItemRow[]>> {
  const byOrder = new Map<number, OrderItemRow[]>();
  if (orderIds.length === 0) return byOrder;
  const slug = sql.raw(lang === "en" ? "pr.slug_en" : "pr.slug_fr");
  const rows = await rowsOf<OrderItemRow>(
    orm,
    sql`
      select i.order_id, i.offer_id, i.product_id, i.product_reference, i.variant_reference, i.name_fr, i.name_en,
             i.selected_attributes, i.cover_picture, i.quantity, i.unit_price_cents, i.total_cents,
             i.total_tax_free_cents, i.tax_rate_bp, i.is_gift, ${slug} as slug
      from order_items i left join products pr on pr.id = i.product_id
      where i.order_id in (${sql.join(orderIds, sql`, `)})
      order by i.order_id, i.position, i.id`,
  );
  for (const row of rows) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row]);
  return byOrder;
}

async function methodNames(orm: Orm): Promise<MethodNames> {
  const rows = await rowsOf<{ id: number; name_fr: string; name_en: string }>(orm, sql`select id, name_fr, name_en from shipment_methods`);
  return new Map(rows.map((row) => [row.id, { fr: row.name_fr, en: row.name_en }]));
}

async function viewsOf(orm: Orm, rows: OrderRow[], lang: Lang): Promise<Order[]> {
  if (rows.length === 0) return [];
  const [items, methods] = await Promise.all([
    itemsOf(
      orm,
      rows.map((row) => row.id),
      lang,
    ),
    methodNames(orm),
  ]);
  return rows.map((row) => orderView(row, items.get(row.id) ?? [], methods, lang));
}

function keyCondition(key: OrderKey): SQL | null {
  if ("id" in key) return key.id >= 1 && key.id <= MAX_ORDER_ID ? sql`o.id = ${key.id}` : null;
  if ("uuid" in key) return UUID_PATTERN.test(key.uuid) ? sql`o.uuid = ${key.uuid.toLowerCase()}::uuid` : null;
  return sql`o.reference = ${key.reference}`;
}

/** One order of a customer, or null when it is not theirs or does not exist (the caller answers 404 alike). */
export async function findOrder(orm: Orm, customerId: string, key: OrderKey, lang: Lang): Promise<Order | null> {
  const condition = keyCondition(key);
  if (!condition) return null;
  const rows = await rowsOf<OrderRow>(orm, selectOrders(sql`o.customer_id = ${customerId}::uuid and ${condition}`, sql`o.id`, 1, 0));
  const [order] = await viewsOf(orm, rows, lang);
  return order ?? null;
}

/** An order by id whoever its customer (the ledger's e-mail, inside the order's transaction), with its language and customer. */
export async function findOrderById(orm: Orm, orderId: number): Promise<{ order: Order; locale: string; customerId: string } | null> {
  const rows = await rowsOf<OrderRow>(orm, selectOrders(sql`o.id = ${orderId}`, sql`o.id`, 1, 0));
  const [row] = rows;
  if (!row) return null;
  const lang: Lang = row.locale === "en_US" ? "en" : "fr";
  const [order] = await viewsOf(orm, rows, lang);
  return order ? { order, locale: row.locale, customerId: row.customer_id } : null;
}

export async function findBuyer(orm: Orm, customerId: string): Promise<Buyer | null> {
  const [row] = await rowsOf<{ first_name: string; last_name: string; email: string }>(
    orm,
    sql`select first_name, last_name, email from customers where uuid = ${customerId}::uuid`,
  );
  return row ? { firstName: row.first_name, lastName: row.last_name, email: row.email } : null;
}

export function createOrdersRepository(db: Database) {
  const orm = db.orm;
  return {
    /** A page (zero-based) of the customer's orders. */
    async page(customerId: string, input: { page: number; size: number; sort: OrderSortField; direction: SortDirection; lang: Lang }): Promise<OrdersPage> {
      const mine = sql`o.customer_id = ${customerId}::uuid`;
      const rows = await rowsOf<OrderRow & { total_count: number | string }>(
        orm,
        selectOrders(mine, orderBy(input.sort, input.direction), input.size, input.page * input.size),
      );
      // Past the last page there is no row to carry the count: ask for it.
      const total =
        rows[0] !== undefined
          ? Number(rows[0].total_count)
          : Number((await rowsOf<{ count: number | string }>(orm, sql`select count(*) as count from orders o where ${mine}`))[0]?.count ?? 0);
      return {
        content: await viewsOf(orm, rows, input.lang),
        totalElements: total,
        totalPages: Math.ceil(total / input.size),
        size: input.size,
        number: input.page,
      };
    },

    find: (customerId: string, key: OrderKey, lang: Lang) => findOrder(orm, customerId, key, lang),

    buyer: (customerId: string) => findBuyer(orm, customerId),
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
