import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachAnonymousCart } from "../../server/modules/cart/attach-anonymous-cart.ts";
import { cartPurge, purgeAbandonedCarts } from "../../server/modules/cart/cart-purge.ts";
import { createJobWorker } from "../../server/platform/job-queue.ts";
import { silentLogger } from "../../server/platform/logger.ts";
import { DEMO_COUPONS } from "../../server/seed/coupons.ts";
import { backends, startTestApp, type TestApp } from "../support/test-app.ts";
import { cartClient, cartOf, fakeSessions, lineOf, offerPool, type Cart } from "./cart-fixtures.ts";
import { waitFor } from "../support/wait-for.ts";

describe.each(backends())("cart lifecycle on $name", (backend) => {
  let shop: TestApp;
  let offers: Awaited<ReturnType<typeof offerPool>>;
  let api: ReturnType<typeof cartClient>;
  const customers = fakeSessions();

  beforeAll(async () => {
    shop = await startTestApp(backend, { app: { sessions: customers.sessions } });
    offers = await offerPool(shop);
    api = cartClient(shop);
  });
  afterAll(() => shop?.close());

  const newCart = async (offerId: number, quantity: number, headers: Record<string, string> = {}) =>
    cartOf(await api.setQuantity({ offerId, quantity }, headers));
  const quantities = (cart: Cart) => Object.fromEntries(cart.cartItems.map((item) => [`${item.offerId}${item.isGift ? "-gift" : ""}`, item.quantity]));
  const cartExists = async (id: number) => (await shop.db.rows(sql`select 1 from carts where id = ${id}`)).length > 0;
  const ageCart = (id: number, hours: number) =>
    shop.db.rows(sql`update carts set last_used_at = now() - make_interval(hours => ${hours}) where id = ${id}`);

  describe("concurrent quantity updates", () => {
    it("keeps every line when 50 updates of one cart run at once, on different offers and on the same one", async () => {
      const first = await offers.take({ stock: 100, regular: 1000, max: null });
      const cart = await newCart(first, 1);
      const different = await Promise.all(Array.from({ length: 25 }, (_, index) => offers.take({ stock: 100, regular: 500 + index, max: null })));
      const same = await offers.take({ stock: 100, regular: 700, max: null });

      const responses = await Promise.all([
        ...different.map((offerId, index) => api.setQuantity({ offerId, quantity: index + 1, shoppingCartId: cart.uuid })),
        ...Array.from({ length: 25 }, (_, index) => api.setQuantity({ offerId: same, quantity: index + 1, shoppingCartId: cart.uuid })),
      ]);
      expect(responses.map((response) => response.statusCode)).toEqual(Array.from({ length: 50 }, () => 200));

      const final = cartOf(await api.get(cart.uuid));
      expect(final.cartItems).toHaveLength(27);
      expect(lineOf(final, first)?.quantity).toBe(1);
      different.forEach((offerId, index) => expect(lineOf(final, offerId)?.quantity, `offer ${offerId}`).toBe(index + 1));
      const sameQuantity = lineOf(final, same)?.quantity ?? 0;
      expect(sameQuantity).toBeGreaterThanOrEqual(1);
      expect(sameQuantity).toBeLessThanOrEqual(25);
      const [sameLines] = await shop.db.rows<{ n: number }>(sql`select count(*)::int as n from cart_lines where cart_id = ${cart.id} and offer_id = ${same}`);
      expect(sameLines?.n).toBe(1);

      const expected = 1000 + different.reduce((sum, _offerId, index) => sum + (500 + index) * (index + 1), 0) + 700 * sameQuantity;
      expect(final.totalPrice.taxIncluded).toBe(expected);
      expect(final.totalPrice.taxIncluded).toBe(final.cartItems.reduce((sum, item) => sum + item.taxIncludedTotalPrice, 0));
      expect(final.totalPrice.taxFree).toBe(final.cartItems.reduce((sum, item) => sum + item.price.taxFree, 0));
    });

    it("creates one cart for a customer whose first updates arrive together", async () => {
      const erin = customers.signIn();
      const batch = await Promise.all(Array.from({ length: 20 }, () => offers.take({ stock: 10, regular: 990, max: 10 })));
      const responses = await Promise.all(batch.map((offerId) => api.setQuantity({ offerId, quantity: 2 }, erin.headers)));
      const ids = new Set(responses.map((response) => cartOf(response).id));
      expect(ids.size).toBe(1);
      const [owned] = await shop.db.rows<{ n: number }>(sql`select count(*)::int as n from carts where customer_id = ${erin.customer.id}`);
      expect(owned?.n).toBe(1);
      const mine = cartOf(await api.getCustomer(erin.headers));
      expect(mine.cartItems).toHaveLength(20);
      expect(mine.totalPrice.taxIncluded).toBe(20 * 2 * 990);
    });
  });

  describe("attaching the anonymous cart at sign-in", () => {
    it("makes the anonymous cart the customer's when they have none", async () => {
      const offerId = await offers.take({ stock: 10, regular: 1500, max: 10 });
      const anonymous = await newCart(offerId, 2);
      const frank = customers.signIn();

      expect(await attachAnonymousCart(shop.db, { cartUuid: anonymous.uuid, customerId: frank.customer.id, customerGroup: "GENERAL_PUBLIC" })).toEqual({
        cartId: anonymous.id,
      });
      const mine = cartOf(await api.getCustomer(frank.headers));
      expect(mine.id).toBe(anonymous.id);
      expect(quantities(mine)).toEqual({ [offerId]: 2 });
      // No longer anonymous: nobody else can read it.
      expect((await api.get(anonymous.uuid)).statusCode).toBe(404);
    });

    it("merges the lines into the customer's cart, adding quantities capped by stock and maximum, then deletes the anonymous cart", async () => {
      const gina = customers.signIn();
      const [shared, capped, ownOnly, newOne, soldOut] = [
        await offers.take({ stock: 5, regular: 2000, max: 10 }),
        await offers.take({ stock: 50, regular: 1000, max: 3 }),
        await offers.take({ stock: 10, regular: 3000, max: 10 }),
        await offers.take({ stock: 10, regular: 4000, max: 10 }),
        await offers.take({ stock: 10, regular: 500, max: 10 }),
      ];
      const own = await newCart(shared, 2, gina.headers);
      await api.setQuantity({ offerId: capped, quantity: 2, shoppingCartId: own.uuid }, gina.headers);
      await api.setQuantity({ offerId: ownOnly, quantity: 1, shoppingCartId: own.uuid }, gina.headers);

      const anonymous = await newCart(shared, 4);
      for (const [offerId, quantity] of [
        [capped, 2],
        [newOne, 3],
        [soldOut, 1],
      ] as const) {
        await api.setQuantity({ offerId, quantity, shoppingCartId: anonymous.uuid });
      }
      expect((await api.setCoupon(anonymous.uuid, DEMO_COUPONS.percent)).statusCode).toBe(200);
      await shop.db.rows(sql`update offers set stock_quantity = 0 where id = ${soldOut}`);

      expect(await attachAnonymousCart(shop.db, { cartUuid: anonymous.uuid, customerId: gina.customer.id, customerGroup: "GENERAL_PUBLIC" })).toEqual({
        cartId: own.id,
      });
      const merged = cartOf(await api.getCustomer(gina.headers));
      expect(merged.id).toBe(own.id);
      expect(quantities(merged)).toEqual({ [shared]: 5, [capped]: 3, [ownOnly]: 1, [newOne]: 3 });
      expect(merged.coupon?.code).toBe(DEMO_COUPONS.percent);
      expect(merged.specialPrice?.taxIncluded).toBe(Math.round(merged.totalPrice.taxIncluded * 0.9));
      expect(await cartExists(anonymous.id)).toBe(false);
    });

    it("keeps the customer's own coupon over the anonymous cart's", async () => {
      const hugo = customers.signIn();
      const offerId = await offers.take({ stock: 20, regular: 12_000, max: 10 });
      const own = await newCart(offerId, 1, hugo.headers);
      expect((await api.setCoupon(own.uuid, DEMO_COUPONS.amount, hugo.headers)).statusCode).toBe(200);
      const anonymous = await newCart(offerId, 1);
      expect((await api.setCoupon(anonymous.uuid, DEMO_COUPONS.percent)).statusCode).toBe(200);

      await attachAnonymousCart(shop.db, { cartUuid: anonymous.uuid, customerId: hugo.customer.id, customerGroup: "GENERAL_PUBLIC" });
      const merged = cartOf(await api.getCustomer(hugo.headers));
      expect(merged.coupon?.code).toBe(DEMO_COUPONS.amount);
      expect(quantities(merged)).toEqual({ [offerId]: 2 });
    });

    it("ignores customers of other groups, unknown ids and carts that already have an owner", async () => {
      const offerId = await offers.take({ stock: 20, regular: 1000, max: 10 });
      const anonymous = await newCart(offerId, 1);
      const staff = customers.signIn("GPNET");
      const own = await newCart(offerId, 2, staff.headers);

      expect(await attachAnonymousCart(shop.db, { cartUuid: anonymous.uuid, customerId: staff.customer.id, customerGroup: "GPNET" })).toBeNull();
      expect(cartOf(await api.get(anonymous.uuid)).id).toBe(anonymous.id);
      expect(quantities(cartOf(await api.getCustomer(staff.headers)))).toEqual({ [offerId]: 2 });

      const ivy = customers.signIn();
      expect(await attachAnonymousCart(shop.db, { cartUuid: randomUUID(), customerId: ivy.customer.id, customerGroup: "GENERAL_PUBLIC" })).toBeNull();
      expect(await attachAnonymousCart(shop.db, { cartUuid: own.uuid, customerId: ivy.customer.id, customerGroup: "GENERAL_PUBLIC" })).toBeNull();
      expect((await api.getCustomer(ivy.headers)).statusCode).toBe(204);
      expect(quantities(cartOf(await api.getCustomer(staff.headers)))).toEqual({ [offerId]: 2 });
    });

    it("takes part in the sign-in's transaction: undone when the sign-in fails", async () => {
      const offerId = await offers.take({ stock: 20, regular: 1000, max: 10 });
      const anonymous = await newCart(offerId, 1);
      const jules = customers.signIn();
      const input = { cartUuid: anonymous.uuid, customerId: jules.customer.id, customerGroup: "GENERAL_PUBLIC" as const };

      await expect(
        shop.db.orm.transaction(async (tx) => {
          await attachAnonymousCart(tx, input);
          throw new Error("sign-in failed");
        }),
      ).rejects.toThrow("sign-in failed");
      expect(cartOf(await api.get(anonymous.uuid)).id).toBe(anonymous.id);

      expect(await shop.db.orm.transaction((tx) => attachAnonymousCart(tx, input))).toEqual({ cartId: anonymous.id });
      expect(cartOf(await api.getCustomer(jules.headers)).id).toBe(anonymous.id);
    });
  });

  describe("purging abandoned carts", () => {
    it("deletes anonymous carts unused for a day, with their lines, and keeps customers' carts and recent ones", async () => {
      const offerId = await offers.take({ stock: 20, regular: 1000, max: 10 });
      const abandoned = await newCart(offerId, 1);
      const recent = await newCart(offerId, 1);
      const kate = customers.signIn();
      const customerCart = await newCart(offerId, 1, kate.headers);
      await ageCart(abandoned.id, 25);
      await ageCart(recent.id, 23);
      await ageCart(customerCart.id, 24 * 30);

      expect(await purgeAbandonedCarts(shop.db)).toBe(1);
      expect(await cartExists(abandoned.id)).toBe(false);
      const [lines] = await shop.db.rows<{ n: number }>(sql`select count(*)::int as n from cart_lines where cart_id = ${abandoned.id}`);
      expect(lines?.n).toBe(0);
      expect((await api.get(abandoned.uuid)).statusCode).toBe(404);
      expect(await cartExists(recent.id)).toBe(true);
      expect(cartOf(await api.getCustomer(kate.headers)).id).toBe(customerCart.id);
      expect(await purgeAbandonedCarts(shop.db)).toBe(0);
      expect((await api.remove(recent.uuid)).statusCode).toBe(204);
    });

    it("counts reading a cart as using it", async () => {
      const offerId = await offers.take({ stock: 20, regular: 1000, max: 10 });
      const read = await newCart(offerId, 1);
      const unread = await newCart(offerId, 1);
      await ageCart(read.id, 2);
      await ageCart(unread.id, 2);
      cartOf(await api.get(read.uuid));

      expect(await purgeAbandonedCarts(shop.db, 60 * 60 * 1000)).toBe(1);
      expect(await cartExists(read.id)).toBe(true);
      expect(await cartExists(unread.id)).toBe(false);
    });

    it("runs as a recurring job of the queue", async () => {
      const abandoned = await newCart(await offers.take({ stock: 20, regular: 1000, max: 10 }), 1);
      await ageCart(abandoned.id, 48);
      const worker = createJobWorker({ db: shop.db, log: silentLogger, pollIntervalMs: 10 });
      worker.schedule(cartPurge({ db: shop.db, log: silentLogger, intervalMs: 10 }));
      await worker.start();
      try {
        await waitFor(async () => ((await cartExists(abandoned.id)) ? undefined : true), "the purge of the abandoned cart");
      } finally {
        await worker.stop();
      }
    });
  });
});
