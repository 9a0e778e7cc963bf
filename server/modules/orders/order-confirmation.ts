// The order confirmation e-mail, in the order's language: the reference, the lines, shipping and
// totals with the VAT per rate, where the parcels go (address or relay point), the gift card's
// message of an empowerment order, and a link to the order in the account, where the invoice is
// downloaded. The payment ledger (and the empowerment budget) calls it inside the transaction that
// makes the order, so the message exists exactly when the order does.
import { escapeHtml, oneLine, type MailerFor, type MailMessage } from "../../adapters/mail/mailer.ts";
import type { Orm } from "../../db/client.ts";
import { pageHref } from "../../../common/pages.ts";
import type { components } from "../../../common/api/schema.gen.ts";
import type { Lang } from "../catalog/locale.ts";
import { addressLines, formatMoney, formatRate } from "./order-formats.ts";
import { MONEY_POT_METHOD, type Order } from "./order-view.ts";
import { findBuyer, findOrderById, type Buyer } from "./orders-repository.ts";

type Shipment = components["schemas"]["Shipment"];

export interface OrderConfirmationOptions {
  /** The address shoppers reach the shop at, without a trailing slash. */
  publicUrl: string;
  brandName: string;
  mailer: MailerFor;
}

/** The account's orders page slug (the SPA's account tabs name it the same). */
const ORDERS_PAGE_NAME: Record<Lang, string> = { fr: "commandes", en: "orders" };

interface Wording {
  subject: (brand: string, reference: string) => string;
  hello: (firstName: string) => string;
  thanks: (reference: string) => string;
  thanksFromBudget: (reference: string) => string;
  cardMessage: string;
  lines: string;
  coupon: (code: string) => string;
  shipping: string;
  total: string;
  vat: (rate: string, amount: string) => string;
  delivery: string;
  relayPoint: (id: string) => string;
  seeOrder: string;
  seeOrderLine: (url: string) => string;
  signature: (brand: string) => string;
  /** A label and its value (French puts a space before the colon). */
  pair: (label: string, value: string) => string;
}

const WORDING: Record<Lang, Wording> = {
  fr: {
    subject: (brand, reference) => `${brand} : confirmation de votre commande ${reference}`,
    hello: (firstName) => `Bonjour ${firstName},`,
    thanks: (reference) => `Merci pour votre commande ${reference}. Votre paiement est accepté : nous préparons vos articles.`,
    thanksFromBudget: (reference) => `Merci pour votre commande ${reference}, payée sur votre budget Empowerment : nous préparons vos articles.`,
    cardMessage: "Message de la carte cadeau",
    lines: "Vos articles",
    coupon: (code) => `Réduction (code ${code})`,
    shipping: "Livraison",
    total: "Total payé TTC",
    vat: (rate, amount) => `dont TVA ${rate} : ${amount}`,
    delivery: "Livraison",
    relayPoint: (id) => `Point relais ${id}`,
    seeOrder: "Voir ma commande et télécharger la facture",
    seeOrderLine: (url) => `Votre commande et sa facture dans votre compte : ${url}`,
    signature: (brand) => `L’équipe ${brand}`,
    pair: (label, value) => `${label} : ${value}`,
  },
  en: {
    subject: (brand, reference) => `${brand}: your order ${reference} is confirmed`,
    hello: (firstName) => `Hello ${firstName},`,
    thanks: (reference) => `Thank you for your order ${reference}. Your payment is accepted: we are preparing your items.`,
    thanksFromBudget: (reference) => `Thank you for your order ${reference}, paid from your empowerment budget: we are preparing your items.`,
    cardMessage: "Gift card message",
    lines: "Your items",
    coupon: (code) => `Reduction (code ${code})`,
    shipping: "Shipping",
    total: "Total paid incl. VAT",
    vat: (rate, amount) => `including VAT ${rate}: ${amount}`,
    delivery: "Delivery",
    relayPoint: (id) => `Relay point ${id}`,
    seeOrder: "See my order and download the invoice",
    seeOrderLine: (url) => `Your order and its invoice in your account: ${url}`,
    signature: (brand) => `The ${brand} team`,
    pair: (label, value) => `${label}: ${value}`,
  },
};

/** The order's page in the account: `/fr/mon-compte/commandes?reference=REF`. */
export function orderPageUrl(publicUrl: string, lang: Lang, reference: string): string {
  return `${publicUrl}${pageHref("account", lang, { pageName: ORDERS_PAGE_NAME[lang] })}?reference=${encodeURIComponent(reference)}`;
}

/** Where one parcel goes, as lines: its method, then the relay point or the address. */
function deliveryLines(shipment: Shipment, words: Wording, lang: Lang): string[] {
  return [
    shipment.shipmentMethod?.name ?? "",
    shipment.relayPointId ? words.relayPoint(shipment.relayPointId) : "",
    ...(shipment.address ? addressLines(shipment.address, lang) : []),
  ].filter((line) => line !== "");
}

/** The message of an order for its buyer, in `lang`. */
export function orderConfirmationEmail(order: Order, buyer: Buyer, lang: Lang, options: Pick<OrderConfirmationOptions, "publicUrl" | "brandName">): MailMessage {
  const words = WORDING[lang];
  const money = (cents: number) => formatMoney(cents, lang);
  const lines = order.items.map((item) => {
    const attributes = item.selectedAttributes.map((attribute) => attribute.valueLabel).join(", ");
    return { label: `${item.quantity} × ${item.name}${attributes ? ` (${attributes})` : ""}`, amount: money(item.unitPrice.taxIncluded * item.quantity) };
  });
  const sums = [
    ...(order.coupon ? [{ label: words.coupon(order.coupon.code), amount: money(-order.coupon.reduction) }] : []),
    { label: words.shipping, amount: money(order.shippingPrice.taxIncluded) },
    { label: words.total, amount: money(order.totalPrice.taxIncluded) },
  ];
  const vat = order.taxes.map((tax) => words.vat(formatRate(tax.taxRate, lang), money(tax.taxAmount)));
  const deliveries = order.shipments.map((shipment) => deliveryLines(shipment, words, lang));
  const url = orderPageUrl(options.publicUrl, lang, order.reference);
  const signature = words.signature(options.brandName);
  const thanks = order.payment?.method === MONEY_POT_METHOD ? words.thanksFromBudget(order.reference) : words.thanks(order.reference);
  const card = order.customCardMessage;

  const text = [
    words.hello(buyer.firstName),
    thanks,
    [`${words.lines}`, ...lines.map((line) => words.pair(line.label, line.amount))].join("\n"),
    [...sums.map((sum) => words.pair(sum.label, sum.amount)), ...vat].join("\n"),
    ...deliveries.map((parcel) => [words.delivery, ...parcel].join("\n")),
    ...(card ? [`${words.cardMessage}\n${card}`] : []),
    words.seeOrderLine(url),
    signature,
  ].join("\n\n");

  const row = (label: string, amount: string, strong = false) => {
    const cell = (content: string, align: string) => `<td style="padding:2px 8px;text-align:${align}">${strong ? `<strong>${escapeHtml(content)}</strong>` : escapeHtml(content)}</td>`;
    return `<tr>${cell(label, "left")}${cell(amount, "right")}</tr>`;
  };
  const html = [
    `<p>${escapeHtml(words.hello(buyer.firstName))}</p>`,
    `<p>${escapeHtml(thanks)}</p>`,
    `<table role="presentation" style="border-collapse:collapse">`,
    `<caption style="text-align:left;font-weight:bold">${escapeHtml(words.lines)}</caption>`,
    ...lines.map((line) => row(line.label, line.amount)),
    ...sums.map((sum, index) => row(sum.label, sum.amount, index === sums.length - 1)),
    `</table>`,
    `<p>${vat.map(escapeHtml).join("<br>")}</p>`,
    ...deliveries.map((parcel) => `<p><strong>${escapeHtml(words.delivery)}</strong><br>${parcel.map(escapeHtml).join("<br>")}</p>`),
    ...(card ? [`<p><strong>${escapeHtml(words.cardMessage)}</strong><br>${card.split("\n").map(escapeHtml).join("<br>")}</p>`] : []),
    `<p><a href="${escapeHtml(url)}">${escapeHtml(words.seeOrder)}</a></p>`,
    `<p>${escapeHtml(signature)}</p>`,
  ].join("\n");

  return { to: buyer.email, subject: oneLine(words.subject(options.brandName, order.reference)), text, html };
}

/**
 * The confirmation for the ledger: `(tx, orderId)` writes the order's e-mail to the outbox in
 * that transaction. An order whose customer no longer has an account has no one to write to.
 */
export function createOrderConfirmation(options: OrderConfirmationOptions): (tx: Orm, orderId: number) => Promise<void> {
  return async (tx, orderId) => {
    const found = await findOrderById(tx, orderId);
    if (!found) throw new Error(`order ${orderId} does not exist`);
    const buyer = await findBuyer(tx, found.customerId);
    if (!buyer) return;
    const lang: Lang = found.locale === "en_US" ? "en" : "fr";
    await options.mailer(tx).send(orderConfirmationEmail(found.order, buyer, lang, options));
  };
}
