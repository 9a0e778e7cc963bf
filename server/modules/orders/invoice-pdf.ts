// The invoice of an order as a PDF (pdfkit, standard Helvetica). What a French invoice to a
// consumer carries (Code de commerce art. L441-9, CGI art. 242 nonies A): a unique number from a
// continuous sequence, the date, the seller (name, legal form and capital, address, SIREN/RCS, VAT
// number) and the buyer with the billing address, per line the description, quantity, tax-free
// unit price and VAT rate, the reductions granted, the tax-free total, the VAT per rate and the
// tax-included total; the invoice is paid already, so it says when and how instead of terms.
import PDFDocument from "pdfkit";
import { priceOf } from "../catalog/catalog-repository.ts";
import type { Lang } from "../catalog/locale.ts";
import { addressLines, formatDate, formatMoney, formatRate, paymentMethodLabel } from "./order-formats.ts";
import { MONEY_POT_METHOD, type Order } from "./order-view.ts";
import type { Buyer } from "./orders-repository.ts";


/** Who sells, as the configuration names it (SELLER_*). */
export interface Seller {
  name: string;
  /** Lines of the registered office's address. */
  address: string[];
  vatNumber: string;
  /** SIREN and RCS registration, e.g. `RCS Paris 123 456 789`. */
  registration: string;
  /** Legal form and share capital, e.g. `SAS au capital de 10 000 €`. */
  legalForm: string;
}

interface Wording {
  title: string;
  number: string;
  date: string;
  seller: string;
  buyer: string;
  billingAddress: string;
  order: string;
  description: string;
  quantity: string;
  unitPrice: string;
  vatRate: string;
  lineTotal: string;
  shipping: (method: string) => string;
  coupon: (code: string, taxIncluded: string) => string;
  totalTaxFree: string;
  vatAt: (rate: string, base: string) => string;
  totalTaxIncluded: string;
  paid: (date: string, method: string) => string;
  paidFromBudget: (date: string) => string;
  cardMessage: string;
  vatNumber: string;
  filename: (number: string) => string;
  /** A label and its value on one line (French puts a space before the colon). */
  pair: (label: string, value: string) => string;
  page: (number: number, count: number) => string;
}

const WORDING: Record<Lang, Wording> = {
  fr: {
    title: "Facture",
    number: "Numéro",
    date: "Date",
    seller: "Vendeur",
    buyer: "Client",
    billingAddress: "Adresse de facturation",
    order: "Commande",
    description: "Désignation",
    quantity: "Qté",
    unitPrice: "PU HT",
    vatRate: "TVA",
    lineTotal: "Total HT",
    shipping: (method) => `Livraison – ${method}`,
    coupon: (code, taxIncluded) => `Remise (code ${code} : ${taxIncluded} TTC)`,
    totalTaxFree: "Total HT",
    vatAt: (rate, base) => `TVA ${rate} sur ${base}`,
    totalTaxIncluded: "Total TTC",
    paid: (date, method) => `Facture acquittée : payée le ${date} par ${method}.`,
    paidFromBudget: (date) => `Facture acquittée : payée le ${date} sur le budget du programme Empowerment.`,
    cardMessage: "Message de la carte cadeau",
    vatNumber: "N° TVA intracommunautaire",
    filename: (number) => `facture-${number}.pdf`,
    pair: (label, value) => `${label} : ${value}`,
    page: (number, count) => `Page ${number} sur ${count}`,
  },
  en: {
    title: "Invoice",
    number: "Number",
    date: "Date",
    seller: "Seller",
    buyer: "Customer",
    billingAddress: "Billing address",
    order: "Order",
    description: "Description",
    quantity: "Qty",
    unitPrice: "Unit price excl. VAT",
    vatRate: "VAT",
    lineTotal: "Total excl. VAT",
    shipping: (method) => `Shipping – ${method}`,
    coupon: (code, taxIncluded) => `Reduction (code ${code}: ${taxIncluded} incl. VAT)`,
    totalTaxFree: "Total excl. VAT",
    vatAt: (rate, base) => `VAT ${rate} on ${base}`,
    totalTaxIncluded: "Total incl. VAT",
    paid: (date, method) => `Paid invoice: paid on ${date} by ${method}.`,
    paidFromBudget: (date) => `Paid invoice: paid on ${date} from the empowerment programme budget.`,
    cardMessage: "Gift card message",
    vatNumber: "VAT number",
    filename: (number) => `invoice-${number}.pdf`,
    pair: (label, value) => `${label}: ${value}`,
    page: (number, count) => `Page ${number} of ${count}`,
  },
};

/** The invoice's file name in the language of the request (`facture-F-000123.pdf`). */
export function invoiceFilename(invoiceNumber: string, lang: Lang): string {
  return WORDING[lang].filename(invoiceNumber);
}

// The standard fonts are WinAnsi-encoded: Latin-1 (French accents), the euro sign and a few
// typographic marks. Thin spaces of the number formats become no-break spaces; another letter
// loses its accent when that brings it in (ő → o), else it becomes a '?'.
const WIN_ANSI_EXTRAS = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
const inWinAnsi = (character: string) => {
  const code = character.codePointAt(0) ?? 0;
  return character === "\n" || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(character);
};
export function winAnsi(text: string): string {
  return [...text.replace(/[\u2009\u202f]/g, "\u00a0")]
    .map((character) => {
      if (inWinAnsi(character)) return character;
      const bare = character.normalize("NFD").replace(/\p{M}/gu, "");
      return bare !== "" && [...bare].every(inWinAnsi) ? bare : "?";
    })
    .join("");
}

/** Lines of a card message printed as they are; the rest run on, so the message keeps to the page. */
const CARD_MESSAGE_LINES = 8;

/** The card message without blank lines, at most CARD_MESSAGE_LINES of them. */
function cardMessageText(message: string): string {
  const lines = message.split("\n").map((line) => line.trim()).filter((line) => line !== "");
  return [...lines.slice(0, CARD_MESSAGE_LINES - 1), lines.slice(CARD_MESSAGE_LINES - 1).join(" ")].filter((line) => line !== "").join("\n");
}

const PAGE_MARGIN = 50;
/** Room for the legal mentions at the foot of each page (three lines of 8 pt). */
const FOOTER_HEIGHT = 40;
const FONT = "Helvetica";
const BOLD = "Helvetica-Bold";

interface Column {
  x: number;
  width: number;
  align: "left" | "right";
}

/** Renders the invoice; the order must have its invoice number. */
export function invoicePdf(input: { order: Order; buyer: Buyer | null; seller: Seller; lang: Lang }): Promise<Buffer> {
  const { order, buyer, seller, lang } = input;
  const words = WORDING[lang];
  const invoiceNumber = order.invoiceNumber ?? "";
  const issued = formatDate(order.paymentDate ?? order.createdAt, lang);
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE_MARGIN,
    // Pages are kept until the end, so that each gets its footer and its number out of the total.
    bufferPages: true,
    lang: lang === "en" ? "en-GB" : "fr-FR",
    info: { Title: winAnsi(`${words.title} ${invoiceNumber}`), Author: winAnsi(seller.name), Subject: winAnsi(`${words.order} ${order.reference}`) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = PAGE_MARGIN;
  const width = doc.page.width - 2 * PAGE_MARGIN;
  // The footer (legal mentions, page number) has the bottom of every page to itself.
  const footerTop = doc.page.height - PAGE_MARGIN - FOOTER_HEIGHT;
  const bottom = () => footerTop - 10;
  const write = (text: string, x: number, y: number, options: { width: number; align?: "left" | "right"; bold?: boolean; size?: number }) => {
    doc.font(options.bold ? BOLD : FONT).fontSize(options.size ?? 9);
    doc.text(winAnsi(text), x, y, { width: options.width, align: options.align ?? "left", lineBreak: true });
    return doc.y;
  };

  // Seller, then the invoice's number and date.
  let y = write(seller.name, left, PAGE_MARGIN, { width: width / 2, bold: true, size: 14 });
  y = write([...seller.address].join("\n"), left, y + 2, { width: width / 2 });
  const headerBottom = y;
  write(words.title, left + width / 2, PAGE_MARGIN, { width: width / 2, align: "right", bold: true, size: 18 });
  write(words.pair(words.number, invoiceNumber), left + width / 2, PAGE_MARGIN + 26, { width: width / 2, align: "right" });
  write(words.pair(words.date, issued), left + width / 2, doc.y, { width: width / 2, align: "right" });
  write(words.pair(words.order, order.reference), left + width / 2, doc.y, { width: width / 2, align: "right" });

  // Buyer and billing address.
  y = Math.max(headerBottom, doc.y) + 20;
  const buyerLines = [buyer ? `${buyer.firstName} ${buyer.lastName}` : "", buyer?.email ?? ""].filter((line) => line !== "");
  write(words.buyer, left, y, { width: width / 2 - 10, bold: true });
  const buyerBottom = write(buyerLines.join("\n"), left, doc.y, { width: width / 2 - 10 });
  write(words.billingAddress, left + width / 2, y, { width: width / 2, bold: true });
  const billingBottom = write(order.billingAddress ? addressLines(order.billingAddress, lang).join("\n") : buyerLines[0] ?? "", left + width / 2, doc.y, {
    width: width / 2,
  });

  // The lines, shipping and the coupon's reduction.
  const columns: Column[] = [
    { x: left, width: width * 0.46, align: "left" },
    { x: left + width * 0.46, width: width * 0.08, align: "right" },
    { x: left + width * 0.54, width: width * 0.16, align: "right" },
    { x: left + width * 0.7, width: width * 0.12, align: "right" },
    { x: left + width * 0.82, width: width * 0.18, align: "right" },
  ];
  const row = (cells: string[], top: number, bold = false): number => {
    let lowest = top;
    cells.forEach((cell, index) => {
      const column = columns[index];
      if (column) lowest = Math.max(lowest, write(cell, column.x, top, { width: column.width - 4, align: column.align, bold }));
    });
    return lowest + 4;
  };
  const rule = (at: number) => {
    doc.moveTo(left, at).lineTo(left + width, at).lineWidth(0.5).strokeColor("#888888").stroke();
  };
  const header = (top: number) => {
    const next = row([words.description, words.quantity, words.unitPrice, words.vatRate, words.lineTotal], top, true);
    rule(next - 2);
    return next + 2;
  };
  const ensureRoom = (top: number, needed: number, withHeader: boolean) => {
    if (top + needed <= bottom()) return top;
    doc.addPage();
    return withHeader ? header(PAGE_MARGIN) : PAGE_MARGIN;
  };

  y = header(Math.max(buyerBottom, billingBottom) + 24);
  let linesTaxFree = 0;
  for (const item of order.items) {
    const attributes = item.selectedAttributes.map((attribute) => words.pair(attribute.label, attribute.valueLabel));
    const description = [item.name, [item.variantReference, ...attributes].join(" – ")].join("\n");
    const gross = priceOf(item.unitPrice.taxIncluded * item.quantity, Math.round(item.unitPrice.taxRate * 100));
    linesTaxFree += gross.taxFree;
    y = ensureRoom(y, 30, true);
    y = row(
      [description, String(item.quantity), formatMoney(item.unitPrice.taxFree, lang), formatRate(item.unitPrice.taxRate, lang), formatMoney(gross.taxFree, lang)],
      y,
    );
  }
  for (const shipment of order.shipments) {
    y = ensureRoom(y, 20, true);
    const method = shipment.shipmentMethod?.name ?? "";
    y = row([words.shipping(method), "1", formatMoney(shipment.price.taxFree, lang), formatRate(shipment.price.taxRate, lang), formatMoney(shipment.price.taxFree, lang)], y);
  }
  if (order.coupon) {
    // The reduction's tax-free part: the lines before the coupon less what was paid for them.
    const paidLinesTaxFree = order.items.reduce((sum, item) => sum + item.totalPrice.taxFree, 0);
    y = ensureRoom(y, 20, true);
    y = row([words.coupon(order.coupon.code, formatMoney(order.coupon.reduction, lang)), "", "", "", formatMoney(-(linesTaxFree - paidLinesTaxFree), lang)], y);
  }
  rule(y);

  // Totals (tax-free, VAT per rate, tax-included) and the payment, kept together.
  y = ensureRoom(y + 8, 14 * (order.taxes.length + 2) + 40, false);
  const labelColumn = { x: left + width * 0.4, width: width * 0.42 };
  const amountColumn = { x: left + width * 0.82, width: width * 0.18 - 4 };
  const total = (label: string, amount: string, bold = false) => {
    write(label, labelColumn.x, y, { width: labelColumn.width, align: "right", bold });
    y = write(amount, amountColumn.x, y, { width: amountColumn.width, align: "right", bold }) + 3;
  };
  total(words.totalTaxFree, formatMoney(order.totalPrice.taxFree, lang));
  for (const tax of order.taxes) total(words.vatAt(formatRate(tax.taxRate, lang), formatMoney(tax.taxFree, lang)), formatMoney(tax.taxAmount, lang));
  total(words.totalTaxIncluded, formatMoney(order.totalPrice.taxIncluded, lang), true);
  const paidOn = order.payment?.date ?? order.paymentDate;
  if (paidOn) {
    const day = formatDate(paidOn, lang);
    const mention = order.payment?.method === MONEY_POT_METHOD ? words.paidFromBudget(day) : words.paid(day, paymentMethodLabel(order.payment?.method ?? null, lang));
    y = write(mention, left, y + 16, { width });
  }
  if (order.customCardMessage) {
    const message = cardMessageText(order.customCardMessage);
    const needed = 16 + doc.font(FONT).fontSize(9).heightOfString(winAnsi(message), { width });
    y = ensureRoom(y + 12, needed, false);
    write(words.cardMessage, left, y, { width, bold: true });
    write(message, left, doc.y + 2, { width });
  }

  // Every page: the seller's legal mentions and the page's number.
  const legal = [`${seller.name} – ${seller.legalForm}`, `${seller.registration} – ${words.pair(words.vatNumber, seller.vatNumber)}`, seller.address.join(", ")].join("\n");
  const pages = doc.bufferedPageRange();
  for (let index = pages.start; index < pages.start + pages.count; index += 1) {
    doc.switchToPage(index);
    rule(footerTop);
    write(legal, left, footerTop + 6, { width: width * 0.75, size: 8 });
    write(`${words.title} ${invoiceNumber}\n${words.page(index - pages.start + 1, pages.count)}`, left + width * 0.75, footerTop + 6, { width: width * 0.25, align: "right", size: 8 });
  }

  doc.end();
  return done;
}
