// Builds the HTTP application: plugins in a visible order (platform, then domain modules, then
// the contract's routes). Tests build it and call `app.inject()`.
import { randomUUID } from "node:crypto";
import fastifyCompress from "@fastify/compress";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { mailboxRoutes } from "./adapters/mail/mailbox-routes.ts";
import { isPaymentSandbox } from "./adapters/payment-sandbox/payment-sandbox.ts";
import { paymentSandboxRoutes } from "./adapters/payment-sandbox/sandbox-routes.ts";
import { createOutboxRepository, outboxMailer } from "./adapters/mail/outbox-mailer.ts";
import type { Adapters } from "./composition.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { registerContractRoutes } from "./http/contract.ts";
import { registerErrorHandlers, type ErrorBody } from "./http/errors.ts";
import { registerMultipartForms } from "./http/multipart-form.ts";
import { registerSecurityHeaders } from "./http/security-headers.ts";
import { COMPRESS_THRESHOLD_BYTES, createReadCache, noCache } from "./http/read-cache.ts";
import { cartHandlers } from "./modules/cart/cart-handlers.ts";
import { createCartRepository } from "./modules/cart/cart-repository.ts";
import { catalogHandlers } from "./modules/catalog/catalog-handlers.ts";
import { createCatalogRepository } from "./modules/catalog/catalog-repository.ts";
import { contactHandlers } from "./modules/contact/contact-handlers.ts";
import { createContactRepository } from "./modules/contact/contact-repository.ts";
import { contentHandlers } from "./modules/content/content-handlers.ts";
import { createContentRepository } from "./modules/content/content-repository.ts";
import { createCustomersModule } from "./modules/customers/customers-module.ts";
import { empowermentAccess } from "./modules/empowerment/empowerment-access.ts";
import { empowermentHandlers } from "./modules/empowerment/empowerment-handlers.ts";
import { createEmpowermentOrders } from "./modules/empowerment/empowerment-order.ts";
import { createEmpowermentSetups } from "./modules/empowerment/empowerment-setups.ts";
import { STAFF_LIST_UPLOAD } from "./modules/empowerment/staff-number-list.ts";
import { isEmbeddedIdentityProvider } from "./adapters/embedded-identity-provider/embedded-identity-provider.ts";
import { createHabileModule } from "./modules/habile/habile-module.ts";
import { mediaRoutes } from "./modules/media/media-routes.ts";
import { ordersHandlers } from "./modules/orders/orders-handlers.ts";
import { createOrdersRepository } from "./modules/orders/orders-repository.ts";
import { newsletterHandlers } from "./modules/newsletter/newsletter-handlers.ts";
import { createNewsletterRepository } from "./modules/newsletter/newsletter-repository.ts";
import { PENDING_OPERATIONS } from "./modules/pending-operations.ts";
import { adyenWebhookRoutes } from "./modules/payment/adyen-webhook-routes.ts";
import { paymentHandlers } from "./modules/payment/payment-handlers.ts";
import { createPaymentLedger } from "./modules/payment/payment-ledger.ts";
import { createOrderConfirmation } from "./modules/orders/order-confirmation.ts";
import { createCheckoutShipping } from "./modules/shipping/checkout-shipping.ts";
import { shippingHandlers } from "./modules/shipping/shipping-handlers.ts";
import { createGeocoding } from "./modules/geocoding/geocoding.ts";
import { geocodingHandlers } from "./modules/geocoding/geocoding-handlers.ts";
import { mapRoutes } from "./modules/map/map-routes.ts";
import { relayHandlers } from "./modules/relays/relay-handlers.ts";
import { createRelaySearch } from "./modules/relays/relay-search.ts";
import { stockAlertHandlers } from "./modules/stock-alerts/stock-alert-handlers.ts";
import { createStockAlertRepository } from "./modules/stock-alerts/stock-alert-repository.ts";
import { webRoutes } from "./modules/web/web-routes.ts";
import type { CustomerSessions } from "./platform/sessions.ts";

/** How long more than its freshness a catalogue read may be served while it is refreshed. */
const CATALOG_CACHE_STALE_MS = 120_000;

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export interface Readiness {
  ready: boolean;
}

export interface AppOptions {
  config: Config;
  db: Database;
  /** The outside services, as the composition root chose them (server/composition.ts). */
  adapters: Adapters;
  /** Answers 503 on /healthz and the API until `ready` is true (set once migrations ran). */
  readiness?: Readiness;
  logger?: FastifyServerOptions["logger"];
  /** Serve catalogue reads from a short-lived in-memory cache (default true). */
  cacheReads?: boolean;
  /** Folder of the built SPA (default dist/web). */
  webRoot?: string;
  /** Who the signed-in customer of a request is (default: the accounts module's JWT sessions). */
  sessions?: CustomerSessions;
  /** The clock of expiries and abuse limits (default: the system clock; tests move it). */
  now?: () => Date;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db, adapters } = options;
  // Every e-mail is written to the outbox in its change's transaction; a job delivers it.
  const mailer = outboxMailer;
  const readiness = options.readiness ?? { ready: true };
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // A number of proxies: believe that many hops of X-Forwarded-For.
    trustProxy: typeof config.trustProxy === "number" ? trustHops(config.trustProxy) : config.trustProxy,
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && /^[\w-]{1,100}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { allErrors: false, strict: false, removeAdditional: false, coerceTypes: "array" } },
  });

  // Platform
  registerErrorHandlers(app);
  await registerSecurityHeaders(app, config);
  // JSON answers compressed for clients that accept it (cached catalogue answers come compressed
  // already, built files are precompressed): listings get several times smaller on a phone's link.
  await app.register(fastifyCompress, { encodings: ["br", "gzip"], threshold: COMPRESS_THRESHOLD_BYTES });
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  app.addHook("onRequest", async (request, reply) => {
    if (readiness.ready || !request.url.startsWith("/api/")) return;
    const body: ErrorBody = { status: 503, message: "The shop is starting, try again in a moment", code: "STARTING" };
    return reply.status(503).header("retry-after", "2").send(body);
  });
  // The one form of the API (the empowerment setup's staff list), read into a body the contract validates.
  await registerMultipartForms(app, { files: { pncList: STAFF_LIST_UPLOAD }, maxFields: 6, maxFieldBytes: 100 });
  app.get("/healthz", async (_request, reply) =>
    readiness.ready ? { status: "ok" } : reply.status(503).send({ status: "starting" }),
  );

  // Domain modules
  const cache = options.cacheReads === false || config.catalogCacheSeconds === 0 ? noCache : createReadCache({ ttlMs: config.catalogCacheSeconds * 1000, staleMs: CATALOG_CACHE_STALE_MS, maxEntries: 5000 });
  const catalog = createCatalogRepository(db);
  const content = createContentRepository(db);
  const stockAlerts = createStockAlertRepository(db);
  const contact = createContactRepository({ db, mailer, shopEmail: config.shopEmail });
  const newsletter = createNewsletterRepository(db);
  const accounts = createCustomersModule({
    config,
    db,
    mailer,
    now: options.now ?? (() => new Date()),
    captcha: adapters.captcha,
    staffDirectory: adapters.staffDirectory,
  });
  const sessions = options.sessions ?? accounts.sessions;
  const carts = createCartRepository({ db, catalog });
  const checkout = createCheckoutShipping({ db, carts });
  const relaySearch = createRelaySearch({ relayPoints: adapters.relayPoints, now: options.now ?? (() => new Date()) });
  const geocoding = createGeocoding({ geocoder: adapters.geocoder });
  // The confirmation e-mail is written in the order's transaction: no order without it, nor the reverse.
  const onOrderPlaced = createOrderConfirmation({ publicUrl: config.publicUrl, brandName: config.brandName, mailer });
  const ledger = createPaymentLedger({
      db,
      carts,
      gateway: adapters.paymentGateway,
      publicUrl: config.publicUrl,
      now: options.now ?? (() => new Date()),
      onOrderPlaced,
  });
  const orders = createOrdersRepository(db);
  const now = options.now ?? (() => new Date());
  await app.register(mediaRoutes, { db });
  // The relay map's offline style and shapes (unused when MAP_STYLE_URL names another style).
  await app.register(mapRoutes);
  // The payment provider's notifications, outside the storefront API (no storefront token: basic auth and HMAC).
  await app.register(adyenWebhookRoutes, { ledger, gateway: adapters.paymentGateway, credentials: config.adyenWebhookCredentials });
  // The embedded mailbox shows every e-mail of the outbox: never on a configured (public) shop.
  if (config.demoMode) await app.register(mailboxRoutes, { outbox: createOutboxRepository(db) });
  // The payment sandbox's issuer pages (card form, 3-D Secure challenge): only when it is the gateway.
  if (isPaymentSandbox(adapters.paymentGateway)) {
    await app.register(paymentSandboxRoutes, { sandbox: adapters.paymentGateway, publicUrl: config.publicUrl });
  }

  // The embedded identity provider of employee single sign-on (/oidc): only when it is the provider.
  if (isEmbeddedIdentityProvider(adapters.identityProvider)) await adapters.identityProvider.mount(app);

  // The shop itself: the built SPA and its runtime configuration (its not-found handler
  // answers the SPA for page addresses and JSON 404s for the rest).
  await webRoutes(app, { config, webRoot: options.webRoot, payment: adapters.paymentGateway });

  // Contract routes
  await registerContractRoutes(app, {
    storefrontToken: config.storefrontToken,
    pending: PENDING_OPERATIONS,
    handlers: {
      ...catalogHandlers({ catalog, cache }),
      ...contentHandlers({ content, catalog, cache }),
      ...stockAlertHandlers({ stockAlerts, limits: accounts.limits }),
      ...contactHandlers({ contact, captcha: adapters.captcha, limits: accounts.limits }),
      ...newsletterHandlers({ newsletter, limits: accounts.limits }),
      ...cartHandlers({ carts, sessions }),
      ...shippingHandlers({ checkout, sessions }),
      ...paymentHandlers({ ledger, carts, sessions, publicUrl: config.publicUrl }),
      ...relayHandlers({ relaySearch }),
      ...geocodingHandlers({ geocoding }),
      ...ordersHandlers({ orders, sessions, seller: config.seller }),
      ...empowermentHandlers({
        db,
        access: empowermentAccess(db),
        sessions,
        setups: createEmpowermentSetups(db),
        orders: createEmpowermentOrders({ db, carts, now, onOrderPlaced }),
        orderViews: orders,
        carts,
        now,
      }),
      ...accounts.handlers,
      ...createHabileModule({
        db,
        identityProvider: adapters.identityProvider,
        sessions: accounts.sessions,
        limits: accounts.limits,
        carts,
        publicUrl: config.publicUrl,
        now: options.now ?? (() => new Date()),
      }).handlers,
    },
  });
  return app;
}
