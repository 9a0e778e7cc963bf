// Which feature renders each page. Routes stay thin: a page is a feature's component, loaded
// when the route is (or when a link to it is hovered), so the first page only loads its own code.
import { lazyRouteComponent, type RouteComponent } from "@tanstack/react-router";
import { NotFoundPage, UnauthorizedPage } from "../features/errors/error-pages.tsx";
import { LanguageLayout } from "../features/layout/language-layout.tsx";
import type { PageId } from "./pages.ts";

export { LanguageLayout };

const infoPages = () => import("../features/content/info-pages.tsx");

export const pageComponents: Record<PageId, RouteComponent> = {
  home: lazyRouteComponent(() => import("../features/home/home-page.tsx"), "HomePage"),
  category: lazyRouteComponent(() => import("../features/catalog/category-page.tsx"), "CategoryPage"),
  product: lazyRouteComponent(() => import("../features/product/product-page.tsx"), "ProductPage"),
  search: lazyRouteComponent(() => import("../features/search/search-page.tsx"), "SearchPage"),
  cart: lazyRouteComponent(() => import("../features/cart/cart-page.tsx"), "CartPage"),
  account: lazyRouteComponent(() => import("../features/account/account-page.tsx"), "AccountPage"),
  resetPassword: lazyRouteComponent(() => import("../features/auth/reset-password-page.tsx"), "ResetPasswordPage"),
  contact: lazyRouteComponent(() => import("../features/content/contact-page.tsx"), "ContactPage"),
  legalMentions: lazyRouteComponent(infoPages, "LegalMentionsPage"),
  termsOfSale: lazyRouteComponent(infoPages, "TermsOfSalePage"),
  faq: lazyRouteComponent(infoPages, "FaqPage"),
  cookies: lazyRouteComponent(() => import("../features/content/cookies-page.tsx"), "CookiesPage"),
  privacy: lazyRouteComponent(infoPages, "PrivacyPage"),
  delivery: lazyRouteComponent(infoPages, "DeliveryPage"),
  exchangeReturn: lazyRouteComponent(infoPages, "ExchangeReturnPage"),
  blog: lazyRouteComponent(infoPages, "BlogPage"),
  unauthorized: UnauthorizedPage,
  notFound: NotFoundPage,
};
