// Entry of the SPA: read the runtime configuration, then build the client, the query cache, the
// app-wide actors (notifications, cookie consent, cart: loaded just after the first paint) and the
// router, load the page (its code and, for a moment, its first answers) and, on a wide screen, the
// header's search bar and menu, and render.
//
// The start is cut into several tasks, and the first render is a transition (React yields to the
// browser every few milliseconds): on a phone, one long task here is what keeps the page from
// answering a tap. Rendering once the page's code and answers are in renders the page once,
// instead of the shell, then the page's placeholders, then its content. The browser's number
// formatting is set up on a worker meanwhile (imported first: src/i18n/load-number-data.ts).
import "./i18n/load-number-data.ts";
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createApiClient } from "./api/client.ts";
import { authBridge, CartProvider, createCart } from "./app/cart.tsx";
import { ConsentProvider, createConsent } from "./app/consent.tsx";
import { takeOverFirstPaint } from "./app/first-paint.ts";
import { reportLoadFailure } from "./ui/chunk-load.ts";
import { createCustomerTokenStore } from "./app/customer-token.ts";
import { createQueryClient } from "./api/query-client.ts";
import { createNotifications, NotificationsProvider } from "./app/notifications.tsx";
import { createAuth, SessionProvider } from "./app/session-provider.tsx";
import { RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig } from "../common/runtime-config.ts";
import { fetchRuntimeConfig } from "./app/runtime-config.ts";
import { startFlowInspection } from "./app/flow-inspection.ts";
import { isWideScreen, loadWideHeaderParts } from "./shell/wide-screen-parts.ts";
import { activateLanguage, apiLocaleOf, currentLang, DEFAULT_LANG, i18n, isLang } from "./i18n/i18n.ts";
import { createAppRouter } from "./routes/router.tsx";
import { PartLoadError } from "./app/lazy-part.tsx";
import "./ui/global.css";

/** The configuration the server wrote into the page (server/modules/web), absent under `npm run dev`. */
function inlineRuntimeConfig(): RuntimeConfig | undefined {
  const text = document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as RuntimeConfig) : undefined;
}

async function start() {
  const firstSegment = window.location.pathname.split("/")[1];
  // The provider renders nothing until a language is active: activate the address's one first.
  const [config] = await Promise.all([
    inlineRuntimeConfig() ?? fetchRuntimeConfig(),
    activateLanguage(isLang(firstSegment) ? firstSegment : DEFAULT_LANG),
    startFlowInspection(),
  ]);
  await yieldToBrowser();
  const queryClient = createQueryClient();
  const tokens = createCustomerTokenStore();
  const api = createApiClient({
    baseUrl: `${window.location.origin}/api/v1`,
    storefrontToken: config.storefrontToken,
    locale: () => apiLocaleOf(currentLang()),
    customerToken: () => tokens.read(),
    customerSession: () => tokens.session(),
    onCustomerToken: (token) => tokens.renew(token),
    onUnauthorized: (operation) => auth.unauthorized(operation),
  });
  const notifications = createNotifications();
  // With a customer's session stored (a token that reads well), the cart waits for its restoring to know whose cart to load.
  const cart = createCart({ api, queryClient, notifications, restoringSession: tokens.initial.state === "present" });
  const cartBridge = authBridge(cart);
  const auth = createAuth({ api, tokens, queryClient, notifications, cart: cartBridge });
  const consent = createConsent();
  await yieldToBrowser();
  const router = createAppRouter({ queryClient, api, config, auth, cart, notifications });
  const container = document.getElementById("root");
  if (!container) throw new Error("#root is missing from index.html");
  takeOverFirstPaint(container, consent);
  await yieldToBrowser();
  // A load that fails is loaded again, and its error shown, by the router once rendered.
  await Promise.all([router.load().catch(() => undefined), isWideScreen() ? loadWideHeaderParts().catch(reportLoadFailure) : null]);
  await fetchesSettled(queryClient, FIRST_ANSWERS_WAIT_MS);
  await yieldToBrowser();
  const root = createRoot(container, {
    // A part that could not be loaded is reported by its boundary (src/app/lazy-part.tsx): once.
    // Any other error an error boundary caught is logged as React does by default.
    onCaughtError: (error) => {
      if (!(error instanceof PartLoadError)) console.error(error);
    },
  });
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <NotificationsProvider notifications={notifications}>
              <ConsentProvider consent={consent}>
                <SessionProvider auth={auth}>
                  <CartProvider cart={cart}>
                    <RouterProvider router={router} />
                  </CartProvider>
                </SessionProvider>
              </ConsentProvider>
            </NotificationsProvider>
          </QueryClientProvider>
        </I18nProvider>
      </StrictMode>,
    ),
  );
  // The shell's flows are not needed for the first paint: they load right after it.
  // Each in a task of its own: its code evaluated and its actor started in one go make a long task.
  // The session's code that cannot be loaded cannot restore a session: the cart, which waits for it, loads the stored one.
  const loadSession = () =>
    auth.session.load().catch((error: unknown) => {
      cartBridge.notRestored();
      throw error;
    });
  for (const load of [() => notifications.load(), () => consent.actor.load(), loadSession, () => cart.actor.load()]) {
    const loadFlow = () => void load().catch(reportLoadFailure);
    if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(loadFlow, { timeout: SHELL_FLOWS_DEADLINE_MS });
    else setTimeout(loadFlow, 0);
  }
}

/** Ends the current task: what follows runs in a new one, after the browser's pending work. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Resolves once no query is fetching, or after `ms` at the latest. */
function fetchesSettled(queryClient: QueryClient, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() === 0) done();
    });
    if (queryClient.isFetching() === 0) done();
  });
}

/** Longest wait for the page's first answers before the first render (placeholders after that). */
const FIRST_ANSWERS_WAIT_MS = 1000;

/** Longest wait for an idle moment before the shell's flows load anyway. */
const SHELL_FLOWS_DEADLINE_MS = 1500;

void start();
