// A whole purchase through the shop's own parts, as the demo runs it: the payment sandbox (the
// card typed on its issuer page, the 3-D Secure challenge), the ledger, the orders API, the
// confirmation e-mail, the invoice and the sandbox's notifications to the webhook.
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JobWorker } from "../../server/platform/job-queue.ts";
import { waitFor } from "../support/wait-for.ts";
import { backends, startShopJobs } from "../support/test-app.ts";
import type { Cart, Schemas } from "./cart-fixtures.ts";
import { paymentResultOf, PUBLIC_URL, startPaymentShop, type PaymentShop } from "./payment-fixtures.ts";

type Order = Schemas["Order"];
type Headers = Record<string, string>;
const form = (fields: Record<string, string>) => ({
  headers: { "content-type": "application/x-www-form-urlencoded" },
  payload: new URLSearchParams(fields).toString(),
});
const CARD = { expiry: "03/30", cvc: "737", holderName: "Jeanne Dupont" };

describe.each(backends())("a purchase through the payment sandbox on $name", (backend) => {
  let shop: PaymentShop;
  let jobs: JobWorker;
  beforeAll(async () => {
    shop = await startPaymentShop(backend, { sandbox: true });
    jobs = await startShopJobs(shop);
  });
  afterAll(async () => {
    await jobs?.stop();
    await shop?.close();
  });

  /** Starts paying `cart` with the sandbox's method: the issuer page's path. */
  async function startPayment(headers: Headers, cart: Cart): Promise<string> {
    const started = paymentResultOf(
      await shop.request({
        method: "POST",
        url: "/api/v1/adyen/initiate-payment",
        headers: { ...headers, "content-type": "application/json" },
        payload: JSON.stringify({
          amount: { value: (cart.specialPrice ?? cart.totalPrice).taxIncluded, currency: "EUR" },
          reference: cart.uuid,
          paymentMethod: { type: "sandbox_card" },
          browserInfo: { userAgent: "test" },
          returnUrl: `${PUBLIC_URL}/fr/commande/paiement/retour?cartUuid=${cart.uuid}`,
        }),
      }),
    );
    expect(started).toMatchObject({ resultCode: "RedirectShopper", orderReference: null, action: { type: "redirect" } });
    return new URL(String(started.action?.url)).pathname;
  }

  /** The shopper's browser on the issuer's pages: the form posted, then each redirect followed while on the sandbox. */
  async function typeCard(path: string, card: Record<string, string>, challengePassword?: string): Promise<string> {
    let answer: LightMyRequestResponse = await shop.app.inject({ method: "POST", url: path, ...form(card) });
    while (answer.statusCode === 303 && new URL(String(answer.headers.location), PUBLIC_URL).pathname.startsWith("/payment-sandbox/")) {
      const next = new URL(String(answer.headers.location), PUBLIC_URL).pathname;
      answer = challengePassword === undefined ? await shop.app.inject({ method: "GET", url: next }) : await shop.app.inject({ method: "POST", url: next, ...form({ password: challengePassword }) });
    }
    expect(answer.statusCode).toBe(303);
    const back = new URL(String(answer.headers.location));
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/fr/commande/paiement/retour`);
    return back.searchParams.get("redirectResult") ?? "";
  }

  const orderOf = async (headers: Headers, reference: string) => {
    const response = await shop.request({ method: "GET", url: `/api/v1/orders/reference/${reference}`, headers });
    expect(response.statusCode).toBe(200);
    return response.json<Order>();
  };

  it("pays with a 3-D Secure card: one order, its e-mail, its invoice, the stock taken, the notification applied once", async () => {
    const { headers, id } = await shop.customer();
    const offerId = await shop.offers.take({ stock: 5, regular: 2500 });
    const stockBefore = await shop.stockOf(offerId);
    const cart = await shop.readyCart(headers, [{ offerId: offerId, quantity: 2 }]);
    const path = await startPayment(headers, cart);
    const challengePage = await shop.app.inject({ method: "GET", url: path });
    expect(challengePage.statusCode).toBe(200);

    const redirectResult = await typeCard(path, { number: "4917 6100 0000 0000", ...CARD }, "password");
    const paid = paymentResultOf(await shop.details(headers, { redirectResult }));
    expect(paid).toMatchObject({ resultCode: "Authorised", refusalReason: null });
    const reference = String(paid.orderReference);
    // The return page reloaded: the same answer, still one order.
    expect(paymentResultOf(await shop.details(headers, { redirectResult }))).toMatchObject({ resultCode: "Authorised", orderReference: reference });

    const order = await orderOf(headers, reference);
    expect(order).toMatchObject({ uuid: cart.uuid, status: "PAID", totalPrice: { taxIncluded: (cart.specialPrice ?? cart.totalPrice).taxIncluded } });
    expect(order.payment).toMatchObject({ method: "visa" });
    expect(await shop.stockOf(offerId)).toBe(stockBefore - 2);
    expect(await shop.ordersOfCart(cart.uuid)).toHaveLength(1);
    const emptied = await shop.request({ method: "GET", url: "/api/v1/shopping-cart", headers });
    expect(emptied.statusCode === 204 || emptied.statusCode === 404 || emptied.json<Cart>().uuid !== cart.uuid).toBe(true);

    // The sandbox's AUTHORISATION notification reaches the webhook and is applied once.
    await waitFor(async () => {
      const rows = await shop.db.rows<{ processed_at: Date | null }>(sql`select processed_at from payment_notifications where event_code = 'AUTHORISATION' and merchant_reference like ${`${cart.uuid}%`}`);
      return rows.length === 1 && rows[0]?.processed_at ? true : undefined;
    }, "the sandbox's AUTHORISATION notification, applied");
    expect(await shop.ordersOfCart(cart.uuid)).toHaveLength(1);

    const [mail] = await shop.db.rows<{ to: string; subject: string; text: string }>(sql`select "to", subject, text from outbox where text like ${`%${reference}%`}`);
    expect(mail?.to).toBe(`${id}@example.com`);
    expect(mail?.text).toContain(`/fr/mon-compte/commandes?reference=${reference}`);

    const invoice = await shop.request({ method: "GET", url: `/api/v1/order-invoices/pdf/order/${order.id}`, headers });
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers["content-disposition"]).toMatch(/^attachment; filename="facture-F-\d{6}\.pdf"$/);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(invoice.rawPayload)), { mergePages: true });
    expect(text).toContain(String(order.invoiceNumber));
  });

  it("keeps the cart after a failed challenge, and the retry pays it", async () => {
    const { headers } = await shop.customer();
    const offerId = await shop.offers.take({ stock: 5, regular: 2500 });
    const stockBefore = await shop.stockOf(offerId);
    const cart = await shop.readyCart(headers, [{ offerId: offerId, quantity: 1 }]);

    const failed = await typeCard(await startPayment(headers, cart), { number: "4917 6100 0000 0000", ...CARD }, "wrong");
    expect(paymentResultOf(await shop.details(headers, { redirectResult: failed }))).toMatchObject({ resultCode: "Refused", orderReference: null });
    expect(await shop.stockOf(offerId)).toBe(stockBefore);
    const retry = await shop.request({ method: "GET", url: `/api/v1/shopping-cart/payment-failed/${cart.uuid}`, headers });
    expect(retry.statusCode).toBe(200);
    expect(retry.json<Cart>().uuid).toBe(cart.uuid);

    const paid = await typeCard(await startPayment(headers, retry.json<Cart>()), { number: "4111 1111 4555 1142", ...CARD });
    const result = paymentResultOf(await shop.details(headers, { redirectResult: paid }));
    expect(result).toMatchObject({ resultCode: "Authorised" });
    expect(await shop.ordersOfCart(cart.uuid)).toHaveLength(1);
    expect(await shop.stockOf(offerId)).toBe(stockBefore - 1);
  });

  it("refuses a card the test platform declines, and nobody else reads the order", async () => {
    const { headers } = await shop.customer();
    const stranger = await shop.customer();
    const offerId = await shop.offers.take({ stock: 5, regular: 2500 });
    const cart = await shop.readyCart(headers, [{ offerId: offerId, quantity: 1 }]);
    const declined = await typeCard(await startPayment(headers, cart), { number: "5555 5555 5555 4444", ...CARD, holderName: "DECLINED" });
    expect(paymentResultOf(await shop.details(headers, { redirectResult: declined }))).toMatchObject({ resultCode: "Refused", refusalReason: "Refused" });

    const retry = await shop.request({ method: "GET", url: `/api/v1/shopping-cart/payment-failed/${cart.uuid}`, headers });
    const paid = await typeCard(await startPayment(headers, retry.json<Cart>()), { number: "5555 5555 5555 4444", ...CARD });
    const { orderReference } = paymentResultOf(await shop.details(headers, { redirectResult: paid }));
    const order = await orderOf(headers, String(orderReference));
    for (const url of [`/api/v1/orders/reference/${order.reference}`, `/api/v1/orders/${order.id}`, `/api/v1/orders/uuid/${order.uuid}`, `/api/v1/order-invoices/pdf/order/${order.id}`]) {
      expect((await shop.request({ method: "GET", url, headers: stranger.headers })).statusCode).toBe(404);
    }
    // Another customer cannot finish this customer's payment either.
    expect((await shop.details(stranger.headers, { redirectResult: paid })).statusCode).toBe(404);
  });
});
