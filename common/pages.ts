// Every page of the shop and its path in each language (DESIGN §3): French paths are the
// specification's, English ones translate the slugs produit, categorie, mon-compte, commande,
// mon-panier and recherche. One definition gives both: the SPA's route tree (src/routes/router.tsx)
// is built from it, the language switcher maps between them, and the server writes links with it.
import type { Lang } from "./languages.ts";

/** A page whose path is the same in both languages (not among the spec's translated slugs). */
const same = <P extends string>(path: P) => ({ fr: path, en: path }) as const;

/** A page of the checkout: under `/commande`, `/checkout` in English. */
const inCheckout = <P extends string>(path: P) => ({ fr: `/commande${path}`, en: `/checkout${path}` }) as const;

export const PAGES = {
  home: same("/"),
  category: { fr: "/categorie/$l1/{-$l2}/{-$l3}", en: "/category/$l1/{-$l2}/{-$l3}" },
  product: { fr: "/produit/$slug", en: "/product/$slug" },
  search: { fr: "/recherche", en: "/search" },
  cart: { fr: "/mon-panier", en: "/my-cart" },
  account: { fr: "/mon-compte/{-$pageName}", en: "/my-account/{-$pageName}" },
  // The e-mailed link's path.
  resetPassword: same("/reinitialisation-mot-de-passe"),
  contact: same("/contact"),
  legalMentions: same("/mentions-legales"),
  termsOfSale: same("/conditions-generales-de-vente"),
  faq: same("/faq"),
  cookies: same("/gestion-des-cookies"),
  privacy: same("/politique-de-protection-des-donnees-personnelles"),
  delivery: same("/livraison"),
  exchangeReturn: same("/echange-retour"),
  blog: same("/blog"),
  // The checkout (SPEC §2): its steps and the payment's return points; only `commande` is translated.
  checkout: inCheckout(""),
  checkoutSignIn: inCheckout("/connexion"),
  checkoutShipping: inCheckout("/livraison"),
  checkoutPayment: inCheckout("/paiement"),
  paymentResult: inCheckout("/paiement/resultat"),
  paymentWaiting: inCheckout("/paiement/attente/{-$shoppingCartUuid}"),
  paymentReturn: inCheckout("/paiement/retour"),
  thankYou: inCheckout("/merci/{-$order}"),
  empowermentCheckout: { fr: "/commande-empowerment", en: "/checkout-empowerment" },
  empowermentSignIn: same("/empowerment-sign-in"),
  configureEmpowerment: same("/configure-empowerment"),
  habileSignIn: same("/habile-sign-in"),
  unauthorized: same("/401"),
  notFound: same("/404"),
} as const;

export type PageId = keyof typeof PAGES;
/** A page's full path in a language; for a union of languages, the union of each one's path. */
export type PagePath<P extends PageId, L extends Lang> = P extends PageId ? { [K in L]: `/${K}${(typeof PAGES)[P][K] extends "/" ? "" : (typeof PAGES)[P][K]}` }[L] : never;

type SegmentParams<S extends string> = S extends `{-$${infer Name}}` ? { [K in Name]?: string } : S extends `$${infer Name}` ? { [K in Name]: string } : unknown;
type PathParams<S extends string> = S extends `${infer Head}/${infer Rest}` ? SegmentParams<Head> & PathParams<Rest> : SegmentParams<S>;
/** A page's path parameters (the same in both languages): `{ slug: string }`, `{ pageName?: string }`… */
export type PageParams<P extends PageId> = { [K in keyof PathParams<(typeof PAGES)[P]["fr"]>]: PathParams<(typeof PAGES)[P]["fr"]>[K] };

/** The route path of a page in a language, e.g. product/en → `/en/product/$slug`. */
export function pagePath<P extends PageId, L extends Lang>(page: P, lang: L): PagePath<P, L> {
  const path: string = PAGES[page][lang];
  return (path === "/" ? `/${lang}` : `/${lang}${path}`) as PagePath<P, L>;
}

/** A category page's parameters from the category's slug path (`voyage/bagagerie` → l1, l2). */
export function categoryParams(path: string): PageParams<"category"> {
  const [l1 = "", l2, l3] = path.split("/");
  return { l1, l2, l3 };
}

/** Fills a page's path with its parameters, leaving out optional ones that are not given. */
export function pageHref(page: PageId, lang: Lang, params: Record<string, string | undefined> = {}): string {
  const path = pagePath(page, lang)
    .split("/")
    .map((segment) => {
      const optional = /^\{-\$(\w+)\}$/.exec(segment);
      if (optional?.[1]) return params[optional[1]] === undefined ? null : encodeURIComponent(params[optional[1]] ?? "");
      const required = /^\$(\w+)$/.exec(segment);
      if (required?.[1]) return encodeURIComponent(params[required[1]] ?? "");
      return segment;
    })
    .filter((segment) => segment !== null)
    .join("/");
  return path;
}

/** Finds which page a path (without its language prefix) is, with its parameters. */
export function matchPage(lang: Lang, pathWithoutLang: string): { page: PageId; params: Record<string, string> } | undefined {
  const segments = pathWithoutLang.split("/").filter(Boolean);
  for (const page of Object.keys(PAGES) as PageId[]) {
    const pattern = PAGES[page][lang].split("/").filter(Boolean);
    const params: Record<string, string> = {};
    let index = 0;
    let matched = true;
    for (const part of pattern) {
      const segment = segments[index];
      const optional = /^\{-\$(\w+)\}$/.exec(part);
      const required = /^\$(\w+)$/.exec(part);
      if (optional?.[1]) {
        if (segment !== undefined) {
          params[optional[1]] = decodeURIComponent(segment);
          index += 1;
        }
      } else if (required?.[1]) {
        if (segment === undefined) {
          matched = false;
          break;
        }
        params[required[1]] = decodeURIComponent(segment);
        index += 1;
      } else if (segment === part) {
        index += 1;
      } else {
        matched = false;
        break;
      }
    }
    if (matched && index === segments.length) return { page, params };
  }
  return undefined;
}

/** The same page in the other language: `/fr/produit/x` → `/en/product/x` (query kept by the caller). */
export function translatePath(pathname: string, to: Lang): string {
  const [, first = "", ...rest] = pathname.split("/");
  const from: Lang = first === "en" ? "en" : "fr";
  const match = matchPage(from, `/${rest.join("/")}`);
  return match ? pageHref(match.page, to, match.params) : pageHref("home", to);
}
