// The cart machine with its real IO actors over the API client and a fake `fetch`: which calls go out
// (method, path, body), how the answers and refusals reach the machine, and what is kept in the cookie.
import { QueryClient } from "@tanstack/react-query";
import { createActor, waitFor } from "xstate";
import { describe, expect, it } from "vitest";
import { createCartMachine } from "../../src/actors/cart-actors.ts";
import { createApiClient } from "../../src/api/client.ts";
import { cartIdCookie, expiredCartIdCookie, readStoredCartId } from "../../src/app/cart-storage.ts";
import { CUSTOMER_CART_ID, SAMPLE_OFFER, STORED_CART_ID, sampleCart } from "../../machines/cart/cart.model.ts";
import { isReady, selectCartId } from "../../machines/cart/cart.selectors.ts";
import type { Cart } from "../../machines/cart/cart.types.ts";
import { cartKeys, removeCart, writeCart } from "../../src/api/queries/cart.ts";
import type { CartNotification } from "../../machines/cart/cart.types.ts";
import { settle } from "./support/fake-promise-actor.ts";

interface Exchange {
  request: Request;
  body: unknown;
  respond: (status: number, body?: unknown) => void;
}

function createFakeServer() {
  const exchanges: Exchange[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const text = request.method === "GET" || request.method === "DELETE" ? "" : await request.clone().text();
    return new Promise<Response>((resolve, reject) => {
      request.signal.addEventListener("abort", () => reject(new DOMException("The operation was aborted.", "AbortError")), { once: true });
      exchanges.push({
        request,
        body: text ? JSON.parse(text) : undefined,
        respond: (status, answer) =>
          resolve(
            status === 204
              ? new Response(null, { status })
              : new Response(JSON.stringify(answer), { status, headers: { "Content-Type": "application/json" } }),
          ),
      });
    });
  };
  const api = createApiClient({ baseUrl: "http://shop.test/api/v1", storefrontToken: "storefront-token", locale: () => "en_US", fetch });
  return { api, exchanges };
}

async function nextExchange(exchanges: Exchange[], count: number): Promise<Exchange> {
  for (let attempt = 0; attempt < 50 && exchanges.length < count; attempt += 1) await settle();
  const exchange = exchanges[count - 1];
  if (!exchange) throw new Error(`expected request #${count}`);
  return exchange;
}

function startCart(storedCartId: string | null) {
  const server = createFakeServer();
  const cookie: { id: string | null } = { id: storedCartId };
  const notified: CartNotification[] = [];
  // The app's query cache, written as the app writes it.
  const queryClient = new QueryClient();
  const machine = createCartMachine(server.api, {
    writeCart: (cart) => writeCart(queryClient, cart, "en"),
    removeCart: () => removeCart(queryClient),
    storeCartId: (id) => (cookie.id = id),
    forgetCartId: () => (cookie.id = null),
    notify: (notification) => notified.push(notification),
  });
  const actor = createActor(machine, { input: { storedCartId } }).start();
  /** The cart the views show: the cached one of the machine's cart id. */
  const shown = (): Cart | null => {
    const cartId = selectCartId(actor.getSnapshot());
    return cartId === null ? null : (queryClient.getQueryData<Cart>(cartKeys.byId(cartId, "en")) ?? null);
  };
  return { server, actor, cookie, notified, queryClient, shown };
}

const pathOf = (exchange: Exchange) => `${exchange.request.method} ${new URL(exchange.request.url).pathname}`;

describe("cart actors", () => {
  it("loads the stored cart, adds to it with set-offer-quantity and keeps the id", async () => {
    const cart = startCart(STORED_CART_ID);
    const load = await nextExchange(cart.server.exchanges, 1);
    expect(pathOf(load)).toBe(`GET /api/v1/shopping-cart/${STORED_CART_ID}`);
    expect(new URL(load.request.url).searchParams.get("locale")).toBe("en_US");
    expect(load.request.headers.get("Authorization")).toBe("Bearer storefront-token");
    load.respond(200, sampleCart(STORED_CART_ID, 1));
    await waitFor(cart.actor, isReady);

    cart.actor.send({ type: "cart.add", offer: SAMPLE_OFFER, quantity: 2, cart: cart.shown() });
    const add = await nextExchange(cart.server.exchanges, 2);
    expect(pathOf(add)).toBe("PUT /api/v1/shopping-cart/set-offer-quantity");
    expect(add.body).toEqual({ offerId: SAMPLE_OFFER.id, quantity: 3, shoppingCartId: STORED_CART_ID });
    add.respond(200, sampleCart(STORED_CART_ID, 3));
    await waitFor(cart.actor, isReady);
    expect(cart.shown()?.cartItems[0]?.quantity).toBe(3);
    expect(cart.cookie.id).toBe(STORED_CART_ID);
    expect(cart.notified).toEqual([{ kind: "info", messageId: "addToCart.add" }]);
  });

  it("forgets the stored id when the cart is not found", async () => {
    const cart = startCart(STORED_CART_ID);
    (await nextExchange(cart.server.exchanges, 1)).respond(404, { status: 404, message: "Cart not found", code: "NOT_FOUND" });
    await waitFor(cart.actor, isReady);
    expect(cart.cookie.id).toBeNull();
    expect(cart.shown()).toBeNull();
  });

  it("maps the server's stock refusal to addToCart.max", async () => {
    const cart = startCart(null);
    cart.actor.send({ type: "cart.add", offer: { ...SAMPLE_OFFER, stockQuantity: 50 }, quantity: 4, cart: cart.shown() });
    const add = await nextExchange(cart.server.exchanges, 1);
    expect(add.body).toEqual({ offerId: SAMPLE_OFFER.id, quantity: 4, shoppingCartId: null });
    add.respond(409, { status: 409, message: "Not enough stock", code: "QUANTITY_EXCEEDS_STOCK" });
    await waitFor(cart.actor, isReady);
    expect(cart.notified).toEqual([{ kind: "danger", messageId: "addToCart.max" }]);
  });

  it("applies and removes a coupon, and clears the cart", async () => {
    const cart = startCart(STORED_CART_ID);
    (await nextExchange(cart.server.exchanges, 1)).respond(200, sampleCart(STORED_CART_ID, 2));
    await waitFor(cart.actor, isReady);

    cart.actor.send({ type: "cart.applyCoupon", code: "BIENVENUE10", cart: cart.shown() });
    const apply = await nextExchange(cart.server.exchanges, 2);
    expect(pathOf(apply)).toBe(`PUT /api/v1/shopping-cart/${STORED_CART_ID}/set-coupon`);
    expect(apply.body).toEqual({ coupon: "BIENVENUE10" });
    apply.respond(200, sampleCart(STORED_CART_ID, 2, true));
    await waitFor(cart.actor, isReady);

    cart.actor.send({ type: "cart.removeCoupon", cart: cart.shown() });
    const remove = await nextExchange(cart.server.exchanges, 3);
    expect(pathOf(remove)).toBe(`DELETE /api/v1/shopping-cart/${STORED_CART_ID}/remove-coupon`);
    remove.respond(200, sampleCart(STORED_CART_ID, 2));
    await waitFor(cart.actor, isReady);

    cart.actor.send({ type: "cart.clear" });
    const clear = await nextExchange(cart.server.exchanges, 4);
    expect(pathOf(clear)).toBe(`DELETE /api/v1/shopping-cart/${STORED_CART_ID}`);
    clear.respond(204);
    await waitFor(cart.actor, isReady);
    expect(cart.shown()).toBeNull();
    expect(cart.cookie.id).toBeNull();
    expect(cart.notified.map((notification) => notification.messageId)).toEqual(["coupon.add", "coupon.removed"]);
  });

  it("asks for the customer's own cart at sign-in", async () => {
    const cart = startCart(null);
    cart.actor.send({ type: "customer.signedIn", customerGroup: "GENERAL_PUBLIC" });
    const load = await nextExchange(cart.server.exchanges, 1);
    expect(pathOf(load)).toBe("GET /api/v1/shopping-cart");
    load.respond(200, sampleCart(CUSTOMER_CART_ID, 1));
    await waitFor(cart.actor, isReady);
    expect(cart.cookie.id).toBe(CUSTOMER_CART_ID);
    expect(cart.shown()).toEqual(sampleCart(CUSTOMER_CART_ID, 1));
  });

  it("keeps one cart in the cache: the anonymous one goes when the customer's comes", async () => {
    const cart = startCart(STORED_CART_ID);
    (await nextExchange(cart.server.exchanges, 1)).respond(200, sampleCart(STORED_CART_ID, 1));
    await waitFor(cart.actor, isReady);
    cart.actor.send({ type: "customer.signedIn", customerGroup: "GENERAL_PUBLIC" });
    (await nextExchange(cart.server.exchanges, 2)).respond(200, sampleCart(CUSTOMER_CART_ID, 3));
    await waitFor(cart.actor, isReady);
    const cached = cart.queryClient.getQueryCache().findAll({ queryKey: cartKeys.all });
    expect(cached.map((query) => query.queryKey)).toEqual([cartKeys.byId(CUSTOMER_CART_ID, "en")]);
    cart.actor.send({ type: "customer.signedOut" });
    expect(cart.queryClient.getQueryCache().findAll({ queryKey: cartKeys.all })).toEqual([]);
  });
});

describe("cart id cookie", () => {
  const uuid = "3f2c9a4e-8b1d-4c6f-9e2a-5d7b1c0e8f47";
  it("is kept a day, strict, and secure on https", () => {
    expect(cartIdCookie(uuid, false)).toBe(`cart_id=${uuid}; Max-Age=86400; Path=/; SameSite=Strict`);
    expect(cartIdCookie(uuid, true)).toBe(`cart_id=${uuid}; Max-Age=86400; Path=/; SameSite=Strict; Secure`);
    expect(expiredCartIdCookie(true)).toBe("cart_id=; Max-Age=0; Path=/; SameSite=Strict; Secure");
  });

  it.each([
    [`consent=x; cart_id=${uuid}`, uuid],
    [`cart_id=${uuid.toUpperCase()}`, uuid],
    ["", null],
    ["cart_id=", null],
    ["cart_id=abc", null],
    // The sequential ids earlier versions kept are dropped: the next add makes a new cart.
    ["cart_id=7", null],
    ["cart_id=42", null],
    [`xcart_id=${uuid}`, null],
    [`cart_id=${uuid}0`, null],
  ])("reads %j as %s", (header, id) => {
    expect(readStoredCartId(header)).toBe(id);
  });
});
