// Which feature renders each page. Routes stay thin: a page is a feature's component, loaded
// when the route is (or when a link to it is hovered), so the first page only loads its own code.
// A page brings the catalogues of texts it shows along (src/i18n/i18n.ts).
import { lazyRouteComponent, type RouteComponent } from "@tanstack/react-router";
import { withLoadTimeout } from "../ui/chunk-load.ts";
import { LanguageLayout } from "../features/layout/language-layout.tsx";
import { withTexts } from "../i18n/i18n.ts";
import type { PageId } from "./pages.ts";

export { LanguageLayout };

const infoPages = () => withTexts(import("../features/content/info-pages.tsx"), "browsing");
const errorPages = () => withTexts(import("../features/errors/error-pages.tsx"), "browsing");

/** A page's component, loaded when needed; a download that stalls fails like a lost one. */
function lazyPage<T extends Record<string, unknown>>(importer: () => Promise<T>, exportName: keyof T & string): RouteComponent {
  return lazyRouteComponent(() => withLoadTimeout(importer()), exportName);
}

export const pageComponents: Record<PageId, RouteComponent> = {
  home: lazyPage(() => import("../features/home/home-page.tsx"), "HomePage"),
  category: lazyPage(() => withTexts(import("../features/catalog/category-page.tsx"), "browsing"), "CategoryPage"),
  product: lazyPage(() => withTexts(import("../features/product/product-page.tsx"), "browsing"), "ProductPage"),
  search: lazyPage(() => withTexts(import("../features/search/search-page.tsx"), "browsing"), "SearchPage"),
  cart: lazyPage(() => withTexts(import("../features/cart/cart-page.tsx"), "customer"), "CartPage"),
  account: lazyPage(() => withTexts(import("../features/account/account-page.tsx"), "customer"), "AccountPage"),
  resetPassword: lazyPage(() => withTexts(import("../features/auth/reset-password-page.tsx"), "customer"), "ResetPasswordPage"),
  contact: lazyPage(() => withTexts(import("../features/content/contact-page.tsx"), "customer"), "ContactPage"),
  legalMentions: lazyPage(infoPages, "LegalMentionsPage"),
  termsOfSale: lazyPage(infoPages, "TermsOfSalePage"),
  faq: lazyPage(infoPages, "FaqPage"),
  cookies: lazyPage(() => withTexts(import("../features/content/cookies-page.tsx"), "customer"), "CookiesPage"),
  privacy: lazyPage(infoPages, "PrivacyPage"),
  delivery: lazyPage(infoPages, "DeliveryPage"),
  exchangeReturn: lazyPage(infoPages, "ExchangeReturnPage"),
  blog: lazyPage(infoPages, "BlogPage"),
  unauthorized: lazyPage(errorPages, "UnauthorizedPage"),
  notFound: lazyPage(errorPages, "NotFoundPage"),
};
