// Which feature renders each page. Routes stay thin: a page is a feature's component, loaded
// when the route is (or when a link to it is hovered), so the first page only loads its own code.
// A page brings the catalogues of texts it shows along (src/i18n/i18n.ts).
import { lazyRouteComponent, type RouteComponent } from "@tanstack/react-router";
import { LanguageLayout } from "../features/layout/language-layout.tsx";
import { withTexts } from "../i18n/i18n.ts";
import type { PageId } from "./pages.ts";

export { LanguageLayout };

const infoPages = () => withTexts(import("../features/content/info-pages.tsx"), "browsing");
const errorPages = () => withTexts(import("../features/errors/error-pages.tsx"), "browsing");

export const pageComponents: Record<PageId, RouteComponent> = {
  home: lazyRouteComponent(() => import("../features/home/home-page.tsx"), "HomePage"),
  category: lazyRouteComponent(() => withTexts(import("../features/catalog/category-page.tsx"), "browsing"), "CategoryPage"),
  product: lazyRouteComponent(() => withTexts(import("../features/product/product-page.tsx"), "browsing"), "ProductPage"),
  search: lazyRouteComponent(() => withTexts(import("../features/search/search-page.tsx"), "browsing"), "SearchPage"),
  cart: lazyRouteComponent(() => withTexts(import("../features/cart/cart-page.tsx"), "customer"), "CartPage"),
  account: lazyRouteComponent(() => withTexts(import("../features/account/account-page.tsx"), "customer"), "AccountPage"),
  resetPassword: lazyRouteComponent(() => withTexts(import("../features/auth/reset-password-page.tsx"), "customer"), "ResetPasswordPage"),
  contact: lazyRouteComponent(() => withTexts(import("../features/content/contact-page.tsx"), "customer"), "ContactPage"),
  legalMentions: lazyRouteComponent(infoPages, "LegalMentionsPage"),
  termsOfSale: lazyRouteComponent(infoPages, "TermsOfSalePage"),
  faq: lazyRouteComponent(infoPages, "FaqPage"),
  cookies: lazyRouteComponent(() => withTexts(import("../features/content/cookies-page.tsx"), "customer"), "CookiesPage"),
  privacy: lazyRouteComponent(infoPages, "PrivacyPage"),
  delivery: lazyRouteComponent(infoPages, "DeliveryPage"),
  exchangeReturn: lazyRouteComponent(infoPages, "ExchangeReturnPage"),
  blog: lazyRouteComponent(infoPages, "BlogPage"),
  unauthorized: lazyRouteComponent(errorPages, "UnauthorizedPage"),
  notFound: lazyRouteComponent(errorPages, "NotFoundPage"),
};
