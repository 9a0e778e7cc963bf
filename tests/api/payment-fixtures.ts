// Shared set-up of the payment tests: a shop whose payment provider is the scripted test double,
// with a clock the test moves; customers with an address book (written straight into the
// database) signed in through a stand-in for the sessions; carts made ready to pay through the
// API as the checkout's shipping step does; and the payment calls.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { scriptedGateway, type CardScript, type ScriptedGateway } from "../support/scripted-gateway.ts";
import { startTestApp, type Backend, type TestApp } from "../support/test-app.ts";
import { cartClient, cartOf, fakeSessions, offerPool, type Cart, type Schemas } from "./cart-fixtures.ts";

export type PaymentResult = Schemas["PaymentResult"];
type Headers = Record<string, string>;

export const PUBLIC_URL = "https://boutique.example.com";
const PARIS = { firstName: "Jeanne", lastName: "Dupont", street: "12 rue de Rivoli", city: "Paris", postCode: "75001", country: "FR", phone: "+33612345678" };

export interface PaymentShop extends TestApp {
  /** The scripted provider (not the shop's when it runs on the sandbox). */
  provider: ScriptedGateway;
  offers: Awaited<ReturnType<typeof offerPool>>;
  /** Moves the shop's clock forward. */
  advance(ms: number): void;
  now(): Date;
  /** A new customer with a billing address 'Maison', signed in: the headers of their calls. */
  customer(): Promise<{ id: string; headers: Headers }>;
  /** A cart of `customer` holding these lines, with a delivery address, a billing address and the home delivery method. */
  readyCart(headers: Headers, lines: { offerId: number; quantity: number }[]): Promise<Cart>;
  pay(headers: Headers, cart: Cart, script?: CardScript, overrides?: Record<string, unknown>): Promise<LightMyRequestResponse>;
  details(headers: Headers, details: Record<string, unknown>): Promise<LightMyRequestResponse>;
  /** Posts notification items to the webhook. */
  notify(items: ReturnType<ScriptedGateway["notification"]>[], headers?: Headers): Promise<LightMyRequestResponse>;
  stockOf(offerId: number): Promise<number>;
  ordersOfCart(cartUuid: string): Promise<{ id: number; reference: string; invoice_number: number; status: string; total_cents: number }[]>;
}

export const paymentResultOf = (response: LightMyRequestResponse): PaymentResult => {
  if (response.statusCode !== 200) throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
  return response.json<PaymentResult>();
};

/** A shop paying through the scripted test double, or (`sandbox: true`) through the embedded payment sandbox the demo runs on. */
export async function startPaymentShop(backend: Backend, options: { env?: Record<string, string>; sandbox?: boolean } = {}): Promise<PaymentShop> {
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const provider = scriptedGateway();
  const { sessions, signInAs } = fakeSessions();
  const shop = await startTestApp(backend, {
    env: { PUBLIC_URL, ...options.env },
    app: { now, sessions },
    adapters: options.sandbox ? {} : { paymentGateway: provider.gateway },
  });
  const offers = await offerPool(shop);
  const api = cartClient(shop);
  const [home] = await shop.db.rows<{ id: number }>(sql`select id from shipment_methods where carrier = 'DOS'`);
  if (!home) throw new Error("the demo shipping rules have no DOS method");

  const call = (method: "PUT" | "POST" | "GET", url: string, headers: Headers, payload?: unknown) =>
    shop.request({ method, url, headers, ...(payload === undefined ? {} : { payload: JSON.stringify(payload), headers: { ...headers, "content-type": "application/json" } }) });
  const expectOk = (response: LightMyRequestResponse, what: string) => {
    if (response.statusCode !== 200) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
    return response;
  };

  return {
    ...shop,
    provider,
    offers,
    advance: (ms) => {
      offset += ms;
    },
    now,
    async customer() {
      const id = randomUUID();
      const email = `${id}@example.com`;
      const [row] = await shop.db.rows<{ id: number }>(sql`
        insert into customers (uuid, email, password_hash, first_name, last_name, locale, customer_group)
        values (${id}, ${email}, 'not-a-hash', 'Jeanne', 'Dupont', 'fr_FR', 'GENERAL_PUBLIC') returning id`);
      await shop.db.rows(sql`
        insert into customer_addresses (customer_id, name, first_name, last_name, street, city, post_code, country, phone)
        values (${row?.id}, 'Maison', 'Jeanne', 'Dupont', '12 rue de Rivoli', 'Paris', '75001', 'FR', '+33612345678')`);
      return { id, headers: signInAs({ id, email, group: "GENERAL_PUBLIC", locale: "fr_FR" }) };
    },
    async readyCart(headers, lines) {
      let cart: Cart | undefined;
      for (const line of lines) cart = cartOf(await api.setQuantity(line, headers));
      if (!cart) throw new Error("no lines");
      expectOk(await call("PUT", "/api/v1/shopping-cart/shipping-address", headers, PARIS), "delivery address");
      expectOk(await call("PUT", "/api/v1/shopping-cart/billing-address", headers, { billingAddressName: "Maison" }), "billing address");
      const shipments = cart.shipments.map(() => home.id);
      return cartOf(expectOk(await call("PUT", "/api/v1/shopping-cart/shipment-methods", headers, { shipmentMethodIds: shipments }), "methods"));
    },
    pay(headers, cart, script = "authorised", overrides = {}) {
      return call("POST", "/api/v1/adyen/initiate-payment", headers, {
        amount: { value: (cart.specialPrice ?? cart.totalPrice).taxIncluded, currency: "EUR" },
        reference: cart.uuid,
        paymentMethod: { type: "scheme", script },
        browserInfo: { userAgent: "test" },
        returnUrl: `${PUBLIC_URL}/fr/commande/paiement/retour?cartUuid=${cart.uuid}`,
        ...overrides,
      });
    },
    details: (headers, details) => call("POST", "/api/v1/adyen/submit-additional-details", headers, { details }),
    notify: (items, headers = {}) =>
      shop.app.inject({
        method: "POST",
        url: "/webhooks/adyen",
        headers: { "content-type": "application/json", ...headers },
        payload: JSON.stringify({ live: "false", notificationItems: items.map((item) => ({ NotificationRequestItem: item })) }),
      }),
    async stockOf(offerId) {
      const [row] = await shop.db.rows<{ stock_quantity: number }>(sql`select stock_quantity from offers where id = ${offerId}`);
      if (!row) throw new Error(`no offer ${offerId}`);
      return row.stock_quantity;
    },
    ordersOfCart: (cartUuid) =>
      shop.db.rows(sql`select id, reference, invoice_number, status, total_cents from orders where uuid = ${cartUuid} order by id`),
  };
}
