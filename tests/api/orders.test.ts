// The orders API as a customer reads it: pages of their orders newest first, one order by id,
// uuid or reference in the request's language, and nobody else's (404 alike for a guessed key).
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../common/api/schema.gen.ts";
import { backends, startTestApp, type TestApp } from "../support/test-app.ts";
import { createOrder, testSessions, type CreatedOrder, type TestCustomer } from "./order-fixtures.ts";

type Order = components["schemas"]["Order"];
type OrderPage = components["schemas"]["OrderPage"];

const NAVY = {
  fr: [{ name: "color", label: "Couleur", value: "navy", valueLabel: "Bleu marine" }],
  en: [{ name: "color", label: "Colour", value: "navy", valueLabel: "Navy blue" }],
};

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 10));

describe.each(backends())("the orders API on $name", (backend) => {
  let shop: TestApp;
  let alice: TestCustomer;
  let bob: TestCustomer;
  const aliceOrders: CreatedOrder[] = [];
  let bobOrder: CreatedOrder;
  let unpaid: CreatedOrder;

  beforeAll(async () => {
    const { sessions, createCustomer } = testSessions();
    shop = await startTestApp(backend, { app: { sessions } });
    alice = await createCustomer(shop.db);
    bob = await createCustomer(shop.db, { firstName: "Bob", lastName: "Martin" });
    // 12 paid orders on 12 days, written out of date order; one never paid.
    for (const n of [3, 1, 12, 7, 2, 9, 4, 11, 5, 8, 10, 6]) {
      aliceOrders.push(await createOrder(shop.db, { customer: alice, lines: [{ quantity: 1, unitPriceCents: 1000 + n }], shippingCents: 490, paymentDate: day(n) }));
    }
    unpaid = await createOrder(shop.db, { customer: alice, lines: [{ quantity: 1, unitPriceCents: 999 }], paymentDate: null, createdAt: day(20), status: "CANCELLED", invoiced: false });
    bobOrder = await createOrder(shop.db, { customer: bob, lines: [{ quantity: 2, unitPriceCents: 2500 }], shippingCents: 490 });
  });
  afterAll(() => shop?.close());

  const get = (url: string, customer?: TestCustomer) => shop.request({ url: `/api/v1${url}`, headers: customer?.headers ?? {} });

  it("pages the customer's orders 10 at a time, newest payment first, the unpaid one last", async () => {
    const first = await get("/orders", alice);
    expect(first.statusCode).toBe(200);
    const page = first.json<OrderPage>();
    expect(page).toMatchObject({ totalElements: 13, totalPages: 2, size: 10, number: 0 });
    expect(page.content.map((order) => order.paymentDate?.slice(0, 10))).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((n) => day(n).toISOString().slice(0, 10)),
    );
    const second = (await get("/orders?page=1", alice)).json<OrderPage>();
    expect(second.content.map((order) => order.paymentDate?.slice(0, 10))).toEqual([day(2).toISOString().slice(0, 10), day(1).toISOString().slice(0, 10), undefined]);
    expect(second.content.at(-1)?.reference).toBe(unpaid.reference);
    const past = (await get("/orders?page=5", alice)).json<OrderPage>();
    expect(past).toMatchObject({ content: [], totalElements: 13, number: 5 });
  });

  it("keeps the contract's size and sort parameters", async () => {
    const oldest = (await get("/orders?size=3&sort=paymentDate,asc", alice)).json<OrderPage>();
    expect(oldest.content.map((order) => order.paymentDate?.slice(0, 10))).toEqual([1, 2, 3].map((n) => day(n).toISOString().slice(0, 10)));
    expect(oldest.totalPages).toBe(5);
    const byReference = (await get("/orders?size=100&sort=reference,asc", alice)).json<OrderPage>();
    const references = byReference.content.map((order) => order.reference);
    expect(references).toEqual([...references].sort());
    expect((await get("/orders/customer", alice)).json<Order[]>()).toHaveLength(10);
    expect((await get("/orders/customer?size=2", alice)).json<Order[]>().map((order) => order.paymentDate?.slice(0, 10))).toEqual(
      [12, 11].map((n) => day(n).toISOString().slice(0, 10)),
    );
  });

  it("refuses bad paging with a 400 naming the parameter", async () => {
    for (const [query, field] of [
      ["size=0", "size"],
      ["size=101", "size"],
      ["page=-1", "page"],
      ["sort=price,asc", "sort"],
    ] as const) {
      const response = await get(`/orders?${query}`, alice);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ fields: { field: string }[] }>().fields[0]?.field).toBe(field);
    }
  });

  it("answers one order by id, uuid and reference, with what was paid", async () => {
    const made = await createOrder(shop.db, {
      customer: alice,
      lines: [
        { quantity: 2, unitPriceCents: 1990, selectedAttributes: NAVY },
        { quantity: 1, unitPriceCents: 2500, taxRateBp: 550 },
      ],
      shippingCents: 690,
      coupon: { code: "BIENVENUE10", reductionCents: 648 },
      paymentDate: day(15),
      paymentMethod: "mc",
    });
    const byId = await get(`/orders/${made.id}?locale=en_US`, alice);
    expect(byId.statusCode).toBe(200);
    const order = byId.json<Order>();
    expect((await get(`/orders/uuid/${made.uuid}?locale=en_US`, alice)).json<Order>()).toEqual(order);
    expect((await get(`/orders/reference/${made.reference}?locale=en_US`, alice)).json<Order>()).toEqual(order);

    expect(order).toMatchObject({
      id: made.id,
      uuid: made.uuid,
      reference: made.reference,
      status: "PAID",
      itemCount: 3,
      coupon: { code: "BIENVENUE10", reduction: 648 },
      totalPrice: { taxIncluded: 2 * 1990 + 2500 - 648 + 690 },
      shippingPrice: { taxIncluded: 690, taxRate: 20 },
      payment: { method: "mc", status: "AUTHORISED", date: day(15).toISOString() },
      invoiceNumber: `F-${String(made.invoiceNumber).padStart(6, "0")}`,
      billingAddress: { city: "Nîmes", lastName: "Lefèvre" },
    });
    // The VAT per rate adds up to the total paid, to the cent.
    expect(order.taxes.map((tax) => tax.taxRate)).toEqual([5.5, 20]);
    expect(order.taxes.reduce((sum, tax) => sum + tax.taxFree, 0)).toBe(order.totalPrice.taxFree);
    expect(order.taxes.reduce((sum, tax) => sum + tax.taxAmount, 0)).toBe(order.totalPrice.taxAmount);
    expect(order.items.reduce((sum, item) => sum + item.totalPrice.taxIncluded, 0) + order.shippingPrice.taxIncluded).toBe(order.totalPrice.taxIncluded);

    const [navy, book] = order.items;
    const [product] = await shop.db.rows<{ slug_en: string; name_en: string }>(sql`select slug_en, name_en from products where id = ${made.items[0]?.productId ?? 0}`);
    expect(navy).toMatchObject({ name: product?.name_en, slug: product?.slug_en, quantity: 2, selectedAttributes: NAVY.en, unitPrice: { taxIncluded: 1990, taxRate: 20 } });
    expect(book).toMatchObject({ quantity: 1, unitPrice: { taxIncluded: 2500, taxRate: 5.5 } });
    // The shipment's lines and method read in the request's language too.
    const [shipment] = order.shipments;
    expect(shipment?.items[0]?.name).toBe(product?.name_en);
    const [method] = await shop.db.rows<{ name_en: string }>(sql`select name_en from shipment_methods where carrier = 'DOS'`);
    expect(shipment?.shipmentMethod?.name).toBe(method?.name_en);

    const french = (await get(`/orders/${made.id}?locale=fr_FR`, alice)).json<Order>();
    expect(french.items[0]?.selectedAttributes).toEqual(NAVY.fr);
  });

  it("keeps a line whose product is gone, without a slug", async () => {
    const made = await createOrder(shop.db, { customer: bob, lines: [{ quantity: 1, unitPriceCents: 1500, skip: 40 }], paymentDate: day(16) });
    await shop.db.rows(sql`update order_items set product_id = null, offer_id = null where order_id = ${made.id}`);
    const order = (await get(`/orders/${made.id}`, bob)).json<Order>();
    expect(order.items[0]).toMatchObject({ productId: null, slug: null, offerId: null, name: made.items[0]?.nameFr });
  });

  it("shows an order only to its customer: 404 for another's and for guessed keys, 401 for a guest", async () => {
    const mine = aliceOrders[0];
    if (!mine) throw new Error("no order");
    for (const url of [`/orders/${mine.id}`, `/orders/uuid/${mine.uuid}`, `/orders/reference/${mine.reference}`, `/order-invoices/pdf/order/${mine.id}`]) {
      expect((await get(url, bob)).statusCode, url).toBe(404);
      expect((await get(url)).statusCode, url).toBe(401);
    }
    for (const url of ["/orders/999999", "/orders/2147483648", "/orders/9007199254740991", `/orders/uuid/${randomUUID()}`, "/orders/reference/ESC-NOPE", "/order-invoices/pdf/order/999999"]) {
      expect((await get(url, alice)).statusCode, url).toBe(404);
    }
    expect((await get("/orders", bob)).json<OrderPage>().content.map((order) => order.reference)).not.toContain(mine.reference);
    expect((await get("/orders", bob)).json<OrderPage>().content.map((order) => order.reference)).toContain(bobOrder.reference);
    expect((await get("/orders")).statusCode).toBe(401);
    expect((await get("/orders/customer")).statusCode).toBe(401);
  });

  it("refuses malformed keys with a 400 naming the parameter", async () => {
    for (const [url, field] of [
      ["/orders/abc", "id"],
      ["/orders/0", "id"],
      ["/orders/reference/a%20b", "reference"],
      ["/orders/uuid/not-a-uuid", "uuid"],
    ] as const) {
      const response = await get(url, alice);
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ fields: { field: string }[] }>().fields[0]?.field, url).toBe(field);
    }
  });
});
