// The route tree (DESIGN §3), typed: one tree per language built by the same function from the page
// table (common/pages.ts), so each page has its French and English path and links are checked
// against both. Under each language, the layouts: the shop's (header, menu, footer), the
// checkout's, the waiting and the blank ones. Guards are `beforeLoad`s reading the session and the
// cart from the router context; loaders wait for the answers a page needs to render and start the
// others. Unprefixed paths go to French; unknown paths to `/{lang}/404`.
import type { QueryClient } from "@tanstack/react-query";
import * as v from "valibot";
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, Outlet, redirect, type RouteComponent } from "@tanstack/react-router";
import type { CheckoutStep } from "../../machines/checkout/checkout.types.ts";
import { DEFAULT_LANG, type Lang } from "../../common/languages.ts";
import { pagePath, PAGES, type PageParams } from "../../common/pages.ts";
import type { ApiClient } from "../api/client.ts";
import { categoriesQuery, homePageQuery, homeSliderQuery, landingQuery, productsByCategoryQuery, searchProductsQuery } from "../api/queries/catalog.ts";
import { productBySlugQuery } from "../api/queries/product.ts";
import type { CartStore } from "../app/cart.tsx";
import type { RuntimeConfig } from "../../common/runtime-config.ts";
import type { Auth } from "../app/session-provider.tsx";
import type { Notifications } from "../app/notifications.tsx";
import { accountSearchSchema } from "../features/account/account-search.ts";
import { productSearchSchema } from "../features/product/product-search.ts";
import { searchPageSearchSchema } from "../features/search/search-params.ts";
import { activateLanguage, withTexts } from "../i18n/i18n.ts";
import { listingSearchSchema, listingStateOf, toListingParams } from "../ui/listing/listing-search.ts";
import { CheckoutPlaceholder, PagePlaceholder } from "../ui/page-placeholder.tsx";
import { BlankLayout, CheckoutLayout, LanguageLayout, NotFoundPage, pageComponents, WaitingLayout } from "./page-components.tsx";
import { parseSearch, stringifySearch } from "./search-string.ts";

export interface RouterContext {
  queryClient: QueryClient;
  api: ApiClient;
  config: RuntimeConfig;
  /** The session and the sign-in dialog (src/app/session-provider.tsx): the guards wait for the session. */
  auth: Auth;
  /** The cart's actor (src/app/cart.tsx): the checkout's guards wait for it. */
  cart: CartStore;
  /** The app's notification queue (the checkout's flow tells its failures there). */
  notifications: Notifications;
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

/** The product's and category's checks once their answer is in (src/routes/page-checks.ts). */
const pageChecks = () => import("./page-checks.ts");
const ignore = () => undefined;

/** The guards' code, loaded with the first page that has one (src/routes/guards.tsx). */
const guards = () => withTexts(import("./guards.tsx"), "customer");

/** What a guard's refusal shows: the account's invitation to sign in, a single sign-on that could not
 *  start, a checkout that could not load. */
const GuardError = lazyRouteComponent(guards, "GuardError");
/** The single sign-on's return point and the empowerment programme's entry (the page tells them apart). */
const SingleSignOnPage = lazyRouteComponent(guards, "SingleSignOnPage");

/** SPEC §2 Guards: the programme's flag held for the tab; read at once so that, without it, no guard code loads. */
function holdsEmpowermentFlag(): boolean {
  try {
    return window.sessionStorage.getItem("empowerment") !== null;
  } catch {
    return false;
  }
}


/** What every page route shares: the shell paints without waiting for the page's code. */
const PAGE_OPTIONS = { pendingComponent: PagePlaceholder, pendingMs: 0, pendingMinMs: 0 } as const;

/** A route's own path below its language: the page table's path for that language. */
const own = <P extends keyof typeof PAGES, L extends Lang>(page: P, lang: L): (typeof PAGES)[P][L] => PAGES[page][lang];

function languageTree<L extends Lang>(lang: L) {
  // Inside this function the language is a type parameter, so the router cannot resolve a route's
  // paths and parameters yet: redirects name the pages of `at` (both languages' routes, which it
  // checks), and loaders read the parameters as the page table declares them.
  const at: Lang = lang;
  const languageRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: lang,
    beforeLoad: async () => {
      await activateLanguage(lang);
    },
    component: Outlet,
  });

  // ── The shop's layout: header, category menu, footer, cart sidebar and the shell's dialogs.
  // With the employee programme's flag, only its beneficiaries browse: the others sign in first.
  const shop = createRoute({
    getParentRoute: () => languageRoute,
    id: "shop",
    component: LanguageLayout,
    beforeLoad: async (visit) => {
      if (holdsEmpowermentFlag()) await (await guards()).employeeFlagGuard(visit);
    },
    errorComponent: GuardError,
  });

  const home = createRoute({
    getParentRoute: () => shop,
    path: own("home", lang),
    component: pageComponents.home,
    loader: ({ context: { queryClient, api } }) => {
      void queryClient.prefetchQuery(homeSliderQuery(api, lang));
      void queryClient.prefetchQuery(homePageQuery(api, lang));
    },
    ...PAGE_OPTIONS,
  });

  const category = createRoute({
    getParentRoute: () => shop,
    path: own("category", lang),
    component: pageComponents.category,
    validateSearch: listingSearchSchema,
    loaderDeps: ({ search }) => ({ search }),
    // The first page of a category waits for its products (an unknown one is a 404; the other
    // language's slugs go to this one's); another page or filter of it shows the previous one meanwhile.
    loader: async ({ context: { queryClient, api }, params, deps, cause, location }) => {
      const { l1, l2, l3 } = paramsOf("category", params);
      const categoryPath = [l1, l2, l3].filter(Boolean).join("/");
      const products = productsByCategoryQuery(api, lang, categoryPath, toListingParams(listingStateOf(deps.search)));
      void queryClient.prefetchQuery(landingQuery(api, lang, categoryPath));
      void queryClient.prefetchQuery(categoriesQuery(api, lang));
      if (cause !== "enter") {
        void queryClient.prefetchQuery(products);
        return;
      }
      const answer = queryClient.ensureQueryData(products);
      answer.catch(ignore); // the check below takes the failure; nothing is left unhandled meanwhile
      await (await pageChecks()).checkCategory(answer, categoryPath, { lang: at, location });
    },
    notFoundComponent: NotFoundPage,
    ...PAGE_OPTIONS,
  });

  const product = createRoute({
    getParentRoute: () => shop,
    path: own("product", lang),
    component: pageComponents.product,
    validateSearch: productSearchSchema,
    // The page needs the product to render: an unknown one is a 404, the other language's (or an
    // old) slug goes to the canonical address, query and anchor kept.
    loader: async ({ context: { queryClient, api }, params, location }) => {
      const { slug } = paramsOf("product", params);
      const answer = queryClient.ensureQueryData(productBySlugQuery(api, lang, slug));
      answer.catch(ignore); // the check below takes the failure; nothing is left unhandled meanwhile
      await (await pageChecks()).checkProduct(answer, slug, queryClient, { lang: at, location });
    },
    notFoundComponent: NotFoundPage,
    ...PAGE_OPTIONS,
  });

  const search = createRoute({
    getParentRoute: () => shop,
    path: own("search", lang),
    component: pageComponents.search,
    validateSearch: searchPageSearchSchema,
    loaderDeps: ({ search: { searchTerm, ...listing } }) => ({ searchTerm, listing }),
    loader: ({ context: { queryClient, api }, deps: { searchTerm, listing } }) => {
      if (searchTerm) void queryClient.prefetchQuery(searchProductsQuery(api, lang, searchTerm, toListingParams(listingStateOf(listing))));
    },
    ...PAGE_OPTIONS,
  });

  const cart = createRoute({ getParentRoute: () => shop, path: own("cart", lang), component: pageComponents.cart, ...PAGE_OPTIONS });

  // The account: an unknown page of it is a 404, the other language's slug goes to this one's; a
  // visitor who is not signed in is invited to sign in, and the page shows once they are.
  const account = createRoute({
    getParentRoute: () => shop,
    path: own("account", lang),
    component: pageComponents.account,
    validateSearch: accountSearchSchema,
    beforeLoad: async ({ context, params }) => (await guards()).accountGuard(context, at, paramsOf("account", params).pageName),
    errorComponent: GuardError,
    ...PAGE_OPTIONS,
  });

  const simplePage = <P extends "resetPassword" | "contact" | "legalMentions" | "termsOfSale" | "faq" | "cookies" | "privacy" | "delivery" | "exchangeReturn" | "blog" | "unauthorized" | "notFound">(page: P) =>
    createRoute({ getParentRoute: () => shop, path: own(page, lang), component: pageComponents[page], ...PAGE_OPTIONS });

  // SPEC §2: the employee programme's budget page needs a signed-in {product} employee; anyone else gets /401.
  const configureEmpowerment = createRoute({
    getParentRoute: () => shop,
    path: own("configureEmpowerment", lang),
    component: pageComponents.configureEmpowerment,
    beforeLoad: async (visit) => (await guards()).empowermentAdminGuard(visit, at),
    errorComponent: GuardError,
    ...PAGE_OPTIONS,
  });

  const unknown = createRoute({
    getParentRoute: () => shop,
    path: "$",
    beforeLoad: () => {
      throw redirect({ to: pagePath("notFound", at), replace: true });
    },
  });

  // ── The checkout's layout (SPEC §2 Guards): its steps need a cart with lines, then a customer.
  const checkoutLayout = createRoute({ getParentRoute: () => languageRoute, id: "checkout", component: CheckoutLayout });

  const checkout = createRoute({
    getParentRoute: () => checkoutLayout,
    path: own("checkout", lang),
    beforeLoad: () => {
      throw redirect({ to: pagePath("checkoutShipping", at), replace: true });
    },
  });

  // Each step asks the checkout's flow where the shopper stands (SPEC §2 Guards: an empty or missing
  // cart goes to the cart page, a guest to the sign-in step, an Empowerment customer to their checkout).
  const checkoutStep = <P extends "checkoutSignIn" | "checkoutShipping" | "checkoutPayment">(page: P, step: CheckoutStep, component: RouteComponent) =>
    createRoute({
      getParentRoute: () => checkoutLayout,
      path: own(page, lang),
      component,
      beforeLoad: async (visit) => (await guards()).checkoutGuard(visit, at, step),
      errorComponent: GuardError,
      ...PAGE_OPTIONS,
      // While the checkout's flow decides where the shopper stands, the page says it is loading.
      pendingComponent: CheckoutPlaceholder,
    });
  const checkoutSignIn = checkoutStep("checkoutSignIn", "signIn", pageComponents.checkoutSignIn);
  const checkoutShipping = checkoutStep("checkoutShipping", "shipping", pageComponents.checkoutShipping);
  // The payment step: only with a cart the checkout flow finds ready to pay.
  const checkoutPayment = checkoutStep("checkoutPayment", "payment", pageComponents.checkoutPayment);
  const empowermentCheckout = createRoute({
    getParentRoute: () => checkoutLayout,
    path: own("empowermentCheckout", lang),
    component: pageComponents.empowermentCheckout,
    beforeLoad: async (visit) => (await guards()).empowermentCheckoutGuard(visit, at),
    errorComponent: GuardError,
    ...PAGE_OPTIONS,
  });
  // The payment's pages after the step need a signed-in customer (the order and the cart are theirs).
  const thankYou = createRoute({
    getParentRoute: () => checkoutLayout,
    path: own("thankYou", lang),
    component: pageComponents.thankYou,
    beforeLoad: async ({ context, params }) => (await guards()).paymentPageGuard(context, at, paramsOf("thankYou", params).order),
    errorComponent: GuardError,
    ...PAGE_OPTIONS,
  });

  // ── The waiting layout: the payment's and the single sign-ons' return points.
  const waiting = createRoute({ getParentRoute: () => languageRoute, id: "waiting", component: WaitingLayout });

  // The retry page: the cart of a failed payment, reopened to pay again.
  const paymentWaiting = createRoute({
    getParentRoute: () => waiting,
    path: own("paymentWaiting", lang),
    component: pageComponents.paymentWaiting,
    validateSearch: paymentRetrySearchSchema,
    beforeLoad: async ({ context, params }) => (await guards()).paymentPageGuard(context, at, paramsOf("paymentWaiting", params).shoppingCartUuid),
    errorComponent: GuardError,
    ...PAGE_OPTIONS,
  });
  // Where the bank sends the shopper back: `cartUuid` and, once the shopper went through, `redirectResult`.
  const paymentReturn = createRoute({
    getParentRoute: () => waiting,
    path: own("paymentReturn", lang),
    component: pageComponents.paymentReturn,
    validateSearch: paymentReturnSearchSchema,
    beforeLoad: async ({ context, search }) => (await guards()).paymentPageGuard(context, at, search.cartUuid),
    errorComponent: GuardError,
    ...PAGE_OPTIONS,
  });

  // SPEC §2: needs `context` and `client` in the query, otherwise /401.
  const empowermentSignIn = createRoute({
    getParentRoute: () => waiting,
    path: own("empowermentSignIn", lang),
    component: SingleSignOnPage,
    validateSearch: empowermentSignInSearchSchema,
    beforeLoad: ({ search }) => {
      if (!search.context || !search.client) throw redirect({ to: pagePath("unauthorized", at), replace: true });
    },
    ...PAGE_OPTIONS,
  });

  // SPEC §2: needs `code` in the query, otherwise /401 (with the `state` the provider sends back).
  const habileSignIn = createRoute({
    getParentRoute: () => waiting,
    path: own("habileSignIn", lang),
    component: SingleSignOnPage,
    validateSearch: habileSignInSearchSchema,
    beforeLoad: ({ search }) => {
      if (!search.code) throw redirect({ to: pagePath("unauthorized", at), replace: true });
    },
    ...PAGE_OPTIONS,
  });

  // ── The blank layout: the payment's result.
  const blank = createRoute({ getParentRoute: () => languageRoute, id: "blank", component: BlankLayout });
  // Waiting for the bank's answer on the order of `cartUuid`.
  const paymentResult = createRoute({
    getParentRoute: () => blank,
    path: own("paymentResult", lang),
    component: pageComponents.paymentResult,
    validateSearch: paymentResultSearchSchema,
    beforeLoad: async ({ context, search }) => (await guards()).paymentPageGuard(context, at, search.cartUuid),
    errorComponent: GuardError,
    ...PAGE_OPTIONS,
  });

  return languageRoute.addChildren([
    shop.addChildren([
      home,
      category,
      product,
      search,
      cart,
      account,
      simplePage("resetPassword"),
      simplePage("contact"),
      simplePage("legalMentions"),
      simplePage("termsOfSale"),
      simplePage("faq"),
      simplePage("cookies"),
      simplePage("privacy"),
      simplePage("delivery"),
      simplePage("exchangeReturn"),
      simplePage("blog"),
      simplePage("unauthorized"),
      simplePage("notFound"),
      configureEmpowerment,
      unknown,
    ]),
    checkoutLayout.addChildren([
      checkout,
      checkoutSignIn,
      checkoutShipping,
      checkoutPayment,
      empowermentCheckout,
      thankYou,
    ]),
    waiting.addChildren([paymentWaiting, paymentReturn, empowermentSignIn, habileSignIn]),
    blank.addChildren([paymentResult]),
  ]);
}

/** A query parameter's text (a number read from the address is its digits); anything else counts as absent. */
const queryWord = v.fallback(v.optional(v.union([v.string(), v.pipe(v.number(), v.transform(String))])), undefined);

/** Why the retry page is shown (the page reads an unknown reason as a payment that did not go through). */
const paymentRetrySearchSchema = v.object({ reason: queryWord });
const paymentReturnSearchSchema = v.object({ cartUuid: queryWord, redirectResult: queryWord });
const paymentResultSearchSchema = v.object({ cartUuid: queryWord });
const empowermentSignInSearchSchema = v.object({ context: queryWord, client: queryWord });
const habileSignInSearchSchema = v.object({ code: queryWord, state: queryWord });

/** A route's parameters as the page table declares them (see `languageTree`: the router cannot
 *  resolve them for a language that is still a type parameter; the path is the table's, so they are these). */
const paramsOf = <P extends keyof typeof PAGES>(_page: P, params: object) => params as PageParams<P>;

const routeTree = rootRoute.addChildren([rootIndexRoute, languageTree("fr"), languageTree("en"), unprefixedRoute]);

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: "intent",
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: NotFoundPage,
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
