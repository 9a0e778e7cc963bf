// A crew member's order paid from their money pot: the gift card's message, the order made once
// (stock taken, pot spent to the cent, cart gone, paid by `moneyPot` in every read and on the
// invoice), refusals that write nothing, the delivery countries, and concurrent validations that
// never spend more than the pot holds.
import { sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/test-app.ts";
import { startEmpowermentShop, type EmpowermentShop, type Order } from "./empowerment-fixtures.ts";
import type { Cart } from "./cart-fixtures.ts";

type ErrorBody = { status: number; code?: string; message: string; fields?: { field: string; message: string }[] };

let serial = 0;
const staffNumber = () => `O${String(process.pid % 1000).padStart(3, "0")}${String((serial += 1)).padStart(4, "0")}`;

async function pdfText(body: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, " ");
}

const toPay = (cart: Cart) => (cart.specialPrice ?? cart.totalPrice).taxIncluded;

describe.each(backends())("empowerment orders ($name)", (backend) => {
  let shop: EmpowermentShop;

  beforeAll(async () => {
    shop = await startEmpowermentShop(backend);
  });
  afterAll(async () => {
    await shop.close();
  });

  it("sets the gift card's message: trimmed, bounded, removable, on the customer's own cart only", async () => {
    const crew = await shop.crew(staffNumber());
    const offerId = await shop.offers.take({ stock: 10, regular: 1000 });
    const cart = await shop.readyCart(crew.headers, [{ offerId, quantity: 1 }]);

    const set = await shop.setCard(crew.headers, "  Merci pour ce vol,\r\nbon séjour !  ");
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<Cart>().customCardMessage).toBe("Merci pour ce vol,\nbon séjour !");
    expect((await shop.setCard(crew.headers, "Bon voyage", cart.uuid)).json<Cart>().customCardMessage).toBe("Bon voyage");

    expect((await shop.setCard(crew.headers, "x".repeat(501))).json<ErrorBody>().fields?.[0]?.field).toBe("customCardMessage");
    expect((await shop.setCard(crew.headers, "Bip\u0007")).json<ErrorBody>()).toMatchObject({ status: 400, fields: [{ field: "customCardMessage" }] });
    expect((await shop.setCard(crew.headers, "x".repeat(500))).statusCode).toBe(200);

    const stranger = await shop.crew(staffNumber());
    expect((await shop.setCard(stranger.headers, "Coucou", cart.uuid)).statusCode).toBe(404);
    expect((await shop.setCard(stranger.headers, "Coucou")).statusCode).toBe(404);

    expect((await shop.setCard(crew.headers, "   ")).json<Cart>().customCardMessage).toBeNull();
  });

  it("refuses a gift card change and an order while a card payment of the cart is under way", async () => {
    const number = staffNumber();
    const crew = await shop.crew(number);
    await shop.pot(number, 10_000);
    const offerId = await shop.offers.take({ stock: 10, regular: 1000 });
    const cart = await shop.readyCart(crew.headers, [{ offerId, quantity: 1 }]);
    await shop.db.rows(sql`update carts set locked_at = now() where uuid = ${cart.uuid}`);
    expect((await shop.setCard(crew.headers, "Merci")).json<ErrorBody>()).toMatchObject({ status: 409, code: "CART_LOCKED" });
    expect((await shop.validate(crew.headers, cart.uuid)).json<ErrorBody>()).toMatchObject({ status: 409, code: "CART_LOCKED" });
    expect(await shop.potRow(number)).toEqual({ budget_cents: 10_000, spent_cents: 0 });
  });

  it("makes the order once from the pot: stock taken, pot spent, cart gone, paid by moneyPot, on the invoice with the card", async () => {
    const number = staffNumber();
    const crew = await shop.crew(number);
    await shop.pot(number, 20_000);
    const offerId = await shop.offers.take({ stock: 5, regular: 2500 });
    const cart = await shop.readyCart(crew.headers, [{ offerId, quantity: 2 }]);
    await shop.setCard(crew.headers, "Merci pour votre fidélité !");
    const amount = toPay(cart);

    const first = await shop.validate(crew.headers, cart.uuid);
    expect(first.statusCode, first.body).toBe(200);
    const order = first.json<Order>();
    expect(order).toMatchObject({ uuid: cart.uuid, status: "PAID", customCardMessage: "Merci pour votre fidélité !", payment: { method: "moneyPot", status: "AUTHORISED", pspReference: null } });
    expect(order.payment?.date).toBe(order.paymentDate);
    expect(order.totalPrice.taxIncluded).toBe(amount);

    const again = await shop.validate(crew.headers, cart.uuid);
    expect(again.json<Order>().id).toBe(order.id);
    expect(await shop.ordersOfPot(number)).toHaveLength(1);
    expect(await shop.stockOf(offerId)).toBe(3);
    expect(await shop.potRow(number)).toEqual({ budget_cents: 20_000, spent_cents: amount });
    expect((await shop.moneyPot(crew.headers)).json()).toMatchObject({ budgetAmount: 20_000, spentAmount: amount, remainingAmount: 20_000 - amount });
    expect((await shop.cart.get(cart.uuid, crew.headers)).statusCode).toBe(404);

    for (const url of [`/api/v1/orders/${order.id}`, `/api/v1/orders/uuid/${cart.uuid}`, `/api/v1/orders/reference/${order.reference}`]) {
      const read = await shop.request({ url, headers: crew.headers });
      expect(read.json<Order>().payment, url).toMatchObject({ method: "moneyPot", status: "AUTHORISED" });
    }
    const [mail] = await shop.db.rows<{ text: string }>(sql`select text from outbox where subject like ${`%${order.reference}%`}`);
    expect(mail?.text).toContain("Merci pour votre fidélité !");

    const invoice = await shop.request({ url: `/api/v1/order-invoices/pdf/order/${order.id}`, headers: crew.headers });
    const text = await pdfText(invoice.rawPayload);
    expect(text).toContain("sur le budget du programme Empowerment");
    expect(text).toContain("Merci pour votre fidélité !");
    const english = await pdfText((await shop.request({ url: `/api/v1/order-invoices/pdf/order/${order.id}?locale=en_US`, headers: crew.headers })).rawPayload);
    expect(english).toContain("from the empowerment programme budget");
  });

  it("counts to the cent: three orders of 33.33 € (plus shipping) leave 0.01 €, and a fourth of 0.02 € is refused with nothing written", async () => {
    const number = staffNumber();
    const crew = await shop.crew(number);
    const offerId = await shop.offers.take({ stock: 50, regular: 3333 });
    const probe = await shop.readyCart(crew.headers, [{ offerId, quantity: 1 }]);
    const shipping = toPay(probe) - 3333;
    await shop.pot(number, 3 * (3333 + shipping) + 1);
    await shop.cart.remove(probe.uuid, crew.headers);

    for (let order = 1; order <= 3; order += 1) {
      const cart = await shop.readyCart(crew.headers, [{ offerId, quantity: 1 }]);
      expect((await shop.validate(crew.headers, cart.uuid)).statusCode).toBe(200);
    }
    expect((await shop.moneyPot(crew.headers)).json()).toMatchObject({ remainingAmount: 1 });

    const small = await shop.offers.take({ stock: 5, regular: 2 });
    const cart = await shop.readyCart(crew.headers, [{ offerId: small, quantity: 1 }]);
    const refused = await shop.validate(crew.headers, cart.uuid);
    expect(refused.json<ErrorBody>()).toMatchObject({ status: 409, code: "BUDGET_EXCEEDED" });
    expect(refused.json<ErrorBody>().message).toContain("€0.01");
    expect(await shop.stockOf(small)).toBe(5);
    expect((await shop.cart.get(cart.uuid, crew.headers)).statusCode).toBe(200);
    expect(await shop.ordersOfPot(number)).toHaveLength(3);
    expect((await shop.moneyPot(crew.headers)).json()).toMatchObject({ remainingAmount: 1 });
  });

  it("refuses what cannot be ordered: no pot, no staff number, an empty or incomplete cart, short stock, a stranger's cart", async () => {
    const number = staffNumber();
    const crew = await shop.crew(number);
    const offerId = await shop.offers.take({ stock: 3, regular: 1000 });
    const cart = await shop.readyCart(crew.headers, [{ offerId, quantity: 2 }]);
    expect((await shop.validate(crew.headers, cart.uuid)).json<ErrorBody>()).toMatchObject({ status: 404, code: "MONEY_POT_NOT_FOUND" });
    const anonymous = await shop.crew(null);
    expect((await shop.moneyPot(anonymous.headers)).json<ErrorBody>()).toMatchObject({ status: 404, code: "MONEY_POT_NOT_FOUND" });

    await shop.pot(number, 100_000);
    await shop.db.rows(sql`update offers set stock_quantity = 1 where id = ${offerId}`);
    const short = await shop.validate(crew.headers, cart.uuid);
    expect(short.json<ErrorBody>()).toMatchObject({ status: 409, code: "OUT_OF_STOCK" });
    expect(short.json<ErrorBody>().fields?.[0]?.field).toBe(cart.cartItems[0]?.product.reference);
    expect(await shop.potRow(number)).toEqual({ budget_cents: 100_000, spent_cents: 0 });

    const stranger = await shop.crew(number);
    expect((await shop.validate(stranger.headers, cart.uuid)).statusCode).toBe(404);
    expect((await shop.validate(stranger.headers, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);

    const other = await shop.crew(staffNumber());
    await shop.cart.setQuantity({ offerId: await shop.offers.take({ stock: 3, regular: 1000 }), quantity: 1 }, other.headers);
    const incomplete = (await shop.cart.getCustomer(other.headers)).json<Cart>();
    expect((await shop.validate(other.headers, incomplete.uuid)).json<ErrorBody>()).toMatchObject({ status: 409, code: "CART_INCOMPLETE" });
    await shop.cart.setQuantity({ offerId: incomplete.cartItems[0]?.offerId, quantity: 0 }, other.headers);
    expect((await shop.validate(other.headers, incomplete.uuid)).json<ErrorBody>()).toMatchObject({ status: 409, code: "CART_EMPTY" });
  });

  it("delivers only to the programme's countries: a Belgian or British address is served, a Swiss one refused", async () => {
    const number = staffNumber();
    const crew = await shop.crew(number);
    await shop.pot(number, 100_000);
    const offerId = await shop.offers.take({ stock: 5, regular: 1000 });
    await shop.readyCart(crew.headers, [{ offerId, quantity: 1 }]);
    const london = { firstName: "Louis", lastName: "Fournier", street: "10 Downing Street", city: "London", postCode: "SW1A 2AA", country: "GB", phone: "+447911123456" };
    await shop.readyCart(crew.headers, [{ offerId, quantity: 1 }], london);

    const geneva = { firstName: "Louis", lastName: "Fournier", street: "1 rue du Rhône", city: "Genève", postCode: "1204", country: "CH", phone: "+41791234567" };
    const refused = await shop.json("PUT", "/api/v1/shopping-cart/shipping-address", crew.headers, geneva);
    expect(refused.json<ErrorBody>()).toMatchObject({ status: 400, code: "COUNTRY_NOT_ALLOWED", fields: [{ field: "country" }] });

    // An address written before the rule (or by another path) is still refused at the order.
    const cart = (await shop.cart.getCustomer(crew.headers)).json<Cart>();
    await shop.db.rows(sql`update carts set shipping_address = jsonb_set(shipping_address, '{country}', '"CH"') where uuid = ${cart.uuid}`);
    expect((await shop.validate(crew.headers, cart.uuid)).json<ErrorBody>()).toMatchObject({ status: 400, code: "COUNTRY_NOT_ALLOWED" });
    expect(await shop.potRow(number)).toEqual({ budget_cents: 100_000, spent_cents: 0 });
  });

  it("never spends more than the pot: 20 validations at once against a pot for 3 make exactly 3 orders", async () => {
    const number = staffNumber();
    const offerId = await shop.offers.take({ stock: 100, regular: 1000 });
    const members = await Promise.all(Array.from({ length: 20 }, () => shop.crew(number)));
    const carts: Cart[] = [];
    for (const member of members) carts.push(await shop.readyCart(member.headers, [{ offerId, quantity: 1 }]));
    const price = toPay(carts[0] ?? carts[1] ?? (await Promise.reject(new Error("no cart"))));
    await shop.pot(number, 3 * price + price - 1);

    const answers = await Promise.all(members.map((member, index) => shop.validate(member.headers, carts[index]?.uuid ?? "")));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 409)).toBe(true);
    expect(await shop.ordersOfPot(number)).toHaveLength(3);
    const pot = await shop.potRow(number);
    expect(pot?.spent_cents).toBe(3 * price);
    expect((pot?.budget_cents ?? 0) - (pot?.spent_cents ?? 0)).toBeGreaterThanOrEqual(0);
    expect(await shop.stockOf(offerId)).toBe(97);
  });

  it("answers the same order to two tabs validating one cart at once", async () => {
    const number = staffNumber();
    const crew = await shop.crew(number);
    await shop.pot(number, 100_000);
    const offerId = await shop.offers.take({ stock: 5, regular: 1000 });
    const cart = await shop.readyCart(crew.headers, [{ offerId, quantity: 1 }]);
    const [one, two] = await Promise.all([shop.validate(crew.headers, cart.uuid), shop.validate(crew.headers, cart.uuid)]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.json<Order>().id).toBe(two.json<Order>().id);
    expect(await shop.ordersOfPot(number)).toHaveLength(1);
    expect(await shop.potRow(number)).toEqual({ budget_cents: 100_000, spent_cents: toPay(cart) });
  });
});
