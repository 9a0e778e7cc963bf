// Query options and calls of the information pages: legal notice, terms of sale, FAQ, delivery,
// exchanges and returns, data protection policy, blog, and the contact form.
import { queryOptions } from "@tanstack/react-query";
import { unwrap, type ApiClient } from "../client.ts";
import type { components } from "../../../common/api/schema.gen.ts";
import { apiLocaleOf, type Lang } from "../../i18n/i18n.ts";

export type ContentPage = components["schemas"]["ContentPage"];
export type FaqPage = components["schemas"]["FaqPage"];
export type BlogPage = components["schemas"]["BlogPage"];
export type ContactMessageRequest = components["schemas"]["ContactMessageRequest"];

/** The content pages served as a `ContentPage`, by the address of their operation. */
const CONTENT_PATHS = {
  legalMentions: "/platform/legal-mentions",
  termsOfUse: "/platform/terms-of-use",
  delivery: "/afs_marketing_other/delivery",
  exchangeReturn: "/afs_marketing_other/exchange-return",
  privacy: "/afs_marketing_other/data-protection",
} as const;

export type ContentPageId = keyof typeof CONTENT_PATHS;

const contentKeys = {
  page: (lang: Lang, page: ContentPageId | "faq" | "blog") => ["content", lang, page] as const,
};

export function contentPageQuery(api: ApiClient, lang: Lang, page: ContentPageId) {
  return queryOptions({
    queryKey: contentKeys.page(lang, page),
    queryFn: ({ signal }) => unwrap(api.GET(CONTENT_PATHS[page], { params: { query: { locale: apiLocaleOf(lang) } }, signal })),
    staleTime: 10 * 60_000,
  });
}

export function faqQuery(api: ApiClient, lang: Lang) {
  return queryOptions({
    queryKey: contentKeys.page(lang, "faq"),
    queryFn: ({ signal }) => unwrap(api.GET("/afs_marketing_other/faq", { params: { query: { locale: apiLocaleOf(lang) } }, signal })),
    staleTime: 10 * 60_000,
  });
}

export function blogQuery(api: ApiClient, lang: Lang) {
  return queryOptions({
    queryKey: contentKeys.page(lang, "blog"),
    queryFn: ({ signal }) => unwrap(api.GET("/afs_marketing_other/blog", { params: { query: { locale: apiLocaleOf(lang) } }, signal })),
    staleTime: 10 * 60_000,
  });
}

/** POST platform/contact, in the page's language: answers 202 with a receipt, or rejects with an ApiError. */
export function sendContactMessage(api: ApiClient, lang: Lang, body: ContactMessageRequest) {
  return unwrap(api.POST("/platform/contact", { params: { query: { locale: apiLocaleOf(lang) } }, body }));
}
