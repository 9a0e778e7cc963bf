// The route table: one tree per language built from the same page list, so each page has its
// French and English path. Unprefixed paths go to French; unknown paths to `/{lang}/404`.
import type { QueryClient } from "@tanstack/react-query";
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
import { searchPageSearchSchema } from "../features/search/search-params.ts";
import { listingSearchSchema } from "../ui/listing/listing-search.ts";
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

/** `/` and any path without a language: the same path in French. */
const rootIndexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  beforeLoad: () => {
    throw redirect({ href: `/${DEFAULT_LANG}`, replace: true });
  },
});

const unprefixedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "$",
  beforeLoad: ({ location }) => {
    throw redirect({ href: `/${DEFAULT_LANG}${location.pathname}${location.searchStr}${location.hash ? `#${location.hash}` : ""}`, replace: true });
  },
});

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
    return createRoute({ getParentRoute: () => layout, path: own, component, ...(validateSearch ? { validateSearch } : {}) });
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
