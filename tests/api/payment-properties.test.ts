// A property of the payment ledger over generated schedules (fast-check, on PGlite): carts paying
// for the same few offers, the provider's answers, the shoppers' returns, notifications (replayed),
// reservation expiry, the retry page, cancellations and stock changes by the shop, started
// concurrently and interleaved by fast-check's scheduler. Whatever the schedule: never oversold
// (stock >= 0, and held + sold + left = initial + the shop's changes), never two orders for a cart
// or a payment, never an order without an authorisation of its payment by the provider, and an
// authorisation without an order is always on its way back to the shopper.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import type { Database } from "../../server/db/client.ts";
import { createCartRepository, type CartRepository } from "../../server/modules/cart/cart-repository.ts";
import { createCatalogRepository } from "../../server/modules/catalog/catalog-repository.ts";
import type { GatewayResult, PaymentGateway } from "../../server/modules/payment/payment-gateway.ts";
import { GatewayRejectedError, GatewayUnavailableError } from "../../server/modules/payment/payment-gateway.ts";
import { createPaymentLedger, type PaymentLedger } from "../../server/modules/payment/payment-ledger.ts";
import { PAYMENT_CANCEL_QUEUE } from "../../server/modules/payment/payment-outcome.ts";
import { seedIfEmpty } from "../../server/seed/seed.ts";
import { scriptedGateway, type CardScript } from "../support/scripted-gateway.ts";
import { openTestDatabase } from "../support/test-app.ts";
import { expectLedgerInvariants } from "./ledger-invariants.ts";

const RUNS = Number(process.env.PAYMENT_PROPERTY_RUNS ?? 1000);
const CARTS = 3;
const RESERVATION_PLUS_MS = 16 * 60_000;
const ADDRESS = { name: "Maison", company: null, firstName: "Jeanne", lastName: "Dupont", street: "12 rue de Rivoli", city: "Paris", postCode: "75001", country: "FR", phone: "+33612345678" };

type Op =
  | { kind: "pay"; cart: number; script: CardScript }
  | { kind: "details"; cart: number; pass: boolean }
  | { kind: "notify"; cart: number; success: boolean; times: number }
  | { kind: "expire" }
  | { kind: "restock"; offer: number; delta: number }
  | { kind: "reopen"; cart: number }
  | { kind: "cancel"; cart: number };

const cartIndex = fc.integer({ min: 0, max: CARTS - 1 });
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("pay" as const), cart: cartIndex, script: fc.constantFrom<CardScript>("authorised", "refused", "challenge", "redirect", "unavailable") }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("details" as const), cart: cartIndex, pass: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("notify" as const), cart: cartIndex, success: fc.boolean(), times: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("expire" as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("restock" as const), offer: fc.integer({ min: 0, max: 1 }), delta: fc.integer({ min: -2, max: 2 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("reopen" as const), cart: cartIndex }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("cancel" as const), cart: cartIndex }) },
);
const planArbitrary = fc.record({
  stock: fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })),
  carts: fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 })).filter(([a, b]) => a + b > 0), { minLength: CARTS, maxLength: CARTS }),
  ops: fc.array(opArbitrary, { minLength: 1, maxLength: 7 }),
});

type Plan = typeof planArbitrary extends fc.Arbitrary<infer T> ? T : never;

describe("the payment ledger over generated schedules (PGlite)", () => {
  let db: Database;
  let carts: CartRepository;
  let offerIds: [number, number];
  let customers: string[];
  let methodByShop: Map<number, number>;

  beforeAll(async () => {
    db = await openTestDatabase({ name: "pglite", url: null });
    await db.migrate();
    await seedIfEmpty(db, { brandName: "Escale" });
    carts = createCartRepository({ db, catalog: createCatalogRepository(db) });
    const offers = await db.rows<{ id: number; shop_id: number }>(sql`
      select o.id, o.shop_id from offers o join variants v on v.id = o.variant_id join products p on p.id = v.product_id
      where p.tax_rate_bp = 2000 order by o.id limit 2`);
    const [first, second] = offers;
    if (!first || !second) throw new Error("the demo catalogue has too few offers");
    offerIds = [first.id, second.id];
    await db.rows(sql`update offers set regular_price_cents = 1990, discount_price_cents = null, min_order_quantity = 1, max_order_quantity = null
                      where id in (${first.id}, ${second.id})`);
    const [home] = await db.rows<{ id: number }>(sql`select id from shipment_methods where carrier = 'DOS'`);
    if (!home) throw new Error("no DOS method");
    methodByShop = new Map(offers.map((offer) => [offer.shop_id, home.id]));
    customers = [];
    for (let index = 0; index < CARTS; index += 1) {
      const uuid = randomUUID();
      const [row] = await db.rows<{ id: number }>(sql`
        insert into customers (uuid, email, password_hash, first_name, last_name, locale, customer_group)
        values (${uuid}, ${`${uuid}@example.com`}, 'not-a-hash', 'Jeanne', 'Dupont', 'fr_FR', 'GENERAL_PUBLIC') returning id`);
      await db.rows(sql`
        insert into customer_addresses (customer_id, name, first_name, last_name, street, city, post_code, country, phone)
        values (${row?.id}, 'Maison', 'Jeanne', 'Dupont', '12 rue de Rivoli', 'Paris', '75001', 'FR', '+33612345678')`);
      customers.push(uuid);
    }
  });
  afterAll(() => db?.close());

  // Prices, address and method never change: the amount of a cart depends on its quantities only.
  const amounts = new Map<string, number>();
  async function amountOf(cartUuid: string, index: number, quantities: readonly number[]): Promise<number> {
    const key = quantities.join(":");
    const known = amounts.get(key);
    if (known !== undefined) return known;
    const row = await carts.find(cartUuid, { customerId: customers[index] ?? null });
    if (!row) throw new Error("the cart is not found");
    const view = await carts.view(row, "fr");
    const amount = (view.specialPrice ?? view.totalPrice).taxIncluded;
    amounts.set(key, amount);
    return amount;
  }

  /** Empties the ledger's tables and makes the plan's carts, ready to pay; answers their uuids and amounts. */
  async function reset(plan: Plan): Promise<{ uuid: string; amount: number }[]> {
    await db.rows(sql`delete from jobs where queue = ${PAYMENT_CANCEL_QUEUE}`);
    await db.rows(sql`delete from payment_notifications`);
    await db.rows(sql`delete from payments`);
    await db.rows(sql`delete from orders`);
    await db.rows(sql`delete from carts where customer_id in (${sql.join(customers, sql`, `)})`);
    for (const [index, offerId] of offerIds.entries()) await db.rows(sql`update offers set stock_quantity = ${plan.stock[index]} where id = ${offerId}`);
    const made: { uuid: string; amount: number }[] = [];
    for (const [index, quantities] of plan.carts.entries()) {
      const [cart] = await db.rows<{ id: number; uuid: string }>(sql`
        insert into carts (customer_id, shipping_address, billing_address_name)
        values (${customers[index]}, ${JSON.stringify(ADDRESS)}::jsonb, 'Maison') returning id, uuid`);
      if (!cart) throw new Error("no cart");
      for (const [line, quantity] of quantities.entries()) {
        if (quantity > 0) await db.rows(sql`insert into cart_lines (cart_id, offer_id, quantity) values (${cart.id}, ${offerIds[line]}, ${quantity})`);
      }
      for (const [shopId, methodId] of methodByShop) {
        await db.rows(sql`insert into cart_shipment_methods (cart_id, shop_id, method_id) values (${cart.id}, ${shopId}, ${methodId}) on conflict do nothing`);
      }
      made.push({ uuid: cart.uuid, amount: await amountOf(cart.uuid, index, quantities) });
    }
    return made;
  }

  it(`holds over ${RUNS} schedules`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), planArbitrary, async (scheduler, plan) => {
        const made = await reset(plan);
        const provider = scriptedGateway();
        const authorisedByProvider = new Set<string>();
        const noteAuthorised = (result: GatewayResult) => {
          if (result.resultCode === "Authorised" && result.pspReference) authorisedByProvider.add(result.pspReference);
          return result;
        };
        // The provider's answers come back in an order fast-check chooses.
        const gateway: PaymentGateway = {
          ...provider.gateway,
          payments: (request) => scheduler.schedule(provider.gateway.payments(request)).then(noteAuthorised),
          paymentDetails: (request) => scheduler.schedule(provider.gateway.paymentDetails(request)).then(noteAuthorised),
        };
        let offset = 0;
        const now = () => new Date(Date.now() + offset);
        const ledger: PaymentLedger = createPaymentLedger({ db, carts, gateway, publicUrl: "https://boutique.example.com", now, onOrderPlaced: async () => undefined });
        const shopChanges = [0, 0];

        const latest = (cart: number, kinds?: CardScript[]) => {
          const uuid = made[cart]?.uuid ?? "";
          return provider.attemptsOfCart(uuid).find((attempt) => !kinds || kinds.includes(attempt.script));
        };
        const run = async (op: Op): Promise<void> => {
          switch (op.kind) {
            case "pay": {
              const cart = made[op.cart];
              if (!cart) return;
              await ledger.initiate({
                customerId: customers[op.cart] ?? "",
                cartUuid: cart.uuid,
                amountCents: cart.amount,
                locale: "fr_FR",
                paymentMethod: { type: "scheme", script: op.script },
                returnUrl: `https://boutique.example.com/fr/commande/paiement/retour?cartUuid=${cart.uuid}`,
              });
              return;
            }
            case "details": {
              const attempt = latest(op.cart, ["challenge", "redirect"]);
              if (attempt) await ledger.submitDetails({ customerId: customers[op.cart] ?? "", details: provider.details(attempt.pspReference, op.pass ? "pass" : "fail") });
              return;
            }
            case "notify": {
              const attempt = latest(op.cart);
              if (!attempt) return;
              const item = provider.notification({
                pspReference: attempt.pspReference,
                merchantReference: attempt.request.reference,
                eventCode: "AUTHORISATION",
                success: op.success ? "true" : "false",
                amount: attempt.request.amount,
              });
              if (op.success) authorisedByProvider.add(attempt.pspReference);
              for (let time = 0; time < op.times; time += 1) await ledger.receiveNotification(item);
              return;
            }
            case "expire":
              offset += RESERVATION_PLUS_MS;
              await ledger.expireReservations();
              return;
            case "restock": {
              const offerId = offerIds[op.offer];
              const changed = await db.rows<{ id: number }>(sql`
                update offers set stock_quantity = stock_quantity + ${op.delta} where id = ${offerId} and stock_quantity + ${op.delta} >= 0 returning id`);
              if (changed.length === 1) shopChanges[op.offer] = (shopChanges[op.offer] ?? 0) + op.delta;
              return;
            }
            case "reopen":
              await ledger.reopenFailedCart({ cartUuid: made[op.cart]?.uuid ?? "", requester: { customerId: customers[op.cart] ?? null } });
              return;
            case "cancel": {
              const attempt = latest(op.cart);
              if (!attempt || !authorisedByProvider.has(attempt.pspReference)) return;
              await ledger.receiveNotification(
                provider.notification({
                  pspReference: `${attempt.pspReference}C`,
                  originalReference: attempt.pspReference,
                  merchantReference: attempt.request.reference,
                  eventCode: "CANCELLATION",
                  success: "true",
                  amount: attempt.request.amount,
                }),
              );
              return;
            }
          }
        };
        const expected = (error: unknown) => error instanceof GatewayUnavailableError || error instanceof GatewayRejectedError;
        const tasks = plan.ops.map((op) =>
          scheduler.schedule(Promise.resolve(op.kind)).then(() =>
            run(op).catch((error: unknown) => {
              if (!expected(error)) throw error;
            }),
          ),
        );
        const settled = await scheduler.waitFor(Promise.allSettled(tasks));
        for (const outcome of settled) if (outcome.status === "rejected") throw outcome.reason;

        await expectLedgerInvariants(db, {
          offers: offerIds.map((id, index) => ({ id, stock: (plan.stock[index] ?? 0) + (shopChanges[index] ?? 0) })),
          cartUuids: made.map((cart) => cart.uuid),
          authorisedByProvider,
        });
      }),
      { numRuns: RUNS },
    );
  }, 900_000);
});
