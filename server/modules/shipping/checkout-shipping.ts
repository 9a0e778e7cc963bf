// The shipping step of the checkout, for a signed-in customer and their own cart: the delivery
// address (or a relay point's), the billing address from the address book, and a shipment
// method for each shipment. Another customer's cart, an anonymous one or an unknown uuid is no
// cart of theirs (the handlers answer 404). A cart whose payment is in progress (`locked_at`,
// set by the payment) is not changed.
import { sql } from "drizzle-orm";
import type { components } from "../../../common/api/schema.gen.ts";
import { rowsOf, type Database, type Orm } from "../../db/client.ts";
import { badRequest } from "../../http/errors.ts";
import type { CustomerGroup } from "../../platform/sessions.ts";
import type { Lang } from "../catalog/locale.ts";
import { lockCart, lockCustomerCart, storedAddress, type Cart, type CartRepository, type CartRow } from "../cart/cart-repository.ts";
import { checkAddressRules, generatedAddressName, internationalPhone } from "../customers/addresses.ts";
import { cartParcels, destinationOf, shipmentMethodView, type ShipmentMethod } from "./cart-shipments.ts";
import { loadShippingRules } from "./shipping-rules-repository.ts";
import { availableMethods, quote, refusalMessage } from "./shipping-rules.ts";

type Schemas = components["schemas"];
type AddressInput = Schemas["AddressInput"];
type Address = Schemas["Address"];

export interface CheckoutCustomer {
  /** The customer's uuid (what carts are owned by). */
  id: string;
  group: CustomerGroup;
}

export type CheckoutResult =
  | { outcome: "updated"; cart: Cart }
  | { outcome: "unknown-cart" }
  | { outcome: "locked" }
  | { outcome: "unknown-address" }
  | { outcome: "refused"; field: string; message: string };

/** What a delivery depends on: a change of any of these resets the methods chosen. */
const PLACE_KEYS = ["street", "city", "postCode", "country", "company"] as const;

function samePlace(before: Address | null, beforeRelay: string | null, after: Address, afterRelay: string | null): boolean {
  return before !== null && beforeRelay === afterRelay && PLACE_KEYS.every((key) => (before[key] ?? null) === (after[key] ?? null));
}

/** The delivery address as the cart keeps it; 400 when it breaks the address book's rules. */
function deliveryAddress(input: AddressInput, group: CustomerGroup, relayPointId: string | null): Address {
  checkAddressRules({ country: input.country, postCode: input.postCode }, group);
  // Colissimo relay points are in France (SPEC §4: the relay search is for FR only).
  if (relayPointId !== null && input.country !== "FR") throw badRequest("country", "a relay point's address is in France (FR)");
  const phone = internationalPhone(input.phone, input.country);
  return {
    name: input.name?.trim() || generatedAddressName(input.street, input.postCode),
    company: input.company?.trim() || null,
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    street: input.street.trim(),
    city: input.city.trim(),
    postCode: input.postCode.trim(),
    country: input.country,
    phone,
    email: input.email ?? null,
    website: input.website ?? null,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    defaultShipping: false,
    defaultBilling: false,
  };
}

export function createCheckoutShipping(deps: { db: Database; carts: CartRepository }) {
  const { db, carts } = deps;

  /** The customer's cart, locked: `cartUuid` when given (if it is theirs), else their cart. */
  async function lockOwnCart(tx: Orm, customerId: string, cartUuid: string | null): Promise<CartRow | undefined> {
    const cart = cartUuid === null ? await lockCustomerCart(tx, customerId) : await lockCart(tx, cartUuid);
    return cart && cart.customer_id === customerId.toLowerCase() ? cart : undefined;
  }

  async function findOwnCart(customerId: string, cartUuid: string | null): Promise<CartRow | undefined> {
    const requester = { customerId };
    const cart = cartUuid === null ? await carts.findByCustomer(customerId) : await carts.find(cartUuid, requester);
    return cart && cart.customer_id === customerId.toLowerCase() ? cart : undefined;
  }

  /** The cart after a change, as the contract shows it. */
  async function updated(customerId: string, cartUuid: string, lang: Lang): Promise<CheckoutResult> {
    const cart = await carts.find(cartUuid, { customerId });
    return cart ? { outcome: "updated", cart: await carts.view(cart, lang) } : { outcome: "unknown-cart" };
  }

  const touch = (tx: Orm, cartId: number) => tx.execute(sql`update carts set updated_at = now(), last_used_at = now() where id = ${cartId}`);

  return {
    /**
     * Copies the delivery address into the cart, with the relay point when it is one's. The
     * methods chosen are dropped when the place changes (street, city, postcode, country, company
     * or relay point); a new name or phone keeps them.
     */
    async setShippingAddress(input: {
      customer: CheckoutCustomer;
      cartUuid: string | null;
      address: AddressInput;
      relayPointId: string | null;
      lang: Lang;
    }): Promise<CheckoutResult> {
      const { customer, relayPointId } = input;
      const address = deliveryAddress(input.address, customer.group, relayPointId);
      const result = await db.orm.transaction(async (tx) => {
        const cart = await lockOwnCart(tx, customer.id, input.cartUuid);
        if (!cart) return { outcome: "unknown-cart" } as const;
        if (cart.locked_at) return { outcome: "locked" } as const;
        if (!samePlace(storedAddress(cart.shipping_address), cart.relay_point_id, address, relayPointId)) {
          await tx.execute(sql`delete from cart_shipment_methods where cart_id = ${cart.id}`);
        }
        await tx.execute(sql`
          update carts set shipping_address = ${JSON.stringify(address)}::jsonb, relay_point_id = ${relayPointId}
          where id = ${cart.id}`);
        await touch(tx, cart.id);
        return { outcome: "saved", cartUuid: cart.uuid } as const;
      });
      return result.outcome === "saved" ? updated(customer.id, result.cartUuid, input.lang) : result;
    },

    /** Names an address of the customer's address book as the cart's billing address. */
    async setBillingAddress(input: { customerId: string; cartUuid: string | null; name: string; lang: Lang }): Promise<CheckoutResult> {
      const result = await db.orm.transaction(async (tx) => {
        const cart = await lockOwnCart(tx, input.customerId, input.cartUuid);
        if (!cart) return { outcome: "unknown-cart" } as const;
        if (cart.locked_at) return { outcome: "locked" } as const;
        const [address] = await rowsOf<{ name: string }>(
          tx,
          sql`select a.name from customer_addresses a join customers c on c.id = a.customer_id
              where c.uuid = ${input.customerId.toLowerCase()} and a.name = ${input.name}`,
        );
        if (!address) return { outcome: "unknown-address" } as const;
        await tx.execute(sql`update carts set billing_address_name = ${address.name} where id = ${cart.id}`);
        await touch(tx, cart.id);
        return { outcome: "saved", cartUuid: cart.uuid } as const;
      });
      return result.outcome === "saved" ? updated(input.customerId, result.cartUuid, input.lang) : result;
    },

    /** The methods that can take every shipment of the cart to its destination, cheapest first. */
    async listMethods(input: { customerId: string; cartUuid: string | null; lang: Lang }): Promise<ShipmentMethod[] | undefined> {
      const cart = await findOwnCart(input.customerId, input.cartUuid);
      if (!cart) return undefined;
      const [rules, parcels] = await Promise.all([loadShippingRules(db.orm), cartParcels(db.orm, cart.id)]);
      const destination = destinationOf(storedAddress(cart.shipping_address), cart.relay_point_id);
      return availableMethods(
        rules,
        destination,
        parcels.map((parcel) => parcel.weightGrams),
      ).map((offer) => shipmentMethodView(offer.method, offer, input.lang));
    },

    /** Chooses one method per shipment, in the order of the cart's shipments. */
    async chooseMethods(input: { customerId: string; cartUuid: string | null; methodIds: readonly number[]; lang: Lang }): Promise<CheckoutResult> {
      const field = "shipmentMethodIds";
      const result = await db.orm.transaction(async (tx) => {
        const cart = await lockOwnCart(tx, input.customerId, input.cartUuid);
        if (!cart) return { outcome: "unknown-cart" } as const;
        if (cart.locked_at) return { outcome: "locked" } as const;
        const parcels = await cartParcels(tx, cart.id);
        if (input.methodIds.length !== parcels.length) {
          return { outcome: "refused", field, message: `the cart has ${parcels.length} shipment(s), ${input.methodIds.length} method id(s) were given` } as const;
        }
        const rules = await loadShippingRules(tx);
        const destination = destinationOf(storedAddress(cart.shipping_address), cart.relay_point_id);
        const choices: { shopId: number; methodId: number }[] = [];
        for (const [index, parcel] of parcels.entries()) {
          const methodId = input.methodIds[index];
          const method = rules.methods.find((candidate) => candidate.id === methodId);
          if (methodId === undefined || !method) return { outcome: "refused", field, message: `no shipment method ${methodId}` } as const;
          const offered = quote(rules.areas, method, destination, parcel.weightGrams);
          if ("refusal" in offered) {
            return { outcome: "refused", field, message: `${method.carrier} ${refusalMessage(offered.refusal)} (shipment ${index + 1})` } as const;
          }
          choices.push({ shopId: parcel.shopId, methodId: method.id });
        }
        await tx.execute(sql`delete from cart_shipment_methods where cart_id = ${cart.id}`);
        for (const choice of choices) {
          await tx.execute(sql`
            insert into cart_shipment_methods (cart_id, shop_id, method_id) values (${cart.id}, ${choice.shopId}, ${choice.methodId})`);
        }
        await touch(tx, cart.id);
        return { outcome: "saved", cartUuid: cart.uuid } as const;
      });
      return result.outcome === "saved" ? updated(input.customerId, result.cartUuid, input.lang) : result;
    },
  };
}

export type CheckoutShipping = ReturnType<typeof createCheckoutShipping>;
