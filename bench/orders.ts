// `npm run bench:orders [-- --buyers=16 --duration=20 --products=1000]`: orders per second on
// PostgreSQL with concurrent buyers paying through the payment sandbox, against a real server
// process. Each buyer is an account registered through the API (captcha solved as the widget does)
// that loops over a whole checkout: add a line, delivery address, billing address, shipment
// method, card payment (Adyen's authorised test card, sent directly). Informational: prints the
// figures and writes them to bench/results/, never fails on time.
import { randomBytes } from "node:crypto";
import { cpus } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { preparePostgres } from "./lib/backends.ts";
import { cleanupAll, installSignalHandlers, isInterrupted } from "./lib/lifecycle.ts";
import { startServer } from "./lib/processes.ts";
import { fileStamp, writeJson } from "./lib/report.ts";
import { BASE_URL_VARIABLE } from "../tests/e2e/support/environment.ts";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const RESULTS_DIR = join(ROOT, "bench", "results");
/** Adyen's test Visa that its platform authorises without 3-D Secure. */
const AUTHORISED_CARD = { type: "scheme", number: "4111111145551142", expiryMonth: "03", expiryYear: "2030", cvc: "737", holderName: "Bench Buyer" };
const ADDRESS = { name: "Maison", firstName: "Jeanne", lastName: "Acheteuse", street: "12 rue de Rivoli", city: "Paris", postCode: "75001", country: "FR", phone: "+33612345678" };
/** Colissimo home delivery, which serves every address of the demo rules. */
const HOME_DELIVERY_CARRIER = "DOS";
/** Offers given enough stock that no buyer ever runs out. */
const OFFERS = 50;

const { values } = parseArgs({
  options: { buyers: { type: "string", default: "16" }, duration: { type: "string", default: "20" }, products: { type: "string", default: "1000" } },
});
const buyers = Number(values.buyers);
const durationSeconds = Number(values.duration);
const products = Number(values.products);

interface Call {
  method: "GET" | "PUT" | "POST";
  path: string;
  body?: unknown;
}

/** The storefront API as one signed-in buyer calls it (the token renewed from each answer). */
function buyerClient(baseUrl: string, storefrontToken: string, customerToken: string) {
  let token = customerToken;
  return async function call<T>({ method, path, body }: Call): Promise<T> {
    const separator = path.includes("?") ? "&" : "?";
    const response = await fetch(`${baseUrl}/api/v1${path}${separator}locale=fr_FR`, {
      method,
      headers: {
        authorization: `Bearer ${storefrontToken}`,
        "x-customer-authorization": `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    token = response.headers.get("x-customer-token") ?? token;
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

interface CartAnswer {
  uuid: string;
  shipments: unknown[];
  totalPrice: { taxIncluded: number };
  specialPrice: { taxIncluded: number } | null;
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const percentile = (values: number[], p: number) => (values.length === 0 ? 0 : (values[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0));
const round = (value: number) => Math.round(value * 10) / 10;

async function main() {
  installSignalHandlers();
  console.log(`bench:orders — ${buyers} buyers for ${durationSeconds} s on PostgreSQL through the payment sandbox (${cpus().length} cores)`);
  const prepared = await preparePostgres(ROOT, products);
  if (!prepared.ok) {
    console.log(`  skipped: ${prepared.skipped}`);
    return;
  }
  const backend = prepared.backend;
  const databaseUrl = backend.serverEnv.DATABASE_URL;
  if (!databaseUrl) throw new Error("the PostgreSQL backend gave no DATABASE_URL");
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows: offers } = await db.query<{ id: number }>(
    `update offers set stock_quantity = 1000000 where id in (select id from offers order by id limit ${OFFERS}) returning id`,
  );
  const storefrontToken = `bench-${randomBytes(12).toString("hex")}`;
  const server = await startServer({
    cwd: ROOT,
    env: { ...backend.serverEnv, LOG_LEVEL: "warn", STOREFRONT_API_TOKEN: storefrontToken, SEED: "off", NODE_ENV: "production", PAYMENT_SANDBOX: "on", HABILE_EMBEDDED: "on" },
  });
  try {
    // The sandbox's return address must be the shop's own (PUBLIC_URL defaults to localhost and the port).
    const publicOrigin = server.baseUrl.replace("127.0.0.1", "localhost");
    process.env[BASE_URL_VARIABLE] = server.baseUrl;
    const { registerCustomer } = await import("../tests/e2e/support/customers.ts");
    console.log(`  server ready at ${server.baseUrl}; registering ${buyers} buyers`);
    const clients = [];
    for (let index = 0; index < buyers; index += 1) {
      const { token } = await registerCustomer("fr", { firstName: "Bench", lastName: `Acheteur ${index + 1}` });
      const call = buyerClient(server.baseUrl, storefrontToken, token);
      await call({ method: "POST", path: "/customers/address?defaultShipping=true&defaultBilling=true", body: ADDRESS });
      clients.push(call);
    }

    const purchaseMs: number[] = [];
    const paymentMs: number[] = [];
    const failures: string[] = [];
    const deadline = performance.now() + durationSeconds * 1000;
    const started = performance.now();
    await Promise.all(
      clients.map(async (call, buyer) => {
        let round = 0;
        while (performance.now() < deadline && !isInterrupted()) {
          const offerId = offers[(buyer * 7 + round) % offers.length]?.id;
          round += 1;
          const begun = performance.now();
          try {
            await call({ method: "PUT", path: "/shopping-cart/set-offer-quantity", body: { offerId, quantity: 1 } });
            await call({ method: "PUT", path: "/shopping-cart/shipping-address", body: ADDRESS });
            const ready = await call<CartAnswer>({ method: "PUT", path: "/shopping-cart/billing-address", body: { billingAddressName: ADDRESS.name } });
            const methods = await call<{ id: number; carrier: string }[]>({ method: "GET", path: "/shopping-cart/shipment-methods" });
            const home = methods.find((method) => method.carrier === HOME_DELIVERY_CARRIER);
            if (!home) throw new Error("no home delivery for the cart");
            const shipmentMethodIds = ready.shipments.map(() => home.id);
            const cart = await call<CartAnswer>({ method: "PUT", path: "/shopping-cart/shipment-methods", body: { shipmentMethodIds } });
            const paying = performance.now();
            const result = await call<{ resultCode: string }>({
              method: "POST",
              path: "/adyen/initiate-payment",
              body: {
                amount: { value: (cart.specialPrice ?? cart.totalPrice).taxIncluded, currency: "EUR" },
                reference: cart.uuid,
                paymentMethod: AUTHORISED_CARD,
                browserInfo: { userAgent: "bench" },
                returnUrl: `${publicOrigin}/fr/commande/paiement/retour?cartUuid=${cart.uuid}`,
              },
            });
            if (result.resultCode !== "Authorised") throw new Error(`payment answered ${result.resultCode}`);
            paymentMs.push(performance.now() - paying);
            purchaseMs.push(performance.now() - begun);
          } catch (error) {
            failures.push(error instanceof Error ? error.message : String(error));
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const { rows: counted } = await db.query<{ orders: string }>("select count(*) as orders from orders");
    const purchases = sorted(purchaseMs);
    const payments = sorted(paymentMs);
    const figures = {
      buyers,
      seconds: round(seconds),
      orders: purchaseMs.length,
      ordersInDatabase: Number(counted[0]?.orders ?? 0),
      ordersPerSecond: round(purchaseMs.length / seconds),
      failures: failures.length,
      firstFailures: failures.slice(0, 3),
      purchaseMs: { p50: round(percentile(purchases, 50)), p95: round(percentile(purchases, 95)), p99: round(percentile(purchases, 99)) },
      paymentMs: { p50: round(percentile(payments, 50)), p95: round(percentile(payments, 95)), p99: round(percentile(payments, 99)) },
    };
    console.log(
      `  ${figures.orders} orders in ${figures.seconds} s: ${figures.ordersPerSecond} orders/s; ` +
        `whole checkout p50 ${figures.purchaseMs.p50} ms, p95 ${figures.purchaseMs.p95} ms; ` +
        `payment call p50 ${figures.paymentMs.p50} ms, p95 ${figures.paymentMs.p95} ms; ${figures.failures} failed`,
    );
    for (const failure of figures.firstFailures) console.log(`  failure: ${failure}`);
    const file = writeJson(RESULTS_DIR, `orders-${fileStamp(new Date())}.json`, { at: new Date().toISOString(), database: backend.description, cores: cpus().length, figures });
    console.log(`  written to ${relative(ROOT, file)}`);
  } finally {
    await server.stop();
    await db.end();
  }
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => cleanupAll());
