// Orders for the tests that read them, written as the payment ledger writes them (rows of
// `orders`, `order_items` and the authorised `payments` row, shapes of order-records.ts, the
// invoice number from the gapless counter), from offers of the demo catalogue.
import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import type { components } from "../../common/api/schema.gen.ts";
import { rowsOf, type Database } from "../../server/db/client.ts";
import { priceOf } from "../../server/modules/catalog/catalog-repository.ts";
import type { OrderAmounts, OrderDraft, OrderDraftItem, TaxLine } from "../../server/modules/orders/order-records.ts";
import { fakeSessions } from "./cart-fixtures.ts";

type Schemas = components["schemas"];
type Address = Schemas["Address"];
type Shipment = Schemas["Shipment"];
type SelectedAttribute = Schemas["SelectedAttribute"];

/** The counter the ledger allocates invoice numbers from. */
export const INVOICE_COUNTER = "invoice";

export interface TestCustomer {
  uuid: string;
  email: string;
  firstName: string;
  lastName: string;
  locale: "fr_FR" | "en_US";
  headers: Record<string, string>;
}

/** Customer sessions a test controls: each customer of `createCustomer` is signed in by its headers. */
export function testSessions() {
  const { sessions, signInAs } = fakeSessions();
  return {
    sessions,
    /** A row of `customers` (the buyer named on invoices and e-mailed) with a session. */
    async createCustomer(db: Database, input: Partial<Pick<TestCustomer, "firstName" | "lastName" | "locale">> = {}): Promise<TestCustomer> {
      const uuid = randomUUID();
      const email = `buyer.${uuid.slice(0, 8)}@example.fr`;
      const firstName = input.firstName ?? "Hélène";
      const lastName = input.lastName ?? "Lefèvre";
      const locale = input.locale ?? "fr_FR";
      await db.rows(sql`
        insert into customers (uuid, email, password_hash, first_name, last_name, locale, customer_group)
        values (${uuid}::uuid, ${email}, 'not-a-hash', ${firstName}, ${lastName}, ${locale}, 'GENERAL_PUBLIC')`);
      const headers = signInAs({ id: uuid, email, group: "GENERAL_PUBLIC", locale });
      return { uuid, email, firstName, lastName, locale, headers };
    },
  };
}

export interface LineInput {
  /** Which product of the demo catalogue: the first offer of a product at this VAT rate (basis points), skipping `skip`. */
  taxRateBp?: number;
  skip?: number;
  quantity: number;
  unitPriceCents: number;
  selectedAttributes?: { fr: SelectedAttribute[]; en: SelectedAttribute[] };
}

export interface OrderInput {
  customer: Pick<TestCustomer, "uuid" | "locale" | "firstName" | "lastName">;
  lines: LineInput[];
  /** Tax-included shipping in cents (20 % VAT), by Colissimo home delivery or to a relay point. */
  shippingCents?: number;
  relayPointId?: string | null;
  coupon?: { code: string; reductionCents: number } | null;
  paymentDate?: Date | null;
  createdAt?: Date;
  /** False: the order has no invoice number yet. */
  invoiced?: boolean;
  status?: string;
  tracking?: { number: string; url: string | null } | null;
  paymentMethod?: string;
}

export interface CreatedOrder {
  id: number;
  uuid: string;
  reference: string;
  invoiceNumber: number | null;
  amounts: OrderAmounts;
  items: OrderDraftItem[];
  shipments: Shipment[];
  billingAddress: Address;
}

const SHIPPING_RATE_BP = 2000;

export const billingAddressOf = (customer: Pick<TestCustomer, "firstName" | "lastName">): Address => ({
  name: "Maison",
  company: null,
  firstName: customer.firstName,
  lastName: customer.lastName,
  street: "8 rue des Écoles",
  city: "Nîmes",
  postCode: "30000",
  country: "FR",
  phone: "+33612345678",
  email: null,
  website: null,
  latitude: null,
  longitude: null,
  defaultShipping: false,
  defaultBilling: false,
});

/** Shares a reduction among lines in proportion to their totals (largest remainder: the shares add up exactly). */
function shares(totals: number[], reduction: number): number[] {
  const sum = totals.reduce((a, b) => a + b, 0);
  if (sum === 0 || reduction === 0) return totals.map(() => 0);
  const exact = totals.map((total) => (total * reduction) / sum);
  const floors = exact.map(Math.floor);
  let left = reduction - floors.reduce((a, b) => a + b, 0);
  const order = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest);
  for (const { index } of order) {
    if (left === 0) break;
    floors[index] = (floors[index] ?? 0) + 1;
    left -= 1;
  }
  return floors;
}

function effectiveRate(taxFree: number, taxIncluded: number): number {
  return taxFree === 0 ? 0 : Math.round(((taxIncluded - taxFree) / taxFree) * 10_000) / 100;
}

interface CatalogueProduct {
  offer_id: number;
  product_id: number;
  reference: string;
  variant_reference: string;
  name_fr: string;
  name_en: string;
}

let referenceCounter = 0;

/** Writes an order as the ledger does, in one transaction, and returns what it wrote. */
export async function createOrder(db: Database, input: OrderInput): Promise<CreatedOrder> {
  const taken = new Map<number, number>();
  const products: CatalogueProduct[] = [];
  for (const line of input.lines) {
    const rate = line.taxRateBp ?? 2000;
    const skip = (taken.get(rate) ?? 0) + (line.skip ?? 0);
    taken.set(rate, (taken.get(rate) ?? 0) + 1);
    const [product] = await db.rows<CatalogueProduct>(sql`
      select o.id as offer_id, p.id as product_id, p.reference, v.reference as variant_reference, p.name_fr, p.name_en
      from offers o join variants v on v.id = o.variant_id join products p on p.id = v.product_id
      where p.tax_rate_bp = ${rate} order by p.id, o.id offset ${skip} limit 1`);
    if (!product) throw new Error(`no product taxed at ${rate} in the demo catalogue`);
    products.push(product);
  }
  const grossTotals = input.lines.map((line) => line.unitPriceCents * line.quantity);
  const reduction = input.coupon?.reductionCents ?? 0;
  const couponShares = shares(grossTotals, reduction);
  const items: OrderDraftItem[] = input.lines.map((line, index) => {
    const product = products[index];
    if (!product) throw new Error("missing product");
    const rate = line.taxRateBp ?? 2000;
    const paid = priceOf((grossTotals[index] ?? 0) - (couponShares[index] ?? 0), rate);
    return {
      offerId: product.offer_id,
      productId: product.product_id,
      productReference: product.reference,
      variantReference: product.variant_reference,
      nameFr: product.name_fr,
      nameEn: product.name_en,
      selectedAttributes: line.selectedAttributes ?? { fr: [], en: [] },
      coverPicture: null,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      totalCents: paid.taxIncluded,
      totalTaxFreeCents: paid.taxFree,
      taxRateBp: rate,
      isGift: false,
    };
  });

  const shippingPrice = priceOf(input.shippingCents ?? 0, SHIPPING_RATE_BP);
  const carrier = input.relayPointId ? "A2P" : "DOS";
  const [method] = await db.rows<{ id: number; name_fr: string; name_en: string }>(
    sql`select id, name_fr, name_en from shipment_methods where carrier = ${carrier}`,
  );
  if (!method) throw new Error(`no ${carrier} shipment method in the demo data`);
  const billingAddress = billingAddressOf(input.customer);
  const deliveryAddress: Address = input.relayPointId
    ? { ...billingAddress, name: "Relais", company: "Tabac de la Gare", street: "2 place de la Gare", city: "Nîmes", postCode: "30000" }
    : billingAddress;
  const lang = input.customer.locale === "en_US" ? "en" : "fr";
  const shipments: Shipment[] = [
    {
      id: 1,
      items: items.map((item) => ({ offerId: item.offerId, reference: item.variantReference, name: lang === "en" ? item.nameEn : item.nameFr, quantity: item.quantity })),
      shipmentWeight: 500,
      price: shippingPrice,
      trackingInfo: input.tracking ?? null,
      shipmentMethod: {
        id: method.id,
        carrier: input.relayPointId ? "A2P" : "DOS",
        name: lang === "en" ? method.name_en : method.name_fr,
        deliveryTime: 2,
        deliveryTimeUnit: "DAY",
        price: shippingPrice,
      },
      address: deliveryAddress,
      relayPointId: input.relayPointId ?? null,
    },
  ];

  const byRate = new Map<number, TaxLine>();
  const addTax = (rateBp: number, taxIncluded: number, taxFree: number) => {
    const line = byRate.get(rateBp) ?? { taxRate: rateBp / 100, taxFree: 0, taxAmount: 0 };
    byRate.set(rateBp, { ...line, taxFree: line.taxFree + taxFree, taxAmount: line.taxAmount + taxIncluded - taxFree });
  };
  for (const item of items) addTax(item.taxRateBp, item.totalCents, item.totalTaxFreeCents);
  if (shippingPrice.taxIncluded > 0) addTax(SHIPPING_RATE_BP, shippingPrice.taxIncluded, shippingPrice.taxFree);
  const grossLines = items.map((item, index) => priceOf(grossTotals[index] ?? 0, item.taxRateBp));
  const linesIncluded = grossLines.reduce((sum, price) => sum + price.taxIncluded, 0);
  const linesFree = grossLines.reduce((sum, price) => sum + price.taxFree, 0);
  const totalIncluded = items.reduce((sum, item) => sum + item.totalCents, 0) + shippingPrice.taxIncluded;
  const totalFree = items.reduce((sum, item) => sum + item.totalTaxFreeCents, 0) + shippingPrice.taxFree;
  const amounts: OrderAmounts = {
    linesPrice: { taxIncluded: linesIncluded, taxFree: linesFree, taxRate: effectiveRate(linesFree, linesIncluded), taxAmount: linesIncluded - linesFree },
    couponReductionCents: reduction,
    shippingPrice,
    totalPrice: { taxIncluded: totalIncluded, taxFree: totalFree, taxRate: effectiveRate(totalFree, totalIncluded), taxAmount: totalIncluded - totalFree },
    taxes: [...byRate.entries()].sort(([a], [b]) => a - b).map(([, tax]) => tax),
  };

  const uuid = randomUUID();
  referenceCounter += 1;
  const reference = `ESC-${uuid.slice(0, 6).toUpperCase()}${referenceCounter}`;
  const paymentDate = input.paymentDate === undefined ? new Date() : input.paymentDate;
  const createdAt = input.createdAt ?? paymentDate ?? new Date();
  const draft: OrderDraft = {
    cartUuid: uuid,
    customerId: input.customer.uuid,
    locale: input.customer.locale,
    couponCode: input.coupon?.code ?? null,
    billingAddress,
    shipments,
    items,
    amounts,
    customCardMessage: null,
  };

  const result = await db.orm.transaction(async (tx) => {
    const run = <T>(statement: SQL) => rowsOf<T>(tx, statement);
    let invoiceNumber: number | null = null;
    if (input.invoiced !== false) {
      const [counter] = await run<{ last_value: number }>(sql`
        insert into counters (name, last_value) values (${INVOICE_COUNTER}, 1)
        on conflict (name) do update set last_value = counters.last_value + 1 returning last_value`);
      invoiceNumber = counter?.last_value ?? null;
    }
    const [order] = await run<{ id: number }>(sql`
      insert into orders (uuid, reference, customer_id, status, locale, coupon_code, billing_address, shipments, total_cents,
                          shipping_cents, amounts, payment_date, invoice_number, created_at, updated_at)
      values (${uuid}::uuid, ${reference}, ${input.customer.uuid}::uuid, ${input.status ?? "PAID"}, ${input.customer.locale},
              ${input.coupon?.code ?? null}, ${JSON.stringify(billingAddress)}::jsonb, ${JSON.stringify(shipments)}::jsonb,
              ${totalIncluded}, ${shippingPrice.taxIncluded}, ${JSON.stringify(amounts)}::jsonb,
              ${paymentDate ? paymentDate.toISOString() : null}::timestamptz, ${invoiceNumber}::int,
              ${createdAt.toISOString()}::timestamptz, ${createdAt.toISOString()}::timestamptz)
      returning id`);
    if (!order) throw new Error("the order was not written");
    for (const [position, item] of items.entries()) {
      await run(sql`
        insert into order_items (order_id, offer_id, product_id, product_reference, variant_reference, name_fr, name_en,
                                 selected_attributes, cover_picture, quantity, unit_price_cents, total_cents,
                                 total_tax_free_cents, tax_rate_bp, is_gift, position)
        values (${order.id}, ${item.offerId}, ${item.productId}, ${item.productReference}, ${item.variantReference},
                ${item.nameFr}, ${item.nameEn}, ${JSON.stringify(item.selectedAttributes)}::jsonb, null, ${item.quantity},
                ${item.unitPriceCents}, ${item.totalCents}, ${item.totalTaxFreeCents}, ${item.taxRateBp}, ${item.isGift}, ${position})`);
    }
    if (paymentDate) {
      await run(sql`
        insert into payments (cart_uuid, customer_id, psp_reference, status, result_code, method, amount_cents, locale, draft,
                              reserved_until, order_id, authorised_at)
        values (${uuid}::uuid, ${input.customer.uuid}::uuid, ${`PSP${uuid.replace(/-/g, "").slice(0, 13).toUpperCase()}`}, 'authorised',
                'Authorised', ${input.paymentMethod ?? "visa"}, ${totalIncluded}, ${input.customer.locale}, ${JSON.stringify(draft)}::jsonb,
                ${paymentDate.toISOString()}::timestamptz, ${order.id}, ${paymentDate.toISOString()}::timestamptz)`);
    }
    return { id: order.id, invoiceNumber };
  });
  return { id: result.id, uuid, reference, invoiceNumber: result.invoiceNumber, amounts, items, shipments, billingAddress };
}
