// Which feature renders each page. Routes stay thin: a page is a feature's component.
import type { RouteComponent } from "@tanstack/react-router";
import { CategoryPage } from "../features/catalog/category-page.tsx";
import { ContactPage } from "../features/content/contact-page.tsx";
import { CookiesPage } from "../features/content/cookies-page.tsx";
import { BlogPage, DeliveryPage, ExchangeReturnPage, FaqPage, LegalMentionsPage, PrivacyPage, TermsOfSalePage } from "../features/content/info-pages.tsx";
import { NotFoundPage, UnauthorizedPage } from "../features/errors/error-pages.tsx";
import { HomePage } from "../features/home/home-page.tsx";
import { LanguageLayout } from "../features/layout/language-layout.tsx";
import { ProductPage } from "../features/product/product-page.tsx";
import { SearchPage } from "../features/search/search-page.tsx";
import type { PageId } from "./pages.ts";

export { LanguageLayout };

export const pageComponents: Record<PageId, RouteComponent> = {
  home: HomePage,
  category: CategoryPage,
  product: ProductPage,
  search: SearchPage,
  contact: ContactPage,
  legalMentions: LegalMentionsPage,
  termsOfSale: TermsOfSalePage,
  faq: FaqPage,
  cookies: CookiesPage,
  privacy: PrivacyPage,
  delivery: DeliveryPage,
  exchangeReturn: ExchangeReturnPage,
  blog: BlogPage,
  unauthorized: UnauthorizedPage,
  notFound: NotFoundPage,
};
