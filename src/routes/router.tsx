// The route table: one tree per language built from the same page list, so each page has its
// French and English path. Unprefixed paths go to French; unknown paths to `/{lang}/404`.
import type { QueryClient } from "@tanstack/react-query";
import * as v from "valibot";
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  redirect,
  type AnyRoute,
} from "@tanstack/react-router";
import type { RouteComponent } from "@tanstack/react-router";
import type { ApiClient } from "../api/client.ts";
import type { RuntimeConfig } from "../app/runtime-config.ts";
import { activateLanguage, DEFAULT_LANG, LANGS, type Lang } from "../i18n/i18n.ts";
import { categoriesQuery, homePageQuery, homeSliderQuery, landingQuery, productsByCategoryQuery, searchProductsQuery } from "../api/queries/catalog.ts";
import { productBySlugQuery } from "../api/queries/product.ts";
import { searchPageSearchSchema } from "../features/search/search-params.ts";
import { listingSearchSchema, listingStateOf, toListingParams } from "../ui/listing/listing-search.ts";
import { PagePlaceholder } from "../ui/page-placeholder.tsx";
import { pagePath, PAGES, type PageId } from "./pages.ts";
import { pageComponents, LanguageLayout } from "./page-components.tsx";
import { parseSearch, stringifySearch } from "./search-string.ts";

/** The schema of a page's search parameters when it has some (valibot, values that do not fit fall back). */
function searchSchemaOf(page: PageId) {
  if (page === "category") return listingSearchSchema;
  if (page === "search") return searchPageSearchSchema;
  return undefined;
}

export interface RouterContext {
  queryClient: QueryClient;
  api: ApiClient;
  config: RuntimeConfig;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
});

/** The same address in French: its path under `/fr`, its query and anchor kept (campaign tags, sections). */
function inDefaultLanguage({ pathname, searchStr, hash }: { pathname: string; searchStr: string; hash: string }): string {
  return `/${DEFAULT_LANG}${pathname === "/" ? "" : pathname}${searchStr}${hash ? `#${hash}` : ""}`;
}

/** `/` and any path without a language: the same path in French. */
const rootIndexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  beforeLoad: ({ location }) => {
    throw redirect({ href: inDefaultLanguage(location), replace: true });
  },
});

const unprefixedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "$",
  beforeLoad: ({ location }) => {
    throw redirect({ href: inDefaultLanguage(location), replace: true });
  },
});

interface PageLoad {
  context: RouterContext;
  params: Record<string, string | undefined>;
  search: Record<string, unknown>;
}

/** Starts the first API calls of a page beside the download of its code (not waited for: the page
 *  shows its placeholders, and reads the answers from the query cache). */
function prefetchPageData(page: PageId, lang: Lang, { context: { queryClient, api }, params, search }: PageLoad): void {
  if (page === "home") {
    void queryClient.prefetchQuery(homeSliderQuery(api, lang));
    void queryClient.prefetchQuery(homePageQuery(api, lang));
  } else if (page === "product" && params.slug) {
    void queryClient.prefetchQuery(productBySlugQuery(api, lang, params.slug));
  } else if (page === "category" && params.l1) {
    const categoryPath = [params.l1, params.l2, params.l3].filter(Boolean).join("/");
    void queryClient.prefetchQuery(productsByCategoryQuery(api, lang, categoryPath, toListingParams(listingStateOf(v.parse(listingSearchSchema, search)))));
    void queryClient.prefetchQuery(landingQuery(api, lang, categoryPath));
    void queryClient.prefetchQuery(categoriesQuery(api, lang));
  } else if (page === "search") {
    const { searchTerm, ...listing } = v.parse(searchPageSearchSchema, search);
    if (searchTerm) void queryClient.prefetchQuery(searchProductsQuery(api, lang, searchTerm, toListingParams(listingStateOf(listing))));
  }
}

function languageTree(lang: Lang) {
  const layout = createRoute({
    getParentRoute: () => rootRoute,
    path: lang,
    beforeLoad: async () => {
      await activateLanguage(lang);
    },
    component: LanguageLayout,
  });
  const pages = (Object.keys(PAGES) as PageId[]).map((page) => {
    const component: RouteComponent = pageComponents[page];
    const own = pagePath(page, lang).slice(lang.length + 1) || "/";
    const validateSearch = searchSchemaOf(page);
    return createRoute({
      getParentRoute: () => layout,
      path: own,
      component,
      ...(validateSearch ? { validateSearch } : {}),
      loaderDeps: ({ search }) => ({ search }),
      loader: ({ context, params, deps }) => prefetchPageData(page, lang, { context, params, search: deps.search }),
      // The shell (header, consent banner) paints without waiting for the page's code.
      pendingComponent: PagePlaceholder,
      pendingMs: 0,
      pendingMinMs: 0,
    });
  });
  const unknown = createRoute({
    getParentRoute: () => layout,
    path: "$",
    beforeLoad: () => {
      throw redirect({ href: `/${lang}/404`, replace: true });
    },
  });
  return layout.addChildren([...pages, unknown] as AnyRoute[]);
}

const routeTree = rootRoute.addChildren([rootIndexRoute, ...LANGS.map(languageTree), unprefixedRoute]);

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: "intent",
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    parseSearch,
    stringifySearch,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
