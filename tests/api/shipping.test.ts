// The checkout's shipping step over the API: the delivery address (home or relay point), the
// billing address, the shipment methods offered by zone and weight, and the cart's shipments and
// totals once a method is chosen.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_COUPONS, GIFT_PRODUCT_REFERENCE } from "../../server/seed/coupons.ts";
import { DEMO_CUSTOMER_PASSWORD, DEMO_CUSTOMERS } from "../../server/seed/data/customers.ts";
import { backends } from "../support/test-app.ts";
import { cartClient, cartOf, type Cart } from "./cart-fixtures.ts";
import { asCustomer, startAccountsShop, type AccountsShop, type Schemas } from "./customers-support.ts";

type ShipmentMethod = Schemas["ShipmentMethod"];
type Headers = Record<string, string>;

const PARIS = { firstName: "Jeanne", lastName: "Dupont", street: "12 rue de Rivoli", city: "Paris", postCode: "75001", country: "FR", phone: "+33612345678" };
const PARIS_OFFICE = { ...PARIS, company: "Atelier Dupont", street: "8 boulevard Haussmann", postCode: "75009" };
const RELAY_LYON = { ...PARIS, street: "Tabac de la Gare, 3 place Carnot", city: "Lyon", postCode: "69002" };
const GUADELOUPE = { ...PARIS, street: "5 rue Frébault", city: "Pointe-à-Pitre", postCode: "97110", country: "GP", phone: "+590690123456" };
const SAINT_BARTHELEMY = { ...PARIS, street: "Rue du Roi Oscar II", city: "Gustavia", postCode: "97133", country: "BL", phone: "+590690123456" };
const NOUMEA = { ...PARIS, street: "10 rue de Sébastopol", city: "Nouméa", postCode: "98800", country: "NC", phone: "+687751234" };
const MONACO = { ...PARIS, street: "2 avenue de la Costa", city: "Monaco", postCode: "98000", country: "MC", phone: "+37799123456" };
const BERLIN = { ...PARIS, street: "Unter den Linden 5", city: "Berlin", postCode: "10117", country: "DE", phone: "+4915123456789" };
const GENEVA = { ...PARIS, street: "Rue du Rhône 40", city: "Genève", postCode: "1204", country: "CH", phone: "+41791234567" };
const RELAY_ID = "R69002A";

describe.each(backends())("the checkout's shipping step on $name", (backend) => {
  let shop: AccountsShop;
  let api: ReturnType<typeof cartClient>;
  let methodIds: Map<string, number>;
  const freeOffers = new Map<number, number[]>();

  beforeAll(async () => {
    shop = await startAccountsShop(backend, { seed: true });
    api = cartClient(shop);
    const methods = await shop.db.rows<{ id: number; carrier: string }>(sql`select id, carrier from shipment_methods`);
    methodIds = new Map(methods.map((row) => [row.carrier, row.id]));
    // Offers of products with a single variant: changing such a product's weight touches no other test's offer.
    const offers = await shop.db.rows<{ id: number; tax_rate_bp: number }>(sql`
      select o.id, p.tax_rate_bp from offers o join variants v on v.id = o.variant_id join products p on p.id = v.product_id
      where p.reference <> ${GIFT_PRODUCT_REFERENCE} and (select count(*) from variants w where w.product_id = p.id) = 1
      order by o.id`);
    for (const row of offers) freeOffers.set(row.tax_rate_bp, [...(freeOffers.get(row.tax_rate_bp) ?? []), row.id]);
  });
  afterAll(() => shop?.close());

  const idOf = (carrier: string) => {
    const id = methodIds.get(carrier);
    if (id === undefined) throw new Error(`no method ${carrier}`);
    return id;
  };

  /** An offer of its own product, weighing `grams`, priced `cents` tax included. */
  const offerWeighing = async (grams: number, cents = 2000, taxRateBp = 2000) => {
    const offerId = freeOffers.get(taxRateBp)?.shift();
    if (offerId === undefined) throw new Error(`too few offers taxed at ${taxRateBp}`);
    await shop.db.rows(sql`
      update offers set stock_quantity = 100, regular_price_cents = ${cents}, discount_price_cents = null, min_order_quantity = 1, max_order_quantity = null
      where id = ${offerId}`);
    await shop.db.rows(sql`
      update products set transport_weight_grams = ${grams}
      where id = (select v.product_id from offers o join variants v on v.id = o.variant_id where o.id = ${offerId})`);
    return offerId;
  };
  const reweigh = (offerId: number, grams: number) =>
    shop.db.rows(sql`
      update products set transport_weight_grams = ${grams}
      where id = (select v.product_id from offers o join variants v on v.id = o.variant_id where o.id = ${offerId})`);

  /** A new signed-in customer whose cart holds these lines. */
  const customerWithCart = async (lines: { offerId: number; quantity: number }[]) => {
    const { token } = await shop.register();
    const headers = asCustomer(token);
    let cart: Cart | undefined;
    for (const line of lines) cart = cartOf(await api.setQuantity(line, headers));
    if (!cart) throw new Error("no lines");
    return { token, headers, cart };
  };

  const query = (params: Record<string, string | undefined>) => {
    const entries = Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined);
    return entries.length === 0 ? "" : `?${new URLSearchParams(entries).toString()}`;
  };
  const setShipping = (headers: Headers, address: Record<string, unknown>, params: { relayPointId?: string; shoppingCartId?: string; locale?: string } = {}) =>
    shop.call({ method: "PUT", url: `/api/v1/shopping-cart/shipping-address${query(params)}`, headers, payload: address });
  const setBilling = (headers: Headers, billingAddressName: unknown, params: { shoppingCartId?: string } = {}) =>
    shop.call({ method: "PUT", url: `/api/v1/shopping-cart/billing-address${query(params)}`, headers, payload: { billingAddressName } });
  const listMethods = (headers: Headers, params: { shoppingCartId?: string; locale?: string } = {}) =>
    shop.call({ url: `/api/v1/shopping-cart/shipment-methods${query(params)}`, headers });
  const chooseMethods = (headers: Headers, shipmentMethodIds: unknown, params: { shoppingCartId?: string; locale?: string } = {}) =>
    shop.call({ method: "PUT", url: `/api/v1/shopping-cart/shipment-methods${query(params)}`, headers, payload: { shipmentMethodIds } });
  const saveAddress = (headers: Headers, address: Record<string, unknown>) =>
    shop.call({ method: "POST", url: "/api/v1/customers/address", headers, payload: address });

  const methodsOf = (response: LightMyRequestResponse) => {
    if (response.statusCode !== 200) throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
    return response.json<ShipmentMethod[]>();
  };
  const offered = (methods: ShipmentMethod[]) => methods.map((method) => [method.carrier, method.price.taxIncluded]);
  const expectRefused = (response: LightMyRequestResponse, field: string, code = "VALIDATION_FAILED") => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, code, fields: [expect.objectContaining({ field })] });
  };

  describe("shipments", () => {
    it("gives a customer's cart one shipment weighing quantity × transport weight of its lines, without a method yet", async () => {
      const [bag, tags] = [await offerWeighing(120), await offerWeighing(95)];
      const { cart, headers } = await customerWithCart([
        { offerId: bag, quantity: 3 },
        { offerId: tags, quantity: 2 },
      ]);
      expect(cart.shipments).toHaveLength(1);
      const [shipment] = cart.shipments;
      expect(shipment).toMatchObject({
        shipmentWeight: 3 * 120 + 2 * 95,
        shipmentMethod: null,
        price: { taxIncluded: 0, taxFree: 0, taxAmount: 0 },
        trackingInfo: null,
        address: null,
        relayPointId: null,
      });
      expect(shipment?.items.map((item) => [item.offerId, item.quantity])).toEqual([
        [bag, 3],
        [tags, 2],
      ]);
      expect(shipment?.items.every((item) => item.name.length > 0 && item.reference.length > 0)).toBe(true);
      expect(cart.shippingPrice).toBeNull();
      expect(cart.totalPrice.taxIncluded).toBe(5 * 2000);

      // The weight follows the quantities, and a gift line travels in the parcel too.
      const more = cartOf(await api.setQuantity({ offerId: bag, quantity: 4 }, headers));
      expect(more.shipments[0]?.shipmentWeight).toBe(4 * 120 + 2 * 95);
      const [gift] = await shop.db.rows<{ weight: number }>(
        sql`select transport_weight_grams as weight from products where reference = ${GIFT_PRODUCT_REFERENCE}`,
      );
      const withGift = cartOf(await api.setCoupon(more.uuid, DEMO_COUPONS.gift, headers));
      expect(withGift.shipments[0]?.shipmentWeight).toBe(4 * 120 + 2 * 95 + (gift?.weight ?? Number.NaN));
    });

    it("gives an anonymous cart no shipments", async () => {
      const cart = cartOf(await api.setQuantity({ offerId: await offerWeighing(300), quantity: 1 }));
      expect(cart.shipments).toEqual([]);
      expect(cart.shippingPrice).toBeNull();
    });
  });

  describe("methods by destination zone", () => {
    let offerId: number;
    let headers: Headers;
    beforeAll(async () => {
      offerId = await offerWeighing(400);
      ({ headers } = await customerWithCart([{ offerId, quantity: 1 }]));
    });

    const METRO = [["RETSUPP", 0], ["LETTRE SUIVIE", 590], ["DOS", 595], ["CHRONO13H_BtoC", 1290]];
    const OVERSEAS = [["RETSUPP", 0], ["LETTRE SUIVIE", 890], ["CDS", 995], ["DHL_WPX", 2990], ["CHRONOEXPR", 3990]];

    it("offers those that deliver to metropolitan France before any address is given", async () => {
      expect(offered(methodsOf(await listMethods(headers)))).toEqual(METRO);
    });

    it.each([
      ["a home in metropolitan France", PARIS, undefined, METRO],
      ["Monaco, served as metropolitan France", MONACO, undefined, METRO],
      [
        "an address with a company (the business service too)",
        PARIS_OFFICE,
        undefined,
        [["RETSUPP", 0], ["LETTRE SUIVIE", 590], ["DOS", 595], ["CHRONO13H_BtoB", 1190], ["CHRONO13H_BtoC", 1290]],
      ],
      ["a relay point (the relay service, no home delivery)", RELAY_LYON, RELAY_ID, [["RETSUPP", 0], ["A2P", 395]]],
      ["Guadeloupe", GUADELOUPE, undefined, OVERSEAS],
      ["Saint-Barthélemy", SAINT_BARTHELEMY, undefined, OVERSEAS],
      ["New Caledonia", NOUMEA, undefined, OVERSEAS],
      [
        "the European Union",
        BERLIN,
        undefined,
        [["RETSUPP", 0], ["DELIVENGO_SUIVI", 990], ["DOS", 1350], ["DHL_ESU", 1490], ["CHRONOCLA", 1990], ["DHL_ECX", 2490], ["CHRONOEXPR", 3290]],
      ],
      ["the rest of the world", GENEVA, undefined, [["RETSUPP", 0], ["CHRONOCLA", 2990], ["DHL_WPX", 3490], ["CHRONOEXPR", 4490]]],
    ])("offers, cheapest first, what serves %s", async (_case, address, relayPointId, expected) => {
      expect((await setShipping(headers, address, { relayPointId })).statusCode).toBe(200);
      const methods = methodsOf(await listMethods(headers));
      expect(offered(methods)).toEqual(expected);
      // Whatever is offered can be chosen.
      for (const method of methods) {
        const chosen = cartOf(await chooseMethods(headers, [method.id]));
        expect(chosen.shipments[0]?.shipmentMethod).toEqual(method);
      }
    });

    it("names the methods in the request's language, with their delivery time and tax", async () => {
      expect((await setShipping(headers, PARIS)).statusCode).toBe(200);
      const french = methodsOf(await listMethods(headers, { locale: "fr_FR" }));
      const english = methodsOf(await listMethods(headers, { locale: "en_US" }));
      expect(french.find((method) => method.carrier === "RETSUPP")?.name).toBe("Retrait en boutique");
      expect(english.find((method) => method.carrier === "RETSUPP")?.name).toBe("Store pickup");
      expect(english.find((method) => method.carrier === "DOS")).toEqual({
        id: idOf("DOS"),
        carrier: "DOS",
        name: "Colissimo home delivery",
        deliveryTime: 2,
        deliveryTimeUnit: "DAY",
        price: { taxIncluded: 595, taxFree: 496, taxRate: 20, taxAmount: 99 },
      });
      expect(english.find((method) => method.carrier === "CHRONO13H_BtoC")).toMatchObject({ deliveryTime: 24, deliveryTimeUnit: "HOUR" });
    });
  });

  describe("methods by weight band", () => {
    let offerId: number;
    let headers: Headers;
    beforeAll(async () => {
      offerId = await offerWeighing(1);
      ({ headers } = await customerWithCart([{ offerId, quantity: 1 }]));
    });

    const PLACES = { PARIS, PARIS_OFFICE, RELAY_LYON, GUADELOUPE, NOUMEA, BERLIN, GENEVA } as const;
    it.each([
      ["DOS", "PARIS", 250, 495],
      ["DOS", "PARIS", 251, 595],
      ["DOS", "PARIS", 30000, 2495],
      ["DOS", "PARIS", 30001, null],
      ["LETTRE SUIVIE", "PARIS", 100, 290],
      ["LETTRE SUIVIE", "PARIS", 500, 590],
      ["LETTRE SUIVIE", "PARIS", 501, null],
      ["CHRONO13H_BtoC", "PARIS", 1000, 1290],
      ["CHRONO13H_BtoC", "PARIS", 1001, 1490],
      ["CHRONO13H_BtoB", "PARIS_OFFICE", 30000, 3590],
      ["CHRONO13H_BtoB", "PARIS_OFFICE", 30001, null],
      ["RETSUPP", "PARIS", 30001, 0],
      ["RETSUPP", "BERLIN", 100000, 0],
      ["RETSUPP", "BERLIN", 100001, null],
      ["A2P", "RELAY_LYON", 20000, 1595],
      ["A2P", "RELAY_LYON", 20001, null],
      ["CDS", "GUADELOUPE", 500, 995],
      ["CDS", "GUADELOUPE", 501, 1450],
      ["CDS", "GUADELOUPE", 30001, null],
      ["DHL_WPX", "GUADELOUPE", 10000, 9900],
      ["CHRONOEXPR", "NOUMEA", 2000, 4790],
      ["DELIVENGO_SUIVI", "BERLIN", 2000, 1690],
      ["DELIVENGO_SUIVI", "BERLIN", 2001, null],
      ["K+N_EuroLinkClassic", "BERLIN", 5000, null],
      ["K+N_EuroLinkClassic", "BERLIN", 5001, 3490],
      ["K+N_EuroLinkClassic", "BERLIN", 70000, 7900],
      ["K+N_EuroLinkClassic", "BERLIN", 70001, null],
      ["DHL_ESU", "BERLIN", 30000, 3990],
      ["DHL_ECX", "BERLIN", 1001, 2990],
      ["CHRONOCLA", "GENEVA", 5000, 5490],
      ["DHL_WPX", "GENEVA", 30001, null],
    ] as const)("%s to %s for a %i g parcel costs %s", async (carrier, place, grams, price) => {
      await reweigh(offerId, grams);
      const relayPointId = place === "RELAY_LYON" ? RELAY_ID : undefined;
      expect((await setShipping(headers, PLACES[place], { relayPointId })).statusCode).toBe(200);
      const method = methodsOf(await listMethods(headers)).find((candidate) => candidate.carrier === carrier);
      expect(method?.price.taxIncluded ?? null).toBe(price);
      const chosen = await chooseMethods(headers, [idOf(carrier)]);
      if (price === null) expectRefused(chosen, "shipmentMethodIds");
      else expect(cartOf(chosen).shipments[0]?.price.taxIncluded).toBe(price);
    });

    it("drops a chosen method the parcel outgrows, and prices it by its new band", async () => {
      await reweigh(offerId, 400);
      expect((await setShipping(headers, PARIS)).statusCode).toBe(200);
      const letter = cartOf(await chooseMethods(headers, [idOf("LETTRE SUIVIE")]));
      expect(letter.shippingPrice?.taxIncluded).toBe(590);
      const dos = cartOf(await chooseMethods(headers, [idOf("DOS")]));
      expect(dos.shippingPrice?.taxIncluded).toBe(595);

      await reweigh(offerId, 800);
      const heavier = cartOf(await api.getCustomer(headers));
      expect(heavier.shipments[0]?.shipmentMethod?.carrier).toBe("DOS");
      expect(heavier.shippingPrice?.taxIncluded).toBe(695);

      expectRefused(await chooseMethods(headers, [idOf("LETTRE SUIVIE")]), "shipmentMethodIds"); // 800 g is no letter
      await reweigh(offerId, 400);
      const letterAgain = cartOf(await chooseMethods(headers, [idOf("LETTRE SUIVIE")]));
      expect(letterAgain.shipments[0]?.shipmentMethod?.carrier).toBe("LETTRE SUIVIE");
      await reweigh(offerId, 501);
      const outgrown = cartOf(await api.getCustomer(headers));
      expect(outgrown.shipments[0]?.shipmentMethod).toBeNull();
      expect(outgrown.shippingPrice).toBeNull();
      expect(outgrown.totalPrice.taxIncluded).toBe(2000);
    });
  });

  describe("choosing", () => {
    it("refuses methods that cannot serve the shipment, naming shipmentMethodIds", async () => {
      const offerId = await offerWeighing(400);
      const { headers } = await customerWithCart([{ offerId, quantity: 1 }]);
      expect((await setShipping(headers, PARIS)).statusCode).toBe(200);
      expectRefused(await chooseMethods(headers, [idOf("A2P")]), "shipmentMethodIds"); // no relay point
      expectRefused(await chooseMethods(headers, [idOf("CDS")]), "shipmentMethodIds"); // not overseas
      expectRefused(await chooseMethods(headers, [idOf("CHRONO13H_BtoB")]), "shipmentMethodIds"); // no company
      expectRefused(await chooseMethods(headers, [idOf("DHL_ECX")]), "shipmentMethodIds"); // EU only
      expectRefused(await chooseMethods(headers, [2_000_000]), "shipmentMethodIds"); // unknown
      expectRefused(await chooseMethods(headers, [idOf("DOS"), idOf("DOS")]), "shipmentMethodIds"); // one shipment, two ids
      expectRefused(await chooseMethods(headers, []), "shipmentMethodIds");
      expectRefused(await chooseMethods(headers, ["DOS"]), "shipmentMethodIds.0");

      expect((await setShipping(headers, RELAY_LYON, { relayPointId: RELAY_ID })).statusCode).toBe(200);
      expectRefused(await chooseMethods(headers, [idOf("DOS")]), "shipmentMethodIds"); // home delivery to a relay point
      expect((await setShipping(headers, GUADELOUPE)).statusCode).toBe(200);
      expectRefused(await chooseMethods(headers, [idOf("DOS")]), "shipmentMethodIds"); // not overseas

      // Nothing was chosen by the refusals.
      const cart = cartOf(await api.getCustomer(headers));
      expect(cart.shipments[0]?.shipmentMethod).toBeNull();
    });

    it("refuses a method id for a cart without shipments", async () => {
      const offerId = await offerWeighing(400);
      const { headers, cart } = await customerWithCart([{ offerId, quantity: 1 }]);
      cartOf(await api.setQuantity({ offerId, quantity: 0, shoppingCartId: cart.uuid }, headers));
      expect(methodsOf(await listMethods(headers))).toEqual([]);
      expectRefused(await chooseMethods(headers, [idOf("RETSUPP")]), "shipmentMethodIds");
    });

    it("adds the shipping to the totals, taxes to the cent, with and without a coupon", async () => {
      const [scarf, guide] = [await offerWeighing(300, 1990, 2000), await offerWeighing(250, 1200, 550)];
      const { headers, cart } = await customerWithCart([
        { offerId: scarf, quantity: 2 },
        { offerId: guide, quantity: 1 },
      ]);
      expect(cart.shipments[0]?.shipmentWeight).toBe(850);
      expect((await setShipping(headers, PARIS)).statusCode).toBe(200);
      const chosen = cartOf(await chooseMethods(headers, [idOf("DOS")]));
      const dos = { taxIncluded: 695, taxFree: 579, taxRate: 20, taxAmount: 116 };
      expect(chosen.shipments[0]).toMatchObject({ price: dos, shipmentMethod: { carrier: "DOS", price: dos } });
      expect(chosen.shippingPrice).toEqual(dos);
      // Lines 2 × 19.90 € at 20 % (taxFree 33.17 €) and 12.00 € at 5.5 % (11.37 €), plus 6.95 € (5.79 €).
      expect(chosen.totalPrice).toEqual({ taxIncluded: 5875, taxFree: 5033, taxRate: 16.73, taxAmount: 842 });
      expect(chosen.specialPrice).toBeNull();

      // 10 % off the lines only (5.18 €, shared 3.98 € / 1.20 €): the shipping stays whole.
      const discounted = cartOf(await api.setCoupon(chosen.uuid, DEMO_COUPONS.percent, headers));
      expect(discounted.totalPrice).toEqual(chosen.totalPrice);
      expect(discounted.specialPrice).toEqual({ taxIncluded: 5357, taxFree: 4588, taxRate: 16.76, taxAmount: 769 });
      expect(discounted.shippingPrice).toEqual(dos);
    });

    it("sends a store pickup to the boutique, held in the customer's name, at no cost", async () => {
      const offerId = await offerWeighing(400, 2500);
      const { headers } = await customerWithCart([{ offerId, quantity: 1 }]);
      const cart = cartOf(await chooseMethods(headers, [idOf("RETSUPP")]));
      expect(cart.shippingAddress).toBeNull();
      expect(cart.shipments[0]).toMatchObject({
        shipmentMethod: { carrier: "RETSUPP", price: { taxIncluded: 0 } },
        relayPointId: null,
        address: { company: "Boutique Escale", postCode: "95700", city: "Roissy-en-France", country: "FR", firstName: "Jeanne", lastName: "Dupont" },
      });
      expect(cart.shippingPrice).toMatchObject({ taxIncluded: 0, taxFree: 0, taxAmount: 0 });
      expect(cart.totalPrice).toEqual({ taxIncluded: 2500, taxFree: 2083, taxRate: 20, taxAmount: 417 });
    });

    it("follows the shop owner's changes to prices and methods at once", async () => {
      const offerId = await offerWeighing(400);
      const { headers } = await customerWithCart([{ offerId, quantity: 1 }]);
      expect((await setShipping(headers, PARIS)).statusCode).toBe(200);
      cartOf(await chooseMethods(headers, [idOf("DOS")]));
      const dosBand = sql`method_id = ${idOf("DOS")} and zone_code = 'FR_METRO' and min_weight_grams = 251`;
      try {
        await shop.db.rows(sql`update shipment_rates set price_cents = 650 where ${dosBand}`);
        expect(methodsOf(await listMethods(headers)).find((method) => method.carrier === "DOS")?.price.taxIncluded).toBe(650);
        expect(cartOf(await api.getCustomer(headers)).shippingPrice?.taxIncluded).toBe(650);

        await shop.db.rows(sql`update shipment_methods set enabled = false where carrier = 'DOS'`);
        expect(offered(methodsOf(await listMethods(headers))).map(([carrier]) => carrier)).not.toContain("DOS");
        expect(cartOf(await api.getCustomer(headers)).shipments[0]?.shipmentMethod).toBeNull();
        expectRefused(await chooseMethods(headers, [idOf("DOS")]), "shipmentMethodIds");
      } finally {
        await shop.db.rows(sql`update shipment_rates set price_cents = 595 where ${dosBand}`);
        await shop.db.rows(sql`update shipment_methods set enabled = true where carrier = 'DOS'`);
      }
    });
  });

  describe("the delivery address", () => {
    it("is copied into the cart and its shipments; a new place resets the methods chosen, a new name or phone does not", async () => {
      const offerId = await offerWeighing(400);
      const { headers } = await customerWithCart([{ offerId, quantity: 1 }]);
      const home = cartOf(await setShipping(headers, { ...PARIS, name: "Maison", email: "jeanne@example.fr" }));
      const stored = {
        name: "Maison",
        company: null,
        ...PARIS,
        phone: "+33612345678",
        email: "jeanne@example.fr",
        website: null,
        latitude: null,
        longitude: null,
        defaultShipping: false,
        defaultBilling: false,
      };
      expect(home.shippingAddress).toEqual(stored);
      expect(home.shipments[0]?.address).toEqual(stored);

      cartOf(await chooseMethods(headers, [idOf("DOS")]));
      const renamed = cartOf(await setShipping(headers, { ...PARIS, name: "Chez moi", phone: "+33698765432" }));
      expect(renamed.shipments[0]?.shipmentMethod?.carrier).toBe("DOS");
      expect(renamed.shippingAddress?.name).toBe("Chez moi");

      const moved = cartOf(await setShipping(headers, { ...PARIS, street: "1 place de la Concorde", postCode: "75008" }));
      expect(moved.shipments[0]?.shipmentMethod).toBeNull();
      expect(moved.shippingPrice).toBeNull();
      // Without a name, one is made from the street and the postcode.
      expect(moved.shippingAddress?.name).toMatch(/^placedelaConcorde75008[A-Z0-9]{8}$/);

      cartOf(await chooseMethods(headers, [idOf("DOS")]));
      expect(cartOf(await setShipping(headers, { ...PARIS, street: "1 place de la Concorde", postCode: "75008", company: "Atelier" })).shipments[0]?.shipmentMethod).toBeNull();
    });

    it("keeps the relay point with a relay's address, and drops it with a home address", async () => {
      const offerId = await offerWeighing(400);
      const { headers } = await customerWithCart([{ offerId, quantity: 1 }]);
      const relay = cartOf(await setShipping(headers, RELAY_LYON, { relayPointId: RELAY_ID }));
      expect(relay.shippingAddress).toMatchObject({ street: RELAY_LYON.street, postCode: "69002" });
      expect(relay.shipments[0]?.relayPointId).toBe(RELAY_ID);
      const chosen = cartOf(await chooseMethods(headers, [idOf("A2P")]));
      expect(chosen.shipments[0]).toMatchObject({ relayPointId: RELAY_ID, shipmentMethod: { carrier: "A2P" }, price: { taxIncluded: 395 } });

      // Another relay point at the same address is another place.
      const other = cartOf(await setShipping(headers, RELAY_LYON, { relayPointId: "R69002B" }));
      expect(other.shipments[0]).toMatchObject({ relayPointId: "R69002B", shipmentMethod: null });

      const home = cartOf(await setShipping(headers, RELAY_LYON));
      expect(home.shipments[0]).toMatchObject({ relayPointId: null, shipmentMethod: null });
      expect(offered(methodsOf(await listMethods(headers))).map(([carrier]) => carrier)).not.toContain("A2P");
    });

    it.each([
      ["a missing first name", { ...PARIS, firstName: undefined }, {}, "firstName", "VALIDATION_FAILED"],
      ["a one-letter last name", { ...PARIS, lastName: "D" }, {}, "lastName", "VALIDATION_FAILED"],
      ["a city of digits", { ...PARIS, city: "75001" }, {}, "city", "VALIDATION_FAILED"],
      ["a postcode without digits", { ...PARIS, postCode: "ABCDE" }, {}, "postCode", "VALIDATION_FAILED"],
      ["a lower-case country", { ...PARIS, country: "fr" }, {}, "country", "VALIDATION_FAILED"],
      ["an unknown property", { ...PARIS, floor: 3 }, {}, "floor", "VALIDATION_FAILED"],
      ["a phone that is not international", { ...PARIS, phone: "0612345678" }, {}, "phone", "VALIDATION_FAILED"],
      ["a phone of another country", { ...PARIS, phone: "+4915123456789" }, {}, "phone", "PHONE_INVALID"],
      ["an overseas postcode with FR", { ...PARIS, postCode: "97110", city: "Pointe-à-Pitre" }, {}, "country", "OVERSEAS_POSTCODE"],
      ["Saint-Martin's postcode with FR", { ...PARIS, postCode: "97150", city: "Marigot" }, {}, "country", "OVERSEAS_POSTCODE"],
      ["a malformed relay point id", RELAY_LYON, { relayPointId: "R-1" }, "relayPointId", "VALIDATION_FAILED"],
      ["a relay point outside France", BERLIN, { relayPointId: RELAY_ID }, "country", "VALIDATION_FAILED"],
      ["a cart id that is no uuid", PARIS, { shoppingCartId: "42" }, "shoppingCartId", "VALIDATION_FAILED"],
    ])("answers 400 naming the field for %s", async (_case, address, params, field, code) => {
      const offerId = await offerWeighing(400);
      const { headers } = await customerWithCart([{ offerId, quantity: 1 }]);
      expectRefused(await setShipping(headers, address, params), field, code);
      expect(cartOf(await api.getCustomer(headers)).shippingAddress).toBeNull();
    });

    it("keeps an Empowerment customer to the programme's countries", async () => {
      const louis = DEMO_CUSTOMERS.find((customer) => customer.group === "EMPOWERMENT");
      if (!louis) throw new Error("no Empowerment demo customer");
      const signedIn = await shop.call({
        method: "POST",
        url: "/api/v1/customers/sign-in",
        payload: { email: louis.email, password: DEMO_CUSTOMER_PASSWORD, recaptchaData: await shop.captcha() },
      });
      const token = signedIn.json<Schemas["SignInResponse"]>().token;
      if (!token) throw new Error(`no token: ${signedIn.body}`);
      const headers = asCustomer(token);
      cartOf(await api.setQuantity({ offerId: await offerWeighing(400), quantity: 1 }, headers));
      expectRefused(await setShipping(headers, GENEVA), "country", "COUNTRY_NOT_ALLOWED");
      expect(cartOf(await setShipping(headers, BERLIN)).shippingAddress?.country).toBe("DE");
    });
  });

  describe("the billing address", () => {
    it("names an address of the customer's own address book, and only while it is there", async () => {
      const offerId = await offerWeighing(400);
      const { headers } = await customerWithCart([{ offerId, quantity: 1 }]);
      const other = await customerWithCart([{ offerId: await offerWeighing(400), quantity: 1 }]);
      expect((await saveAddress(headers, { ...PARIS, name: "Bureau" })).statusCode).toBe(200);
      expect((await saveAddress(other.headers, { ...PARIS, name: "Atelier" })).statusCode).toBe(200);

      const billed = cartOf(await setBilling(headers, "Bureau"));
      expect(billed.billingAddress).toEqual({ name: "Bureau" });
      expect(cartOf(await api.getCustomer(headers)).billingAddress).toEqual({ name: "Bureau" });

      // Another customer's address, or a name nobody has: 404, and the choice stays.
      for (const name of ["Atelier", "Nulle part", "bureau"]) {
        const refused = await setBilling(headers, name);
        expect(refused.statusCode, name).toBe(404);
        expect(refused.json()).toMatchObject({ status: 404, code: "NOT_FOUND" });
      }
      expect(cartOf(await api.getCustomer(headers)).billingAddress).toEqual({ name: "Bureau" });

      // Once the address leaves the book, the cart has no billing address.
      const deleted = await shop.call({ method: "DELETE", url: "/api/v1/customers/address/Bureau", headers });
      expect(deleted.statusCode).toBe(200);
      expect(cartOf(await api.getCustomer(headers)).billingAddress).toBeNull();
    });

    it("answers 400 naming billingAddressName for a bad name", async () => {
      const { headers } = await customerWithCart([{ offerId: await offerWeighing(400), quantity: 1 }]);
      expectRefused(await setBilling(headers, ""), "billingAddressName");
      expectRefused(await setBilling(headers, "x".repeat(51)), "billingAddressName");
      expectRefused(await shop.call({ method: "PUT", url: "/api/v1/shopping-cart/billing-address", headers, payload: {} }), "billingAddressName");
    });
  });

  describe("ownership", () => {
    it("works on the signed-in customer's own cart only", async () => {
      const offerId = await offerWeighing(400);
      const alice = await customerWithCart([{ offerId, quantity: 1 }]);
      const bob = await customerWithCart([{ offerId: await offerWeighing(400), quantity: 1 }]);
      expect((await saveAddress(bob.headers, { ...PARIS, name: "Maison" })).statusCode).toBe(200);
      cartOf(await setShipping(alice.headers, PARIS));
      const anonymous = cartOf(await api.setQuantity({ offerId: await offerWeighing(400), quantity: 1 }));
      const { token: carolToken } = await shop.register();
      const carol = asCustomer(carolToken);

      const attempts: [string, Headers, string | undefined][] = [
        ["someone else's cart", bob.headers, alice.cart.uuid],
        ["a guessed uuid", bob.headers, randomUUID()],
        ["an anonymous cart", bob.headers, anonymous.uuid],
        ["no cart of one's own", carol, undefined],
      ];
      for (const [what, headers, shoppingCartId] of attempts) {
        for (const response of [
          await setShipping(headers, PARIS_OFFICE, { shoppingCartId }),
          await setBilling(headers, "Maison", { shoppingCartId }),
          await listMethods(headers, { shoppingCartId }),
          await chooseMethods(headers, [idOf("DOS")], { shoppingCartId }),
        ]) {
          expect(response.statusCode, `${what}: ${response.body}`).toBe(404);
          expect(response.json()).toMatchObject({ status: 404, code: "NOT_FOUND" });
        }
      }
      // Alice's cart is as she left it; her own uuid works like no uuid.
      const mine = cartOf(await api.getCustomer(alice.headers));
      expect(mine.shippingAddress?.company).toBeNull();
      expect(mine.shipments[0]?.shipmentMethod).toBeNull();
      expect(cartOf(await chooseMethods(alice.headers, [idOf("DOS")], { shoppingCartId: alice.cart.uuid })).shipments[0]?.shipmentMethod?.carrier).toBe(
        "DOS",
      );
    });

    it("needs a signed-in customer", async () => {
      const forged = { "x-customer-authorization": "Bearer forged" };
      for (const headers of [{}, forged]) {
        for (const response of [
          await setShipping(headers, PARIS),
          await setBilling(headers, "Maison"),
          await listMethods(headers),
          await chooseMethods(headers, [1]),
        ]) {
          expect(response.statusCode).toBe(401);
          expect(response.json()).toMatchObject({ status: 401, code: "CUSTOMER_TOKEN_INVALID" });
        }
      }
    });

    it("changes nothing while the cart's payment is in progress", async () => {
      const offerId = await offerWeighing(400);
      const { headers, cart } = await customerWithCart([{ offerId, quantity: 1 }]);
      expect((await saveAddress(headers, { ...PARIS, name: "Maison" })).statusCode).toBe(200);
      cartOf(await setShipping(headers, PARIS));
      await shop.db.rows(sql`update carts set locked_at = now() where id = ${cart.id}`);
      for (const response of [
        await setShipping(headers, BERLIN),
        await setBilling(headers, "Maison"),
        await chooseMethods(headers, [idOf("DOS")]),
      ]) {
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ status: 409, code: "CART_LOCKED" });
      }
      expect(offered(methodsOf(await listMethods(headers))).length).toBeGreaterThan(0);
      const unchanged = cartOf(await api.getCustomer(headers));
      expect(unchanged).toMatchObject({ billingAddress: null, shippingAddress: { country: "FR" } });
      expect(unchanged.shipments[0]?.shipmentMethod).toBeNull();
    });
  });
});
