// What an order keeps, as the payment ledger writes it and the orders API and the invoice read it:
// the shapes of the `orders` table's JSON columns and of the draft a payment attempt carries
// (`payments.draft`), from which its order is made once the payment is authorised.
import type { components } from "../../../common/api/schema.gen.ts";

type Price = components["schemas"]["Price"];
type Address = components["schemas"]["Address"];
type Shipment = components["schemas"]["Shipment"];
type SelectedAttribute = components["schemas"]["SelectedAttribute"];
type Picture = components["schemas"]["Picture"];

/** The tax of one rate over what is paid (lines after the coupon, and shipping). */
export interface TaxLine {
  /** Percent (20, 5.5). */
  taxRate: number;
  taxFree: number;
  taxAmount: number;
}

/** `orders.amounts`: every amount in euro cents, as paid. */
export interface OrderAmounts {
  /** The lines before the coupon. */
  linesPrice: Price;
  /** What the coupon took off the lines, tax included (0 without a coupon). */
  couponReductionCents: number;
  shippingPrice: Price;
  /** What is paid: the lines after the coupon, plus shipping. Equals `orders.total_cents`. */
  totalPrice: Price;
  /** One entry per tax rate; their amounts add up to `totalPrice`. */
  taxes: TaxLine[];
}

/** A line of the draft: a row of `order_items` once the order is made. */
export interface OrderDraftItem {
  offerId: number;
  productId: number;
  productReference: string;
  variantReference: string;
  nameFr: string;
  nameEn: string;
  selectedAttributes: { fr: SelectedAttribute[]; en: SelectedAttribute[] };
  coverPicture: Picture | null;
  quantity: number;
  /** Tax-included unit price charged, before the coupon's share. */
  unitPriceCents: number;
  /** Tax-included line total paid, after the coupon's share. */
  totalCents: number;
  totalTaxFreeCents: number;
  taxRateBp: number;
  isGift: boolean;
}

/** `payments.draft`: the order a payment attempt will make, computed from the cart when it started. */
export interface OrderDraft {
  cartUuid: string;
  customerId: string;
  /** fr_FR or en_US: the language of the e-mail and the invoice. */
  locale: "fr_FR" | "en_US";
  couponCode: string | null;
  billingAddress: Address | null;
  /** `orders.shipments`: the contract's Shipment, tracking null until shipped. */
  shipments: Shipment[];
  items: OrderDraftItem[];
  amounts: OrderAmounts;
  customCardMessage: string | null;
}
