// An order as the contract's `Order`, from its rows as the payment ledger wrote them (see
// order-records.ts), in the language of the request: lines named in that language with the
// product's current slug, shipment lines and methods renamed the same way.
import type { components } from "../../../common/api/schema.gen.ts";
import { priceOf } from "../catalog/catalog-repository.ts";
import type { Lang } from "../catalog/locale.ts";
import { formatInvoiceNumber } from "./invoice-number.ts";
import type { OrderAmounts } from "./order-records.ts";

type Schemas = components["schemas"];
export type Order = Schemas["Order"];
type OrderItem = Schemas["OrderItem"];
type OrderPayment = Schemas["OrderPayment"];
type Shipment = Schemas["Shipment"];
type Address = Schemas["Address"];
type Picture = Schemas["Picture"];
type SelectedAttribute = Schemas["SelectedAttribute"];

export interface OrderRow {
  id: number;
  uuid: string;
  reference: string;
  customer_id: string;
  status: string;
  locale: string;
  coupon_code: string | null;
  billing_address: Address | null;
  shipments: Shipment[];
  total_cents: number;
  shipping_cents: number;
  amounts: OrderAmounts;
  custom_card_message: string | null;
  payment_date: Date | string | null;
  invoice_number: number | null;
  created_at: Date | string;
  /** The empowerment money pot that paid the order; null for a card order. */
  money_pot_id: number | null;
  payment_method: string | null;
  psp_reference: string | null;
  payment_status: string | null;
  authorised_at: Date | string | null;
}

export interface OrderItemRow {
  order_id: number;
  offer_id: number | null;
  product_id: number | null;
  product_reference: string;
  variant_reference: string;
  name_fr: string;
  name_en: string;
  selected_attributes: { fr: SelectedAttribute[]; en: SelectedAttribute[] };
  cover_picture: Picture | null;
  quantity: number;
  unit_price_cents: number;
  total_cents: number;
  total_tax_free_cents: number;
  tax_rate_bp: number;
  is_gift: boolean;
  /** The product's current slug in the request's language; null once the product is gone. */
  slug: string | null;
}

/** Shipment methods' names in both languages, by id (an order keeps the name in its own language). */
export type MethodNames = ReadonlyMap<number, { fr: string; en: string }>;

const ORDER_STATUSES: readonly Order["status"][] = ["PENDING_PAYMENT", "PAID", "PREPARING", "SHIPPED", "DELIVERED", "CANCELLED", "REFUNDED"];
const PAYMENT_STATUSES: readonly OrderPayment["status"][] = ["STARTED", "ACTION", "AUTHORISED", "REFUSED", "CANCELLED", "ERROR", "EXPIRED", "REFUNDED"];

const isoOf = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : isoOf(value));

function statusOf(value: string): Order["status"] {
  const status = ORDER_STATUSES.find((known) => known === value);
  // The table's check constraint allows only the contract's values: anything else is a broken row.
  if (!status) throw new Error(`order status ${value} is not one of the contract's`);
  return status;
}

/** The method of an order paid from a crew member's empowerment budget. */
export const MONEY_POT_METHOD = "moneyPot";

function paymentOf(row: OrderRow): OrderPayment | null {
  // Taken from the budget when the order was made: no provider, nothing left to authorise.
  if (row.money_pot_id !== null) return { method: MONEY_POT_METHOD, pspReference: null, status: "AUTHORISED", date: isoOrNull(row.payment_date) };
  if (row.payment_status === null) return null;
  const upper = row.payment_status.toUpperCase();
  const status = PAYMENT_STATUSES.find((known) => known === upper);
  if (!status) throw new Error(`payment status ${row.payment_status} is not one of the contract's`);
  return { method: row.payment_method, pspReference: row.psp_reference, status, date: isoOrNull(row.authorised_at ?? row.payment_date) };
}

function itemOf(row: OrderItemRow, lang: Lang): OrderItem {
  const unitPrice = priceOf(row.unit_price_cents, row.tax_rate_bp);
  return {
    productId: row.product_id,
    slug: row.slug,
    reference: row.product_reference,
    variantReference: row.variant_reference,
    name: lang === "en" ? row.name_en : row.name_fr,
    selectedAttributes: row.selected_attributes[lang],
    coverPicture: row.cover_picture,
    offerId: row.offer_id,
    quantity: row.quantity,
    unitPrice,
    totalPrice: {
      taxIncluded: row.total_cents,
      taxFree: row.total_tax_free_cents,
      taxRate: row.tax_rate_bp / 100,
      taxAmount: row.total_cents - row.total_tax_free_cents,
    },
    isGift: row.is_gift,
  };
}

function shipmentIn(shipment: Shipment, items: readonly OrderItemRow[], methods: MethodNames, lang: Lang): Shipment {
  const method = shipment.shipmentMethod;
  const methodName = method ? methods.get(method.id)?.[lang] : undefined;
  return {
    ...shipment,
    items: shipment.items.map((item) => {
      const line = items.find((candidate) => candidate.offer_id === item.offerId && candidate.variant_reference === item.reference);
      return line ? { ...item, name: lang === "en" ? line.name_en : line.name_fr } : item;
    }),
    shipmentMethod: method && methodName ? { ...method, name: methodName } : method,
  };
}

/** The contract's Order of a row and its lines (in position order). */
export function orderView(row: OrderRow, items: readonly OrderItemRow[], methods: MethodNames, lang: Lang): Order {
  const { amounts } = row;
  return {
    id: row.id,
    uuid: row.uuid,
    reference: row.reference,
    status: statusOf(row.status),
    paymentDate: isoOrNull(row.payment_date),
    createdAt: isoOf(row.created_at),
    items: items.map((item) => itemOf(item, lang)),
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    shipments: row.shipments.map((shipment) => shipmentIn(shipment, items, methods, lang)),
    billingAddress: row.billing_address,
    linesPrice: amounts.linesPrice,
    coupon: row.coupon_code === null ? null : { code: row.coupon_code, reduction: amounts.couponReductionCents },
    taxes: amounts.taxes.map((tax) => ({ taxRate: tax.taxRate, taxFree: tax.taxFree, taxAmount: tax.taxAmount })),
    totalPrice: amounts.totalPrice,
    shippingPrice: amounts.shippingPrice,
    payment: paymentOf(row),
    invoiceNumber: row.invoice_number === null ? null : formatInvoiceNumber(row.invoice_number),
    customCardMessage: row.custom_card_message,
  };
}
