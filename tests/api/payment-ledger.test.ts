// Card payment of a cart over the API, with a scripted payment provider: the order made exactly
// once when the payment is authorised (stock taken, cart gone, invoice number allocated), refusals
// and 3-D Secure challenges and bank redirects, the checks before paying, the retry page, the
// expiry of abandoned attempts, and nobody reaching another customer's cart or payment.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderAmounts } from "../../server/modules/orders/order-records.ts";
import { DEMO_COUPONS } from "../../server/seed/coupons.ts";
import { expireReservations } from "../../server/modules/payment/payment-expiry.ts";
import { RESERVATION_MS } from "../../server/modules/payment/payment-start.ts";
import type { JobWorker } from "../../server/platform/job-queue.ts";
import { waitFor } from "../support/wait-for.ts";
import { backends, startShopJobs } from "../support/test-app.ts";
import { cartClient, type Cart } from "./cart-fixtures.ts";
import { PUBLIC_URL, paymentResultOf, startPaymentShop, type PaymentShop } from "./payment-fixtures.ts";


describe.each(backends())("card payment of a cart on $name", (backend) => {
  let shop: PaymentShop;
  let api: ReturnType<typeof cartClient>;
  let jobs: JobWorker;

  beforeAll(async () => {
    shop = await startPaymentShop(backend);
    api = cartClient(shop);
    jobs = await startShopJobs(shop);
  });
  afterAll(async () => {
    await jobs?.stop();
    await shop?.close();
  });

  const paymentsOf = (cartUuid: string) =>
    shop.db.rows<{ status: string; refusal_reason: string | null; psp_reference: string | null }>(
      sql`select status, refusal_reason, psp_reference from payments where cart_uuid = ${cartUuid} order by id`,
    );
  const lockedAt = async (cartUuid: string) => {
    const [row] = await shop.db.rows<{ locked_at: Date | null }>(sql`select locked_at from carts where uuid = ${cartUuid}`);
    return row?.locked_at ?? null;
  };
  /** A customer whose ready cart holds `quantity` of a fresh offer with `stock` (20.00 € each). */
  const buyer = async (stock = 5, quantity = 2) => {
    const offerId = await shop.offers.take({ stock, regular: 2000 });
    const { id, headers } = await shop.customer();
    const cart = await shop.readyCart(headers, [{ offerId, quantity }]);
    return { id, headers, cart, offerId };
  };
  const pspOf = (cart: Cart) => {
    const [attempt] = shop.provider.attemptsOfCart(cart.uuid);
    if (!attempt) throw new Error("no attempt sent to the provider");
    return attempt.pspReference;
  };

  it("makes one order when the payment is authorised: stock taken, cart gone, invoice number allocated", async () => {
    const { headers, cart, offerId } = await buyer(5, 2);
    expect(cart.shippingPrice?.taxIncluded).toBeGreaterThan(0);
    const result = paymentResultOf(await shop.pay(headers, cart));
    expect(result).toEqual({ resultCode: "Authorised", action: null, orderReference: expect.stringMatching(/^ESC-[2-9A-Z]{4}-[2-9A-Z]{4}$/), refusalReason: null });
    const orders = await shop.ordersOfCart(cart.uuid);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ reference: result.orderReference, status: "PAID", total_cents: cart.totalPrice.taxIncluded });
    expect(orders[0]?.invoice_number).toBeGreaterThan(0);
    expect(await shop.stockOf(offerId)).toBe(3);
    expect((await api.getCustomer(headers)).statusCode).toBe(204);
    expect(await paymentsOf(cart.uuid)).toEqual([expect.objectContaining({ status: "authorised", psp_reference: expect.any(String) })]);
    const [sent] = shop.provider.attemptsOfCart(cart.uuid);
    expect(sent?.request).toMatchObject({ amount: { value: cart.totalPrice.taxIncluded, currency: "EUR" }, returnUrl: expect.stringContaining(cart.uuid) });
    const [items] = await shop.db.rows<{ count: number; total: number }>(
      sql`select count(*)::int as count, sum(total_cents)::int as total from order_items where order_id = ${orders[0]?.id}`,
    );
    expect(items).toEqual({ count: 1, total: 4000 });
    // The lines keep their names in both languages, as the catalogue had them.
    const [named] = await shop.db.rows<{ same: boolean }>(sql`
      select i.name_fr = p.name_fr and i.name_en = p.name_en and i.product_reference = p.reference as same
      from order_items i join products p on p.id = i.product_id where i.order_id = ${orders[0]?.id}`);
    expect(named?.same).toBe(true);
  });

  it("keeps the cart after a refusal, gives the stock back, and takes a retry", async () => {
    const { headers, cart, offerId } = await buyer(5, 2);
    const refused = paymentResultOf(await shop.pay(headers, cart, "refused"));
    expect(refused).toEqual({ resultCode: "Refused", action: null, orderReference: null, refusalReason: "Refused" });
    expect(await shop.stockOf(offerId)).toBe(5);
    expect(await lockedAt(cart.uuid)).toBeNull();
    expect(await shop.ordersOfCart(cart.uuid)).toEqual([]);
    expect((await api.get(cart.uuid, headers)).statusCode).toBe(200);

    const retried = paymentResultOf(await shop.pay(headers, cart));
    expect(retried.resultCode).toBe("Authorised");
    expect(await shop.ordersOfCart(cart.uuid)).toHaveLength(1);
    expect(await shop.stockOf(offerId)).toBe(3);
    expect((await paymentsOf(cart.uuid)).map((payment) => payment.status)).toEqual(["refused", "authorised"]);
  });

  it("holds the stock and locks the cart during a 3-D Secure challenge, then makes the order once it is passed", async () => {
    const { headers, cart, offerId } = await buyer(5, 2);
    const challenged = paymentResultOf(await shop.pay(headers, cart, "challenge"));
    expect(challenged).toMatchObject({ resultCode: "ChallengeShopper", action: { type: "threeDS2" }, orderReference: null });
    expect(await shop.stockOf(offerId)).toBe(3);
    const change = await api.setQuantity({ offerId, quantity: 1, shoppingCartId: cart.uuid }, headers);
    expect(change.statusCode).toBe(409);
    expect(change.json()).toMatchObject({ code: "CART_LOCKED" });

    const passed = paymentResultOf(await shop.details(headers, shop.provider.details(pspOf(cart), "pass", "threeDSResult")));
    expect(passed).toMatchObject({ resultCode: "Authorised", orderReference: expect.any(String) });
    expect(await shop.ordersOfCart(cart.uuid)).toHaveLength(1);
    expect(await shop.stockOf(offerId)).toBe(3);
  });

  it("gives the stock back and unlocks the cart when the challenge fails", async () => {
    const { headers, cart, offerId } = await buyer(5, 2);
    paymentResultOf(await shop.pay(headers, cart, "challenge"));
    const failed = paymentResultOf(await shop.details(headers, shop.provider.details(pspOf(cart), "fail", "threeDSResult")));
    expect(failed).toEqual({ resultCode: "Refused", action: null, orderReference: null, refusalReason: "3D Not Authenticated" });
    expect(await shop.stockOf(offerId)).toBe(5);
    expect(await lockedAt(cart.uuid)).toBeNull();
    expect(await shop.ordersOfCart(cart.uuid)).toEqual([]);
  });

  it("answers the same final result to a redirect return submitted twice, with one order", async () => {
    const { headers, cart } = await buyer(5, 1);
    const redirected = paymentResultOf(await shop.pay(headers, cart, "redirect"));
    expect(redirected).toMatchObject({ resultCode: "RedirectShopper", action: { type: "redirect", url: expect.any(String) } });
    const returned = shop.provider.details(pspOf(cart), "pass");
    const first = paymentResultOf(await shop.details(headers, returned));
    const second = paymentResultOf(await shop.details(headers, returned));
    expect(first.resultCode).toBe("Authorised");
    expect(second).toEqual(first);
    expect(await shop.ordersOfCart(cart.uuid)).toHaveLength(1);
  });

  it("charges the coupon's total and keeps in the order the lines, shipping and taxes per rate as paid", async () => {
    const book = await shop.offers.take({ stock: 5, regular: 1999 }, 550);
    const mug = await shop.offers.take({ stock: 5, regular: 1250 });
    const { headers } = await shop.customer();
    const ready = await shop.readyCart(headers, [
      { offerId: book, quantity: 2 },
      { offerId: mug, quantity: 3 },
    ]);
    const cart = (await api.setCoupon(ready.uuid, DEMO_COUPONS.percent, headers)).json<Cart>();
    const special = cart.specialPrice;
    if (!special) throw new Error("the coupon gave no special price");
    const result = paymentResultOf(await shop.pay(headers, cart));
    expect(result.resultCode).toBe("Authorised");
    const [attempt] = shop.provider.attemptsOfCart(cart.uuid);
    expect(attempt?.request.amount.value).toBe(special.taxIncluded);
    const [order] = await shop.db.rows<{ id: number; total_cents: number; shipping_cents: number; coupon_code: string; amounts: OrderAmounts }>(
      sql`select id, total_cents, shipping_cents, coupon_code, amounts from orders where uuid = ${cart.uuid}`,
    );
    expect(order).toMatchObject({ total_cents: special.taxIncluded, shipping_cents: cart.shippingPrice?.taxIncluded, coupon_code: DEMO_COUPONS.percent });
    const items = await shop.db.rows<{ total_cents: number; total_tax_free_cents: number; tax_rate_bp: number }>(
      sql`select total_cents, total_tax_free_cents, tax_rate_bp from order_items where order_id = ${order?.id} order by position`,
    );
    const linesPaid = items.reduce((sum, item) => sum + item.total_cents, 0);
    expect(linesPaid + (order?.shipping_cents ?? 0)).toBe(special.taxIncluded);
    expect(order?.amounts.couponReductionCents).toBe(cart.totalPrice.taxIncluded - special.taxIncluded);
    expect(order?.amounts.totalPrice).toEqual(special);
    expect(order?.amounts.taxes.map((tax) => tax.taxRate)).toEqual([5.5, 20]);
    const taxed = order?.amounts.taxes.reduce((sum, tax) => sum + tax.taxFree + tax.taxAmount, 0);
    expect(taxed).toBe(special.taxIncluded);
  });

  it("reserves and takes the stock of a gift line too", async () => {
    const { headers, cart: ready, offerId } = await buyer(5, 2);
    const cart = (await api.setCoupon(ready.uuid, DEMO_COUPONS.gift, headers)).json<Cart>();
    const gift = cart.cartItems.find((item) => item.isGift);
    if (!gift) throw new Error("no gift line");
    const giftStock = await shop.stockOf(gift.offerId);
    paymentResultOf(await shop.pay(headers, cart, "challenge"));
    expect(await shop.stockOf(gift.offerId)).toBe(giftStock - 1);
    paymentResultOf(await shop.details(headers, shop.provider.details(pspOf(cart), "pass", "threeDSResult")));
    expect(await shop.stockOf(gift.offerId)).toBe(giftStock - 1);
    expect(await shop.stockOf(offerId)).toBe(3);
    const [line] = await shop.db.rows<{ is_gift: boolean; total_cents: number }>(
      sql`select i.is_gift, i.total_cents from order_items i join orders o on o.id = i.order_id where o.uuid = ${cart.uuid} and i.is_gift`,
    );
    expect(line).toEqual({ is_gift: true, total_cents: 0 });
  });

  describe("the provider", () => {
    it("lists its payment methods for the amount, in the request's language", async () => {
      const { headers } = await shop.customer();
      const response = await shop.request({
        method: "POST",
        url: "/api/v1/adyen/payment-methods?locale=en_US",
        headers,
        payload: { amount: { value: 4200, currency: "EUR" }, merchantAccount: "Whatever", countryCode: "FR" },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ paymentMethods: [{ type: "scheme", name: "Cards" }] });
      expect(shop.provider.methodQueries.at(-1)).toMatchObject({ amount: { value: 4200, currency: "EUR" }, shopperLocale: "en-US", countryCode: "FR", channel: "Web" });
    });

    it("answers 502 when it cannot be reached, giving the stock back and unlocking the cart", async () => {
      const { headers, cart, offerId } = await buyer(5, 2);
      const response = await shop.pay(headers, cart, "unavailable");
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ status: 502, code: "UPSTREAM_UNAVAILABLE" });
      expect(await shop.stockOf(offerId)).toBe(5);
      expect(await lockedAt(cart.uuid)).toBeNull();
      expect(paymentResultOf(await shop.pay(headers, cart)).resultCode).toBe("Authorised");
    });

    it("answers Error when it turns the card down as invalid, and keeps the cart for a retry", async () => {
      const { headers, cart, offerId } = await buyer(5, 2);
      const result = paymentResultOf(await shop.pay(headers, cart, "error"));
      expect(result).toEqual({ resultCode: "Error", action: null, orderReference: null, refusalReason: "Invalid card number" });
      expect(await shop.stockOf(offerId)).toBe(5);
      expect(await lockedAt(cart.uuid)).toBeNull();
    });

    it("answers 400 naming details when it turns the details down", async () => {
      const { headers } = await shop.customer();
      const response = await shop.details(headers, { redirectResult: "forged" });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", fields: [{ field: "details" }] });
    });
  });

  describe("checks before paying", () => {
    const expectConflict = (response: Awaited<ReturnType<PaymentShop["pay"]>>, code: string) => {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({ status: 409, code });
    };

    it("refuses an amount other than the cart's (AMOUNT_MISMATCH), reserving nothing", async () => {
      const { headers, cart, offerId } = await buyer(5, 2);
      const tampered = await shop.pay(headers, cart, "authorised", { amount: { value: 100, currency: "EUR" } });
      expectConflict(tampered, "AMOUNT_MISMATCH");
      expect(await shop.stockOf(offerId)).toBe(5);
      expect(await paymentsOf(cart.uuid)).toEqual([]);
      expect(await lockedAt(cart.uuid)).toBeNull();
    });

    it("refuses an empty cart (CART_EMPTY)", async () => {
      const { headers, cart, offerId } = await buyer(5, 1);
      expect((await api.setQuantity({ offerId, quantity: 0, shoppingCartId: cart.uuid }, headers)).statusCode).toBe(200);
      expectConflict(await shop.pay(headers, { ...cart, totalPrice: { ...cart.totalPrice, taxIncluded: 0 } }), "CART_EMPTY");
    });

    it("refuses a cart without a delivery method or billing address (CART_INCOMPLETE)", async () => {
      const offerId = await shop.offers.take({ stock: 5, regular: 2000 });
      const { headers } = await shop.customer();
      const cart = await api.setQuantity({ offerId, quantity: 1 }, headers).then((response) => response.json<Cart>());
      const response = await shop.pay(headers, cart);
      expectConflict(response, "CART_INCOMPLETE");
      expect(response.json<{ fields: { field: string }[] }>().fields.map((field) => field.field)).toEqual([
        "shippingAddress",
        "shipmentMethodIds",
        "billingAddress",
      ]);
    });

    it("refuses lines above the stock left (OUT_OF_STOCK naming the product)", async () => {
      const { headers, cart, offerId } = await buyer(5, 3);
      await shop.db.rows(sql`update offers set stock_quantity = 2 where id = ${offerId}`);
      const response = await shop.pay(headers, cart);
      expectConflict(response, "OUT_OF_STOCK");
      expect(response.json()).toMatchObject({ fields: [{ field: cart.cartItems[0]?.product.reference, message: "2 left in stock" }] });
      expect(await shop.stockOf(offerId)).toBe(2);
      expect(await paymentsOf(cart.uuid)).toEqual([]);
    });

    it("refuses a return address outside the shop, naming returnUrl", async () => {
      const { headers, cart } = await buyer(5, 1);
      for (const returnUrl of [`https://evil.example/retour?cartUuid=${cart.uuid}`, `${PUBLIC_URL}/fr/commande/paiement/retour`, "not a url"]) {
        const response = await shop.pay(headers, cart, "authorised", { returnUrl });
        expect(response.statusCode, returnUrl).toBe(400);
        expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", fields: [{ field: "returnUrl" }] });
      }
    });

    it("answers CART_LOCKED to a second start while the first is still under way", async () => {
      const { headers, cart } = await buyer(5, 1);
      const release = shop.provider.holdPayments();
      const first = shop.pay(headers, cart);
      await waitFor(async () => ((await paymentsOf(cart.uuid)).length === 1 ? true : undefined), "the first attempt");
      expectConflict(await shop.pay(headers, cart), "CART_LOCKED");
      release();
      expect(paymentResultOf(await first).resultCode).toBe("Authorised");
    });
  });

  describe("strangers", () => {
    it("answers 404 for another customer's cart, an unknown cart and another customer's payment details", async () => {
      const { cart } = await buyer(5, 1);
      const stranger = await shop.customer();
      expect((await shop.pay(stranger.headers, cart)).statusCode).toBe(404);
      expect((await shop.pay(stranger.headers, { ...cart, uuid: crypto.randomUUID() })).statusCode).toBe(404);

      const owner = await buyer(5, 1);
      paymentResultOf(await shop.pay(owner.headers, owner.cart, "challenge"));
      const response = await shop.details(stranger.headers, shop.provider.details(pspOf(owner.cart), "pass", "threeDSResult"));
      expect(response.statusCode).toBe(404);
      expect(await shop.ordersOfCart(owner.cart.uuid)).toEqual([]);
      expect((await shop.request({ url: `/api/v1/shopping-cart/payment-failed/${owner.cart.uuid}`, headers: stranger.headers })).statusCode).toBe(404);
    });

    it("needs a signed-in customer", async () => {
      const { cart } = await buyer(5, 1);
      expect((await shop.pay({}, cart)).statusCode).toBe(401);
    });
  });

  describe("abandoned attempts", () => {
    it("gives the stock back once the reservation time is over, and unlocks the cart", async () => {
      const { headers, cart, offerId } = await buyer(5, 2);
      paymentResultOf(await shop.pay(headers, cart, "challenge"));
      expect(await expireReservations(shop.db, shop.now)).toBe(0);
      shop.advance(RESERVATION_MS + 1000);
      expect(await expireReservations(shop.db, shop.now)).toBeGreaterThanOrEqual(1);
      expect(await shop.stockOf(offerId)).toBe(5);
      expect(await lockedAt(cart.uuid)).toBeNull();
      expect(await paymentsOf(cart.uuid)).toEqual([expect.objectContaining({ status: "expired" })]);
    });

    it("cancels with the provider an authorisation that comes after the reservation expired and the goods were sold", async () => {
      const { headers, cart, offerId } = await buyer(1, 1);
      paymentResultOf(await shop.pay(headers, cart, "challenge"));
      shop.advance(RESERVATION_MS + 1000);
      await expireReservations(shop.db, shop.now);
      // Someone else buys the last one meanwhile.
      const other = await shop.customer();
      const otherCart = await shop.readyCart(other.headers, [{ offerId, quantity: 1 }]);
      expect(paymentResultOf(await shop.pay(other.headers, otherCart)).resultCode).toBe("Authorised");

      const psp = pspOf(cart);
      const late = paymentResultOf(await shop.details(headers, shop.provider.details(psp, "pass", "threeDSResult")));
      expect(late).toEqual({ resultCode: "Cancelled", action: null, orderReference: null, refusalReason: "OUT_OF_STOCK" });
      expect(await shop.ordersOfCart(cart.uuid)).toEqual([]);
      expect(await shop.stockOf(offerId)).toBe(0);
      await waitFor(async () => (shop.provider.cancels.some((cancel) => cancel.pspReference === psp) ? true : undefined), "the cancellation");
      expect(await paymentsOf(cart.uuid)).toEqual([expect.objectContaining({ status: "cancelled", refusal_reason: "OUT_OF_STOCK" })]);
    });

    it("makes the order of an authorisation after expiry when the stock is still there", async () => {
      const { headers, cart, offerId } = await buyer(3, 2);
      paymentResultOf(await shop.pay(headers, cart, "challenge"));
      shop.advance(RESERVATION_MS + 1000);
      await expireReservations(shop.db, shop.now);
      expect(await shop.stockOf(offerId)).toBe(3);
      const late = paymentResultOf(await shop.details(headers, shop.provider.details(pspOf(cart), "pass", "threeDSResult")));
      expect(late.resultCode).toBe("Authorised");
      expect(await shop.stockOf(offerId)).toBe(1);
      expect(await shop.ordersOfCart(cart.uuid)).toHaveLength(1);
    });

    it("lets a shopper who left a challenge pay again; the first attempt paid late is cancelled, one order", async () => {
      const { headers, cart, offerId } = await buyer(5, 2);
      paymentResultOf(await shop.pay(headers, cart, "challenge"));
      const abandoned = pspOf(cart);
      const second = paymentResultOf(await shop.pay(headers, cart));
      expect(second.resultCode).toBe("Authorised");
      expect(await shop.stockOf(offerId)).toBe(3);

      const late = paymentResultOf(await shop.details(headers, shop.provider.details(abandoned, "pass", "threeDSResult")));
      expect(late).toMatchObject({ resultCode: "Authorised", orderReference: second.orderReference });
      expect(await shop.ordersOfCart(cart.uuid)).toHaveLength(1);
      expect(await shop.stockOf(offerId)).toBe(3);
      await waitFor(async () => (shop.provider.cancels.some((cancel) => cancel.pspReference === abandoned) ? true : undefined), "the cancellation");
    });
  });

  describe("the retry page", () => {
    const reopen = (headers: Record<string, string>, uuid: string) => shop.request({ url: `/api/v1/shopping-cart/payment-failed/${uuid}`, headers });

    it("gives up the unfinished attempt, gives the stock back and answers the cart unlocked", async () => {
      const { headers, cart, offerId } = await buyer(5, 2);
      paymentResultOf(await shop.pay(headers, cart, "redirect"));
      const response = await reopen(headers, cart.uuid);
      expect(response.statusCode).toBe(200);
      expect(response.json<Cart>()).toMatchObject({ uuid: cart.uuid, cartItems: [expect.objectContaining({ offerId, quantity: 2 })] });
      expect(await shop.stockOf(offerId)).toBe(5);
      expect(await lockedAt(cart.uuid)).toBeNull();
      expect(await paymentsOf(cart.uuid)).toEqual([expect.objectContaining({ status: "cancelled", refusal_reason: "ABANDONED" })]);
      expect(paymentResultOf(await shop.pay(headers, cart)).resultCode).toBe("Authorised");
    });

    it("answers ORDER_ALREADY_PAID once the order exists", async () => {
      const { headers, cart } = await buyer(5, 1);
      paymentResultOf(await shop.pay(headers, cart));
      const response = await reopen(headers, cart.uuid);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: "ORDER_ALREADY_PAID" });
      const stranger = await shop.customer();
      expect((await reopen(stranger.headers, cart.uuid)).statusCode).toBe(404);
    });
  });
});

