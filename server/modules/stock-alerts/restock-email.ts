// The "back in stock" e-mail, in the language the shopper used when asking for it.
import { escapeHtml, oneLine, type MailMessage } from "../../adapters/mail/mailer.ts";
import type { Lang } from "../catalog/locale.ts";

export interface RestockedItem {
  email: string;
  lang: Lang;
  productName: string;
  /** The variant's attribute labels ("Bleu marine, M"), or null for a simple product. */
  variantLabel: string | null;
  slug: string;
}

export interface ShopLinks {
  /** The address shoppers reach the shop at, without a trailing slash. */
  publicUrl: string;
  brandName: string;
}

const PRODUCT_SEGMENT: Record<Lang, string> = { fr: "produit", en: "product" };

function productUrl(links: Pick<ShopLinks, "publicUrl">, lang: Lang, slug: string): string {
  return `${links.publicUrl}/${lang}/${PRODUCT_SEGMENT[lang]}/${encodeURIComponent(slug)}`;
}

interface Wording {
  hello: string;
  subject: (item: string) => string;
  news: (item: string) => string;
  seeProduct: string;
  /** The link line of the text version (French puts a space before the colon). */
  linkLine: (url: string) => string;
  why: string;
  signature: (brand: string) => string;
}

const WORDING: Record<Lang, Wording> = {
  fr: {
    hello: "Bonjour,",
    subject: (item) => `De retour en stock : ${item}`,
    news: (item) => `Bonne nouvelle : « ${item} » est de nouveau disponible.`,
    seeProduct: "Voir le produit",
    linkLine: (url) => `Voir le produit : ${url}`,
    why: "Vous recevez ce message parce que vous avez demandé à être prévenu du retour en stock de cet article. Cette alerte est maintenant close.",
    signature: (brand) => `L’équipe ${brand}`,
  },
  en: {
    hello: "Hello,",
    subject: (item) => `Back in stock: ${item}`,
    news: (item) => `Good news: “${item}” is available again.`,
    seeProduct: "See the product",
    linkLine: (url) => `See the product: ${url}`,
    why: "You are receiving this message because you asked to be told when this item was back in stock. This alert is now closed.",
    signature: (brand) => `The ${brand} team`,
  },
};

export function restockEmail(item: RestockedItem, links: ShopLinks): MailMessage {
  const words = WORDING[item.lang];
  const name = oneLine(item.variantLabel ? `${item.productName} (${item.variantLabel})` : item.productName);
  const url = productUrl(links, item.lang, item.slug);
  const signature = words.signature(links.brandName);
  return {
    to: item.email,
    subject: words.subject(name),
    text: [words.hello, words.news(name), words.linkLine(url), words.why, signature].join("\n\n"),
    html: [
      `<p>${escapeHtml(words.hello)}</p>`,
      `<p>${escapeHtml(words.news(name))}</p>`,
      `<p><a href="${escapeHtml(url)}">${escapeHtml(words.seeProduct)}</a></p>`,
      `<p>${escapeHtml(words.why)}</p>`,
      `<p>${escapeHtml(signature)}</p>`,
    ].join("\n"),
  };
}
