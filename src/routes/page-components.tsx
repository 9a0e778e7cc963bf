// Which feature renders each page, and the layouts. Routes stay thin: a page is a feature's
// component, loaded when the route is (or when a link to it is hovered), so the first page only
// loads its own code. A page brings the catalogues of texts it shows along (src/i18n/i18n.ts).
import { lazyRouteComponent, type RouteComponent } from "@tanstack/react-router";
import type { ComponentType } from "react";
import type { PageId } from "../../common/pages.ts";
import { LanguageLayout } from "../shell/language-layout.tsx";
import { withTexts } from "../i18n/i18n.ts";
import { withLoadTimeout } from "../ui/chunk-load.ts";

export { LanguageLayout };

const infoPages = () => withTexts(import("../features/content/info-pages.tsx"), "browsing");
const errorPages = () => withTexts(import("../features/errors/error-pages.tsx"), "browsing");
const accountPage = () => withTexts(import("../features/account/account-page.tsx"), "customer");
const checkoutPages = () => withTexts(import("../shell/checkout-pages.ts"), "customer");

/** A page's component, loaded when needed; a download that stalls fails like a lost one. */
function lazyPage<T extends Record<string, unknown>>(importer: () => Promise<T>, exportName: keyof T & string): RouteComponent {
  return lazyRouteComponent(() => withLoadTimeout(importer()), exportName);
}

/** `/commande` has no page of its own: it goes to the shipping step. */
type RedirectPageId = "checkout";

/** The single sign-on's pages come with the guards' code (src/routes/router.tsx). */
type GuardedPageId = "empowermentSignIn" | "habileSignIn";

export const pageComponents: Record<Exclude<PageId, RedirectPageId | GuardedPageId>, RouteComponent> = {
  home: lazyPage(() => import("../features/home/home-page.tsx"), "HomePage"),
  category: lazyPage(() => withTexts(import("../features/catalog/category-page.tsx"), "browsing"), "CategoryPage"),
  product: lazyPage(() => withTexts(import("../features/product/product-page.tsx"), "browsing"), "ProductPage"),
  search: lazyPage(() => withTexts(import("../features/search/search-page.tsx"), "browsing"), "SearchPage"),
  cart: lazyPage(() => withTexts(import("../features/cart/cart-page.tsx"), "customer"), "CartPage"),
  account: lazyPage(accountPage, "AccountPage"),
  resetPassword: lazyPage(() => withTexts(import("../features/auth/reset-password-page.tsx"), "customer"), "ResetPasswordPage"),
  contact: lazyPage(() => withTexts(import("../features/content/contact-page.tsx"), "customer"), "ContactPage"),
  legalMentions: lazyPage(infoPages, "LegalMentionsPage"),
  termsOfSale: lazyPage(infoPages, "TermsOfSalePage"),
  faq: lazyPage(infoPages, "FaqPage"),
  cookies: lazyPage(() => withTexts(import("../features/content/cookies-page.tsx"), "customer", "browsing"), "CookiesPage"),
  privacy: lazyPage(infoPages, "PrivacyPage"),
  delivery: lazyPage(infoPages, "DeliveryPage"),
  exchangeReturn: lazyPage(infoPages, "ExchangeReturnPage"),
  blog: lazyPage(infoPages, "BlogPage"),
  unauthorized: lazyPage(errorPages, "UnauthorizedPage"),
  notFound: lazyPage(errorPages, "NotFoundPage"),
  checkoutSignIn: lazyPage(checkoutPages, "CheckoutSignInPage"),
  checkoutShipping: lazyPage(checkoutPages, "CheckoutShippingPage"),
  checkoutPayment: lazyPage(checkoutPages, "PaymentStepPage"),
  paymentReturn: lazyPage(checkoutPages, "PaymentReturnPage"),
  paymentResult: lazyPage(checkoutPages, "PaymentResultPage"),
  paymentWaiting: lazyPage(checkoutPages, "PaymentRetryPage"),
  thankYou: lazyPage(checkoutPages, "ThankYouPage"),
  empowermentCheckout: lazyPage(checkoutPages, "EmpowermentCheckoutPage"),
  // With the checkout's part, as its coming page was: one more part would weigh on the start file.
  configureEmpowerment: lazyPage(checkoutPages, "ConfigureEmpowermentPage"),
};

// The shop's layout comes with the start; the others load with the first page that uses them.
const minimalLayouts = () => import("../shell/minimal-layouts.tsx");
export const CheckoutLayout = lazyPage(checkoutPages, "CheckoutLayout");
export const WaitingLayout = lazyPage(minimalLayouts, "WaitingLayout");
export const BlankLayout = lazyPage(minimalLayouts, "BlankLayout");

/** The 404 page where a route finds nothing (an unknown product or category). */
export const NotFoundPage = pageComponents.notFound;

/** The account's invitation to sign in, shown by its guard to a visitor who is not signed in. */
export const AccountSignIn = lazyPage(accountPage, "AccountSignIn") as ComponentType<{ onSignedIn: () => void }>;
