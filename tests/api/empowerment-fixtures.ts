// Shared set-up of the empowerment tests: a shop whose sessions the test controls, accounts of each
// group written straight into the database (crew members with a staff number and a Belgian billing
// address), money pots of the current month, carts made ready through the API as the empowerment
// checkout does, and the programme's calls (the setup as a real multipart form).
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import type { CustomerGroup } from "../../server/platform/sessions.ts";
import { parisMonthOf, type Month } from "../../server/modules/empowerment/paris-month.ts";
import { startTestApp, type Backend, type TestApp } from "../support/test-app.ts";
import { cartClient, cartOf, fakeSessions, offerPool, type Cart, type Schemas } from "./cart-fixtures.ts";

type Headers = Record<string, string>;
export type Order = Schemas["Order"];

export const BRUSSELS = { firstName: "Louis", lastName: "Fournier", street: "8 avenue Louise", city: "Bruxelles", postCode: "1050", country: "BE", phone: "+32470123456" };

export interface FormFile {
  name: string;
  content: string | Buffer;
  contentType?: string;
}

/** A multipart/form-data body of these fields and files, as a browser's FormData sends it. */
export function multipartForm(fields: Record<string, string | number>, files: Record<string, FormFile> = {}) {
  const boundary = `----escale${randomUUID().replaceAll("-", "")}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(files)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.name}"\r\nContent-Type: ${file.contentType ?? "text/csv"}\r\n\r\n`),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const currentMonth = (): Month => parisMonthOf(new Date());

export async function startEmpowermentShop(backend: Backend) {
  const { sessions, signInAs } = fakeSessions();
  const shop: TestApp = await startTestApp(backend, { app: { sessions } });
  const offers = await offerPool(shop);
  const api = cartClient(shop);
  const json = (method: "PUT" | "POST" | "GET", url: string, headers: Headers, payload?: unknown) =>
    shop.request({ method, url, headers: { ...headers, ...(payload === undefined ? {} : { "content-type": "application/json" }) }, ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }) });
  const expectOk = (response: LightMyRequestResponse, what: string) => {
    if (response.statusCode !== 200) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
    return response;
  };

  /** A new account of this group, signed in: its uuid and the headers of its calls. */
  async function account(group: CustomerGroup, options: { staffNumber?: string | null; admin?: boolean } = {}) {
    const id = randomUUID();
    const email = `${id}@example.com`;
    const [row] = await shop.db.rows<{ id: number }>(sql`
      insert into customers (uuid, email, password_hash, first_name, last_name, locale, customer_group, staff_number, is_empowerment_admin)
      values (${id}, ${email}, 'not-a-hash', 'Louis', 'Fournier', 'fr_FR', ${group}, ${options.staffNumber ?? null}, ${options.admin ?? false})
      returning id`);
    await shop.db.rows(sql`
      insert into customer_addresses (customer_id, name, first_name, last_name, street, city, post_code, country, phone)
      values (${row?.id}, 'Maison', 'Louis', 'Fournier', '8 avenue Louise', 'Bruxelles', '1050', 'BE', '+32470123456')`);
    return { id, headers: signInAs({ id, email, group, locale: "fr_FR" }) };
  }

  return {
    ...shop,
    offers,
    cart: api,
    account,
    admin: () => account("BRAND_EMPLOYEE", { admin: true }),
    crew: (staffNumber: string | null) => account("EMPOWERMENT", { staffNumber }),
    /** A pot of the current month for this staff number. */
    async pot(staffNumber: string, budgetCents: number, spentCents = 0) {
      const { year, month } = currentMonth();
      await shop.db.rows(sql`
        insert into money_pots (staff_number, year, month, budget_cents, spent_cents) values (${staffNumber}, ${year}, ${month}, ${budgetCents}, ${spentCents})
        on conflict (staff_number, year, month) do update set budget_cents = excluded.budget_cents, spent_cents = excluded.spent_cents`);
    },
    async potRow(staffNumber: string, at: Month = currentMonth()) {
      const [row] = await shop.db.rows<{ budget_cents: number; spent_cents: number }>(
        sql`select budget_cents, spent_cents from money_pots where staff_number = ${staffNumber} and year = ${at.year} and month = ${at.month}`,
      );
      return row;
    },
    /** A cart of the crew member holding these lines, delivered to `address`, billed to 'Maison', with the cheapest method. */
    async readyCart(headers: Headers, lines: { offerId: number; quantity: number }[], address: Record<string, string> = BRUSSELS): Promise<Cart> {
      let cart: Cart | undefined;
      for (const line of lines) cart = cartOf(await api.setQuantity(line, headers));
      if (!cart) throw new Error("no lines");
      expectOk(await json("PUT", "/api/v1/shopping-cart/shipping-address", headers, address), "delivery address");
      expectOk(await json("PUT", "/api/v1/shopping-cart/billing-address", headers, { billingAddressName: "Maison" }), "billing address");
      const methods = expectOk(await json("GET", "/api/v1/shopping-cart/shipment-methods", headers), "methods").json<{ id: number; carrier: string }[]>();
      const method = methods.find((candidate) => candidate.carrier !== "RETSUPP");
      if (!method) throw new Error(`no shipment method for ${address.country}`);
      const shipmentMethodIds = cart.shipments.map(() => method.id);
      return cartOf(expectOk(await json("PUT", "/api/v1/shopping-cart/shipment-methods", headers, { shipmentMethodIds }), "methods"));
    },
    json,
    setup(headers: Headers, fields: Record<string, string | number>, files: Record<string, FormFile> = {}) {
      const form = multipartForm(fields, files);
      return shop.request({ method: "POST", url: "/api/v1/empowerment/setup", headers: { ...headers, "content-type": form.contentType }, payload: form.payload });
    },
    listSetups: (headers: Headers) => shop.request({ url: "/api/v1/empowerment/setup", headers }),
    moneyPot: (headers: Headers) => shop.request({ url: "/api/v1/empowerment/money-pot/current", headers }),
    setCard: (headers: Headers, customCardMessage: string, shoppingCartId?: string) =>
      json("POST", `/api/v1/empowerment/order/setCustomCard${shoppingCartId ? `?shoppingCartId=${shoppingCartId}` : ""}`, headers, { customCardMessage }),
    validate: (headers: Headers, cartUuid: string, locale?: string) =>
      shop.request({ url: `/api/v1/empowerment/order/${cartUuid}/validate${locale ? `?locale=${locale}` : ""}`, headers }),
    async stockOf(offerId: number) {
      const [row] = await shop.db.rows<{ stock_quantity: number }>(sql`select stock_quantity from offers where id = ${offerId}`);
      if (!row) throw new Error(`no offer ${offerId}`);
      return row.stock_quantity;
    },
    ordersOfPot: (staffNumber: string) =>
      shop.db.rows<{ id: number; total_cents: number }>(
        sql`select o.id, o.total_cents from orders o join money_pots p on p.id = o.money_pot_id where p.staff_number = ${staffNumber} order by o.id`,
      ),
  };
}

export type EmpowermentShop = Awaited<ReturnType<typeof startEmpowermentShop>>;
