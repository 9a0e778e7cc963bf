import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_COUPONS, GIFT_PRODUCT_REFERENCE, demoCoupons } from "../../server/seed/coupons.ts";
import { backends, startTestApp, type TestApp } from "../support/test-app.ts";
import { cartClient, cartOf, fakeSessions, lineOf, offerPool, type Schemas } from "./cart-fixtures.ts";

describe.each(backends())("the cart API on $name", (backend) => {
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

  const newCart = async (offerId: number, quantity: number) => cartOf(await api.setQuantity({ offerId, quantity }));
  const lock = (cartId: number) => shop.db.rows(sql`update carts set locked_at = now() where id = ${cartId}`);

  describe("quantities", () => {
    it("creates an anonymous cart with the line, its offer, product and prices", async () => {
      const offerId = await offers.take({ stock: 40, regular: 4990, discount: 3990, max: 10 });
      const cart = await newCart(offerId, 2);

      expect(cart.id).toBeGreaterThan(0);
      expect(cart.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(cart).toMatchObject({
        coupon: null,
        billingAddress: null,
        shippingAddress: null,
        specialPrice: null,
        shippingPrice: null,
        shipments: [],
        customCardMessage: null,
      });
      expect(cart.cartItems).toHaveLength(1);
      const [line] = cart.cartItems;
      expect(line).toMatchObject({
        quantity: 2,
        offerId,
        isGift: false,
        offer: { id: offerId, stockQuantity: 40, minimalOrderQuantity: 1, maximalOrderQuantity: 10 },
        unitPrice: {
          regular: { taxIncluded: 4990, taxFree: 4158, taxRate: 20, taxAmount: 832 },
          discount: { taxIncluded: 3990, taxFree: 3325, taxRate: 20, taxAmount: 665 },
        },
        price: { taxIncluded: 7980, taxFree: 6650, taxRate: 20, taxAmount: 1330 },
        taxIncludedTotalPrice: 7980,
      });
      expect(line?.product.name).toEqual(expect.any(String));
      expect(line?.variantReference).toEqual(expect.any(String));
      expect(cart.totalPrice).toEqual({ taxIncluded: 7980, taxFree: 6650, taxRate: 20, taxAmount: 1330 });

      // The cart is kept: reading it by id gives the same.
      expect(cartOf(await api.get(cart.uuid))).toEqual(cart);
    });

    it("sets a line's quantity, adds other lines in order, and removes a line at 0", async () => {
      const [first, second] = [await offers.take({ stock: 30, regular: 1000, max: 20 }), await offers.take({ stock: 30, regular: 2000, max: 20 })];
      const created = await newCart(first, 1);
      const id = created.uuid;

      const updated = cartOf(await api.setQuantity({ offerId: first, quantity: 5, shoppingCartId: id }));
      expect(updated.uuid).toBe(id);
      expect(updated.cartItems.map((item) => [item.offerId, item.quantity])).toEqual([[first, 5]]);

      const both = cartOf(await api.setQuantity({ offerId: second, quantity: 2, shoppingCartId: id }));
      expect(both.cartItems.map((item) => [item.offerId, item.quantity])).toEqual([
        [first, 5],
        [second, 2],
      ]);
      expect(both.totalPrice.taxIncluded).toBe(5 * 1000 + 2 * 2000);

      const removed = cartOf(await api.setQuantity({ offerId: first, quantity: 0, shoppingCartId: id }));
      expect(removed.cartItems.map((item) => [item.offerId, item.quantity])).toEqual([[second, 2]]);
      expect(removed.totalPrice.taxIncluded).toBe(4000);

      const empty = cartOf(await api.setQuantity({ offerId: second, quantity: 0, shoppingCartId: id }));
      expect(empty.cartItems).toEqual([]);
      expect(empty.totalPrice).toEqual({ taxIncluded: 0, taxFree: 0, taxRate: 0, taxAmount: 0 });
    });

    it("refuses more than the stock with 409 QUANTITY_EXCEEDS_STOCK, changing nothing", async () => {
      const offerId = await offers.take({ stock: 3, regular: 1500, max: 10 });
      const cart = await newCart(offerId, 2);

      const refused = await api.setQuantity({ offerId, quantity: 4, shoppingCartId: cart.uuid });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ status: 409, code: "QUANTITY_EXCEEDS_STOCK" });
      expect(lineOf(cartOf(await api.get(cart.uuid)), offerId)?.quantity).toBe(2);

      expect(lineOf(cartOf(await api.setQuantity({ offerId, quantity: 3, shoppingCartId: cart.uuid })), offerId)?.quantity).toBe(3);

      const soldOut = await offers.take({ stock: 0, regular: 1500 });
      const none = await api.setQuantity({ offerId: soldOut, quantity: 1, shoppingCartId: cart.uuid });
      expect(none.json()).toMatchObject({ status: 409, code: "QUANTITY_EXCEEDS_STOCK" });
      // A refused first line creates no cart.
      const [before] = await shop.db.rows<{ n: number }>(sql`select count(*)::int as n from carts`);
      expect((await api.setQuantity({ offerId: soldOut, quantity: 1 })).statusCode).toBe(409);
      const [after] = await shop.db.rows<{ n: number }>(sql`select count(*)::int as n from carts`);
      expect(after?.n).toBe(before?.n);
    });

    it("refuses quantities outside the offer's minimal and maximal order quantity with 409 QUANTITY_OUT_OF_BOUNDS", async () => {
      const offerId = await offers.take({ stock: 50, regular: 800, min: 2, max: 6 });
      const below = await api.setQuantity({ offerId, quantity: 1 });
      expect(below.statusCode).toBe(409);
      expect(below.json()).toMatchObject({ status: 409, code: "QUANTITY_OUT_OF_BOUNDS" });

      const cart = await newCart(offerId, 2);
      const above = await api.setQuantity({ offerId, quantity: 7, shoppingCartId: cart.uuid });
      expect(above.json()).toMatchObject({ status: 409, code: "QUANTITY_OUT_OF_BOUNDS" });
      expect(lineOf(cartOf(await api.setQuantity({ offerId, quantity: 6, shoppingCartId: cart.uuid })), offerId)?.quantity).toBe(6);
      // Removing is always allowed, whatever the minimum.
      expect(cartOf(await api.setQuantity({ offerId, quantity: 0, shoppingCartId: cart.uuid })).cartItems).toEqual([]);
    });

    it.each([
      ["a negative quantity", { offerId: 1, quantity: -1 }, "quantity"],
      ["a fractional quantity", { offerId: 1, quantity: 1.5 }, "quantity"],
      ["a quantity that is not a number", { offerId: 1, quantity: "deux" }, "quantity"],
      ["no quantity", { offerId: 1 }, "quantity"],
      ["a quantity above 999", { offerId: 1, quantity: 1000 }, "quantity"],
      ["no offer", { quantity: 1 }, "offerId"],
      ["offer 0", { offerId: 0, quantity: 1 }, "offerId"],
      ["a cart id that is not a number", { offerId: 1, quantity: 1, shoppingCartId: "abc" }, "shoppingCartId"],
      ["an unknown property", { offerId: 1, quantity: 1, price: 1 }, "price"],
    ])("answers 400 naming the field for %s", async (_case, body, field) => {
      const response = await api.setQuantity(body);
      expect(response.statusCode).toBe(400);
      const error = response.json<Schemas["Error"]>();
      expect(error).toMatchObject({ status: 400, code: "VALIDATION_FAILED" });
      expect(error.fields?.[0]?.field).toBe(field);
    });

    it("answers 404 for an unknown offer or cart", async () => {
      const offerId = await offers.take({ stock: 5, regular: 900 });
      const noOffer = await api.setQuantity({ offerId: 2_000_000_000, quantity: 1 });
      expect(noOffer.statusCode).toBe(404);
      expect(noOffer.json()).toMatchObject({ status: 404, code: "OFFER_NOT_FOUND" });

      for (const cartId of [randomUUID(), randomUUID().toUpperCase()]) {
        const noCart = await api.setQuantity({ offerId, quantity: 1, shoppingCartId: cartId });
        expect(noCart.statusCode, cartId).toBe(404);
        expect(noCart.json()).toMatchObject({ status: 404, code: "NOT_FOUND" });
        expect((await api.get(cartId)).statusCode).toBe(404);
        expect((await api.remove(cartId)).statusCode).toBe(404);
        expect((await api.setCoupon(cartId, DEMO_COUPONS.percent)).statusCode).toBe(404);
        expect((await api.removeCoupon(cartId)).statusCode).toBe(404);
      }
      expect((await api.get("abc")).json()).toMatchObject({ status: 400, fields: [{ field: "id" }] });
    });

    it("names carts by an unguessable uuid: sequential ids reach no cart, and no cart's uuid follows from another's", async () => {
      const offerId = await offers.take({ stock: 20, regular: 500 });
      const made = [];
      for (let count = 0; count < 3; count += 1) made.push(cartOf(await api.setQuantity({ offerId, quantity: 1 })));
      // Version 4: 122 random bits.
      for (const cart of made) expect(cart.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(new Set(made.map((cart) => cart.uuid)).size).toBe(3);

      for (const guess of [...made.map((cart) => String(cart.id)), "1", "2", "3", "4"]) {
        for (const response of [
          await api.get(guess),
          await api.remove(guess),
          await api.setCoupon(guess, DEMO_COUPONS.percent),
          await api.removeCoupon(guess),
          await shop.request({
            method: "PUT",
            url: "/api/v1/shopping-cart/set-offer-quantity",
            payload: { offerId, quantity: 5, shoppingCartId: Number(guess) },
          }),
        ]) {
          expect(response.statusCode, guess).toBe(400);
          expect(response.json()).toMatchObject({ status: 400, code: "VALIDATION_FAILED" });
          expect(response.body).not.toContain("cartItems");
        }
      }
      // Nothing was changed by the guesses.
      for (const cart of made) expect(lineOf(cartOf(await api.get(cart.uuid)), offerId)?.quantity).toBe(1);
    });
  });

  describe("pictures", () => {
    it("shows a line with its variant's own picture, not the product's cover", async () => {
      const [chosen] = await shop.db.rows<{ offer_id: number; picture_id: number; cover_id: number }>(sql`
        select o.id as offer_id, vp.id as picture_id, cover.id as cover_id
        from pictures vp
        join offers o on o.variant_id = vp.variant_id
        join pictures cover on cover.product_id = vp.product_id and cover.is_cover
        where vp.variant_id is not null and vp.video_url is null and vp.id <> cover.id and o.stock_quantity > 0
          and o.min_order_quantity <= 1
          and not exists (select 1 from pictures other where other.variant_id = vp.variant_id and other.video_url is null
                          and (other.is_cover and not vp.is_cover or other.is_cover = vp.is_cover and other.position < vp.position))
        order by vp.id limit 1`);
      if (!chosen) throw new Error("the demo catalogue has no variant with a picture of its own");
      const cart = await newCart(chosen.offer_id, 1);
      const line = lineOf(cart, chosen.offer_id);
      expect(line?.product.coverPicture?.id).toBe(chosen.picture_id);
      expect(line?.product.coverPicture?.id).not.toBe(chosen.cover_id);
    });
  });

  describe("totals and taxes", () => {
    it("derives tax-free amounts per line from the tax-included total, to the cent, and adds them up", async () => {
      const standard = await offers.take({ stock: 20, regular: 1990, max: 10 });
      const book = await offers.take({ stock: 20, regular: 2500, max: 10 }, 550);
      const cart = await newCart(standard, 3);
      const both = cartOf(await api.setQuantity({ offerId: book, quantity: 1, shoppingCartId: cart.uuid }));

      // 3 × 19.90 € at 20 %: 59.70 € of which 49.75 € tax-free.
      expect(lineOf(both, standard)?.price).toEqual({ taxIncluded: 5970, taxFree: 4975, taxRate: 20, taxAmount: 995 });
      // 25.00 € at 5.5 %: 2500 / 1.055 = 2369.67 → 2370.
      expect(lineOf(both, book)?.price).toEqual({ taxIncluded: 2500, taxFree: 2370, taxRate: 5.5, taxAmount: 130 });
      // Mixed rates: the effective rate, 1125 / 7345 = 15.32 %.
      expect(both.totalPrice).toEqual({ taxIncluded: 8470, taxFree: 7345, taxRate: 15.32, taxAmount: 1125 });
    });

    it("rounds half a cent up", async () => {
      // 59.97 € / 1.2 = 49.975 € → 49.98 €.
      const offerId = await offers.take({ stock: 5, regular: 5997 });
      expect(lineOf(await newCart(offerId, 1), offerId)?.price).toEqual({ taxIncluded: 5997, taxFree: 4998, taxRate: 20, taxAmount: 999 });
    });

    it("follows the offer's current price", async () => {
      const offerId = await offers.take({ stock: 5, regular: 3000 });
      const cart = await newCart(offerId, 1);
      await shop.db.rows(sql`update offers set discount_price_cents = 2400 where id = ${offerId}`);
      const now = cartOf(await api.get(cart.uuid));
      expect(lineOf(now, offerId)?.unitPrice.discount?.taxIncluded).toBe(2400);
      expect(now.totalPrice.taxIncluded).toBe(2400);
    });
  });

  describe("coupons", () => {
    it("takes a percentage off, sharing the reduction among the rates, with the description in the shopper's language", async () => {
      const standard = await offers.take({ stock: 20, regular: 1990, max: 10 });
      const book = await offers.take({ stock: 20, regular: 2500, max: 10 }, 550);
      const cart = await newCart(standard, 3);
      await api.setQuantity({ offerId: book, quantity: 1, shoppingCartId: cart.uuid });

      const withCoupon = cartOf(await api.setCoupon(cart.uuid, " bienvenue10 "));
      expect(withCoupon.coupon).toEqual({ code: DEMO_COUPONS.percent, description: "10 % de réduction sur votre panier" });
      expect(withCoupon.totalPrice).toEqual({ taxIncluded: 8470, taxFree: 7345, taxRate: 15.32, taxAmount: 1125 });
      // 10 % of 84.70 € = 8.47 €: 5.97 € off the 20 % line (53.73 € → 44.78 € tax-free, half up)
      // and 2.50 € off the 5.5 % line (22.50 € → 21.33 € tax-free).
      expect(withCoupon.specialPrice).toEqual({ taxIncluded: 7623, taxFree: 6611, taxRate: 15.31, taxAmount: 1012 });
      // Lines keep their own prices.
      expect(lineOf(withCoupon, standard)?.price.taxIncluded).toBe(5970);

      expect(cartOf(await api.get(cart.uuid, {}, "en_US")).coupon).toEqual({ code: DEMO_COUPONS.percent, description: "10% off your basket" });
    });

    it("refuses a second coupon with 409 COUPON_ALREADY_APPLIED", async () => {
      const cart = await newCart(await offers.take({ stock: 20, regular: 20_000, max: 10 }), 1);
      expect((await api.setCoupon(cart.uuid, DEMO_COUPONS.percent)).statusCode).toBe(200);
      for (const code of [DEMO_COUPONS.percent, DEMO_COUPONS.amount]) {
        const again = await api.setCoupon(cart.uuid, code);
        expect(again.statusCode).toBe(409);
        expect(again.json()).toMatchObject({ status: 409, code: "COUPON_ALREADY_APPLIED" });
      }
      expect(cartOf(await api.get(cart.uuid)).coupon?.code).toBe(DEMO_COUPONS.percent);
    });

    it("answers 404 COUPON_NOT_FOUND for an unknown or expired coupon", async () => {
      const cart = await newCart(await offers.take({ stock: 20, regular: 20_000, max: 10 }), 1);
      for (const code of ["NOPE", DEMO_COUPONS.expired, DEMO_COUPONS.expired.toLowerCase()]) {
        const response = await api.setCoupon(cart.uuid, code);
        expect(response.statusCode, code).toBe(404);
        expect(response.json()).toMatchObject({ status: 404, code: "COUPON_NOT_FOUND" });
      }
      expect(cartOf(await api.get(cart.uuid)).coupon).toBeNull();
      const empty = await api.setCoupon(cart.uuid, "");
      expect(empty.json()).toMatchObject({ status: 400, fields: [{ field: "coupon" }] });
    });

    it("applies a fixed amount from its minimum basket only, and drops it when the basket falls below", async () => {
      const offerId = await offers.take({ stock: 20, regular: 6000, max: 10 });
      const cart = await newCart(offerId, 1);

      const tooSmall = await api.setCoupon(cart.uuid, DEMO_COUPONS.amount);
      expect(tooSmall.statusCode).toBe(409);
      expect(tooSmall.json()).toMatchObject({ status: 409, code: "COUPON_NOT_APPLICABLE" });

      await api.setQuantity({ offerId, quantity: 2, shoppingCartId: cart.uuid });
      const applied = cartOf(await api.setCoupon(cart.uuid, DEMO_COUPONS.amount));
      expect(applied.coupon?.code).toBe(DEMO_COUPONS.amount);
      expect(applied.totalPrice).toEqual({ taxIncluded: 12_000, taxFree: 10_000, taxRate: 20, taxAmount: 2000 });
      expect(applied.specialPrice).toEqual({ taxIncluded: 10_500, taxFree: 8750, taxRate: 20, taxAmount: 1750 });

      const fallen = cartOf(await api.setQuantity({ offerId, quantity: 1, shoppingCartId: cart.uuid }));
      expect(fallen.coupon).toBeNull();
      expect(fallen.specialPrice).toBeNull();
    });

    it("takes off a coupon that expired or stopped applying since it was applied, when the cart is next read", async () => {
      await shop.db.rows(sql`
        insert into coupons (code, kind, percent_off_bp, description_fr, description_en)
        values ('BIENTOTFINI', 'PERCENT', 500, '5 % de réduction', '5% off')`);
      const expiring = await newCart(await offers.take({ stock: 20, regular: 2000, max: 10 }), 1);
      expect(cartOf(await api.setCoupon(expiring.uuid, "BIENTOTFINI")).specialPrice?.taxIncluded).toBe(1900);
      await shop.db.rows(sql`update coupons set valid_until = now() - interval '1 second' where code = 'BIENTOTFINI'`);
      const expired = cartOf(await api.get(expiring.uuid));
      expect(expired.coupon).toBeNull();
      expect(expired.specialPrice).toBeNull();

      const offerId = await offers.take({ stock: 20, regular: 10_000, max: 10 });
      const cart = await newCart(offerId, 1);
      expect(cartOf(await api.setCoupon(cart.uuid, DEMO_COUPONS.amount)).coupon?.code).toBe(DEMO_COUPONS.amount);
      await shop.db.rows(sql`update offers set discount_price_cents = 9000 where id = ${offerId}`);
      expect(cartOf(await api.get(cart.uuid)).coupon).toBeNull();
      // It can be applied again once the basket reaches the minimum.
      await api.setQuantity({ offerId, quantity: 2, shoppingCartId: cart.uuid });
      expect(cartOf(await api.setCoupon(cart.uuid, DEMO_COUPONS.amount)).specialPrice?.taxIncluded).toBe(16_500);
    });

    it("refuses a coupon on an empty cart", async () => {
      const offerId = await offers.take({ stock: 20, regular: 1000 });
      const cart = await newCart(offerId, 1);
      await api.setQuantity({ offerId, quantity: 0, shoppingCartId: cart.uuid });
      expect((await api.setCoupon(cart.uuid, DEMO_COUPONS.percent)).json()).toMatchObject({ status: 409, code: "COUPON_NOT_APPLICABLE" });
    });

    it("adds a free gift line with a gift coupon, and takes it away with the coupon", async () => {
      const [gift] = await shop.db.rows<{ id: number }>(sql`
        select o.id from offers o join variants v on v.id = o.variant_id join products p on p.id = v.product_id
        where p.reference = ${GIFT_PRODUCT_REFERENCE}`);
      if (!gift) throw new Error("no gift offer");
      await shop.db.rows(sql`update offers set stock_quantity = 0 where id = ${gift.id}`);
      const offerId = await offers.take({ stock: 20, regular: 3500, max: 10 });
      const cart = await newCart(offerId, 1);

      // No gift left: the coupon cannot apply.
      expect((await api.setCoupon(cart.uuid, DEMO_COUPONS.gift)).json()).toMatchObject({ status: 409, code: "COUPON_NOT_APPLICABLE" });

      await shop.db.rows(sql`update offers set stock_quantity = 5 where id = ${gift.id}`);
      const withGift = cartOf(await api.setCoupon(cart.uuid, DEMO_COUPONS.gift));
      expect(withGift.coupon).toEqual({ code: DEMO_COUPONS.gift, description: "Une étiquette bagage offerte" });
      const giftLine = lineOf(withGift, gift.id, true);
      expect(giftLine).toMatchObject({
        quantity: 1,
        isGift: true,
        price: { taxIncluded: 0, taxFree: 0, taxAmount: 0 },
        taxIncludedTotalPrice: 0,
        unitPrice: { discount: { taxIncluded: 0, taxFree: 0, taxAmount: 0 } },
      });
      expect(giftLine?.unitPrice.regular.taxIncluded).toBeGreaterThan(0);
      expect(withGift.cartItems.at(-1)?.isGift).toBe(true);
      expect(withGift.totalPrice).toEqual({ taxIncluded: 3500, taxFree: 2917, taxRate: 20, taxAmount: 583 });
      expect(withGift.specialPrice).toEqual(withGift.totalPrice);

      // The same offer bought as well is another line.
      const bought = cartOf(await api.setQuantity({ offerId: gift.id, quantity: 2, shoppingCartId: cart.uuid }));
      expect(lineOf(bought, gift.id)?.quantity).toBe(2);
      expect(lineOf(bought, gift.id, true)?.quantity).toBe(1);
      await api.setQuantity({ offerId: gift.id, quantity: 0, shoppingCartId: cart.uuid });

      const without = cartOf(await api.removeCoupon(cart.uuid));
      expect(without.coupon).toBeNull();
      expect(without.specialPrice).toBeNull();
      expect(without.cartItems.map((item) => [item.offerId, item.isGift])).toEqual([[offerId, false]]);

      const again = await api.removeCoupon(cart.uuid);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ status: 404, code: "COUPON_NOT_FOUND" });

      // Emptying the paid lines takes the coupon and its gift away too.
      cartOf(await api.setCoupon(cart.uuid, DEMO_COUPONS.gift));
      const emptied = cartOf(await api.setQuantity({ offerId, quantity: 0, shoppingCartId: cart.uuid }));
      expect(emptied.coupon).toBeNull();
      expect(emptied.cartItems).toEqual([]);
    });
  });

  describe("ownership", () => {
    it("keeps a customer's cart for that customer: others get 404", async () => {
      const alice = customers.signIn();
      const bob = customers.signIn();
      const offerId = await offers.take({ stock: 20, regular: 1200, max: 10 });

      const mine = cartOf(await api.setQuantity({ offerId, quantity: 2 }, alice.headers));
      expect(cartOf(await api.getCustomer(alice.headers)).id).toBe(mine.id);
      expect(cartOf(await api.get(mine.uuid, alice.headers)).id).toBe(mine.id);
      // Without a cart id, the customer's own cart is used again.
      expect(cartOf(await api.setQuantity({ offerId, quantity: 3 }, alice.headers)).id).toBe(mine.id);

      for (const headers of [{}, bob.headers]) {
        expect((await api.get(mine.uuid, headers)).statusCode).toBe(404);
        expect((await api.setQuantity({ offerId, quantity: 1, shoppingCartId: mine.uuid }, headers)).statusCode).toBe(404);
        expect((await api.setCoupon(mine.uuid, DEMO_COUPONS.percent, headers)).statusCode).toBe(404);
        expect((await api.removeCoupon(mine.uuid, headers)).statusCode).toBe(404);
        expect((await api.remove(mine.uuid, headers)).statusCode).toBe(404);
      }
      expect(lineOf(cartOf(await api.get(mine.uuid, alice.headers)), offerId)?.quantity).toBe(3);
    });

    it("lets anyone with its id use an anonymous cart, signed in or not", async () => {
      const offerId = await offers.take({ stock: 20, regular: 1200, max: 10 });
      const cart = await newCart(offerId, 1);
      const carol = customers.signIn();
      expect(cartOf(await api.get(cart.uuid, carol.headers)).id).toBe(cart.id);
      expect(lineOf(cartOf(await api.setQuantity({ offerId, quantity: 2, shoppingCartId: cart.uuid }, carol.headers)), offerId)?.quantity).toBe(2);
      // Using it does not make it the customer's.
      expect((await api.getCustomer(carol.headers)).statusCode).toBe(204);
      expect(cartOf(await api.get(cart.uuid)).id).toBe(cart.id);
    });

    it("answers the customer's cart only to a signed-in customer", async () => {
      const missing = await api.getCustomer();
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toMatchObject({ status: 401, code: "CUSTOMER_TOKEN_INVALID" });

      const invalid = { "x-customer-authorization": "Bearer forged" };
      for (const response of [await api.getCustomer(invalid), await api.get(randomUUID(), invalid), await api.setQuantity({ offerId: 1, quantity: 1 }, invalid)]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ status: 401, code: "CUSTOMER_TOKEN_INVALID" });
      }
      const cartless = customers.signIn();
      // No cart yet is not an error (a browser would log a 404): 204 without a body.
      const none = await api.getCustomer(cartless.headers);
      expect(none.statusCode).toBe(204);
      expect(none.body).toBe("");
    });
  });

  describe("deleting", () => {
    it("deletes a cart and its lines", async () => {
      const offerId = await offers.take({ stock: 20, regular: 1200, max: 10 });
      const cart = await newCart(offerId, 1);
      const deleted = await api.remove(cart.uuid);
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe("");
      expect((await api.get(cart.uuid)).statusCode).toBe(404);
      const [lines] = await shop.db.rows<{ n: number }>(sql`select count(*)::int as n from cart_lines where cart_id = ${cart.id}`);
      expect(lines?.n).toBe(0);
      expect((await api.remove(cart.uuid)).statusCode).toBe(404);
    });

    it("deletes a customer's cart for that customer", async () => {
      const dave = customers.signIn();
      const cart = cartOf(await api.setQuantity({ offerId: await offers.take({ stock: 20, regular: 1200 }), quantity: 1 }, dave.headers));
      expect((await api.remove(cart.uuid, dave.headers)).statusCode).toBe(204);
      expect((await api.getCustomer(dave.headers)).statusCode).toBe(204);
    });

    it("changes nothing in a cart whose payment is in progress: 409 CART_LOCKED", async () => {
      const offerId = await offers.take({ stock: 20, regular: 20_000, max: 10 });
      const cart = await newCart(offerId, 1);
      await lock(cart.id);
      for (const response of [
        await api.setQuantity({ offerId, quantity: 2, shoppingCartId: cart.uuid }),
        await api.setCoupon(cart.uuid, DEMO_COUPONS.percent),
        await api.removeCoupon(cart.uuid),
        await api.remove(cart.uuid),
      ]) {
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ status: 409, code: "CART_LOCKED" });
      }
      const kept = cartOf(await api.get(cart.uuid));
      expect(lineOf(kept, offerId)?.quantity).toBe(1);
      expect(kept.coupon).toBeNull();
    });
  });

  describe("demo coupons", () => {
    it("are seeded once: a percentage, a fixed amount with a minimum basket, a gift and an expired one", async () => {
      const rows = await shop.db.rows<{ code: string; kind: string; minimum_basket_cents: number; expired: boolean; gift_offer_id: number | null }>(sql`
        select code, kind, minimum_basket_cents, (valid_until is not null and valid_until <= now()) as expired, gift_offer_id
        from coupons where code in (${sql.join(Object.values(DEMO_COUPONS), sql`, `)}) order by code`);
      expect(rows.map((row) => row.code).sort()).toEqual(Object.values(DEMO_COUPONS).sort());
      expect(await demoCoupons.seedIfEmpty(shop.db, { brandName: "Escale" })).toBe(false);
      const byCode = new Map(rows.map((row) => [row.code, row]));
      expect(byCode.get(DEMO_COUPONS.percent)).toMatchObject({ kind: "PERCENT", expired: false });
      expect(byCode.get(DEMO_COUPONS.amount)).toMatchObject({ kind: "AMOUNT", minimum_basket_cents: 10_000, expired: false });
      expect(byCode.get(DEMO_COUPONS.gift)).toMatchObject({ kind: "GIFT", gift_offer_id: expect.any(Number), expired: false });
      expect(byCode.get(DEMO_COUPONS.expired)).toMatchObject({ expired: true });
    });
  });
});
