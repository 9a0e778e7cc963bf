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
import { pagePath, PAGES, type PageId } from "./pages.ts";
import { pageComponents, LanguageLayout } from "./page-components.tsx";

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
    return createRoute({ getParentRoute: () => layout, path: own, component });
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
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
