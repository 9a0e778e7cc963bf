// Shopping carts: lines against the offers' stock and order bounds, coupons, and the Cart the
// contract describes. Every change is one transaction that first locks the cart row
// (`select … for update`), so concurrent changes of one cart queue up instead of overwriting
// each other; lines are written with upserts on (cart, offer, gift).
import { sql } from "drizzle-orm";
import type { components } from "../../../common/api/schema.gen.ts";
import { rowsOf, type Database, type Orm } from "../../db/client.ts";
import { priceOf, toOffer, type CatalogRepository } from "../catalog/catalog-repository.ts";
import type { Lang } from "../catalog/locale.ts";
import { cartShipments } from "../shipping/cart-shipments.ts";
import { cartTotals, couponHolds, linePrice, sumPrices, type CouponRule, type PricedLine } from "./cart-pricing.ts";

type Schemas = components["schemas"];
export type Cart = Schemas["Cart"];
type CartItem = Schemas["CartItem"];
type Address = Schemas["Address"];
type SelectedAttribute = Schemas["SelectedAttribute"];

/** Who asks: the signed-in customer's id, or null for an anonymous shopper. */
export interface Requester {
  customerId: string | null;
}

/** Cart ids are `serial`: a larger id (the contract allows up to 2^53) names no cart. */
/** A cart's public key: its uuid, written as PostgreSQL writes it (any case accepted). */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isCartUuid = (value: string) => UUID_PATTERN.test(value);

export interface CartRow {
  id: number;
  uuid: string;
  customer_id: string | null;
  coupon_code: string | null;
  billing_address_name: string | null;
  shipping_address: unknown;
  relay_point_id: string | null;
  custom_card_message: string | null;
  locked_at: Date | string | null;
}

const CART_COLUMNS = sql.raw(
  "id, uuid, customer_id, coupon_code, billing_address_name, shipping_address, relay_point_id, custom_card_message, locked_at",
);

interface OfferLimitsRow {
  id: number;
  stock_quantity: number;
  min_order_quantity: number;
  max_order_quantity: number | null;
}

interface LineRow {
  offer_id: number;
  quantity: number;
  is_gift: boolean;
  variant_id: number;
  variant_reference: string;
  product_id: number;
  shop_id: number;
  shop_name: string;
  picking_delay: number;
  stock_quantity: number;
  logistic_class: string;
  regular_price_cents: number;
  discount_price_cents: number | null;
  min_order_quantity: number;
  max_order_quantity: number | null;
  tax_rate_bp: number;
  transport_weight_grams: number;
}

interface SelectedAttributeRow {
  variant_id: number;
  name: string;
  label: string;
  value: string;
  value_label: string;
}

interface CouponRow {
  code: string;
  kind: "PERCENT" | "AMOUNT" | "GIFT";
  percent_off_bp: number | null;
  amount_off_cents: number | null;
  gift_offer_id: number | null;
  minimum_basket_cents: number;
  description_fr: string;
  description_en: string;
}

export type QuantityResult =
  | { outcome: "updated"; cartUuid: string }
  | { outcome: "unknown-cart" }
  | { outcome: "unknown-offer" }
  | { outcome: "locked" }
  | { outcome: "exceeds-stock"; stock: number }
  | { outcome: "out-of-bounds"; min: number; max: number | null };

export type CouponResult =
  | { outcome: "applied" }
  | { outcome: "unknown-cart" }
  | { outcome: "locked" }
  | { outcome: "unknown-coupon" }
  | { outcome: "already-applied" }
  | { outcome: "not-applicable" };

export type RemoveCouponResult = { outcome: "removed" } | { outcome: "unknown-cart" } | { outcome: "locked" } | { outcome: "no-coupon" };

export type DeleteResult = { outcome: "deleted" } | { outcome: "unknown-cart" } | { outcome: "locked" };

/** A cart the requester may see: anonymous, or their own. */
function accessibleTo(cart: Pick<CartRow, "customer_id">, requester: Requester): boolean {
  return cart.customer_id === null || (requester.customerId !== null && cart.customer_id === requester.customerId.toLowerCase());
}

/** Locks the cart of this uuid (what clients name a cart by). */
export async function lockCart(tx: Orm, cartUuid: string): Promise<CartRow | undefined> {
  if (!isCartUuid(cartUuid)) return undefined;
  const [row] = await rowsOf<CartRow>(tx, sql`select ${CART_COLUMNS} from carts where uuid = ${cartUuid.toLowerCase()} for update`);
  return row;
}

async function lockCartById(tx: Orm, cartId: number): Promise<CartRow | undefined> {
  const [row] = await rowsOf<CartRow>(tx, sql`select ${CART_COLUMNS} from carts where id = ${cartId} for update`);
  return row;
}

export async function lockCustomerCart(tx: Orm, customerId: string): Promise<CartRow | undefined> {
  const [row] = await rowsOf<CartRow>(tx, sql`select ${CART_COLUMNS} from carts where customer_id = ${customerId.toLowerCase()} for update`);
  return row;
}

/** Creates the cart (a customer's one, or an anonymous one) and returns it locked. */
async function createCart(tx: Orm, customerId: string | null): Promise<CartRow> {
  if (customerId === null) {
    const [created] = await rowsOf<CartRow>(tx, sql`insert into carts default values returning ${CART_COLUMNS}`);
    if (!created) throw new Error("cart insert returned no row");
    return created;
  }
  const owner = customerId.toLowerCase();
  // A concurrent request may create the customer's cart first: then take that one.
  const [created] = await rowsOf<CartRow>(
    tx,
    sql`insert into carts (customer_id) values (${owner})
        on conflict (customer_id) where customer_id is not null do nothing
        returning ${CART_COLUMNS}`,
  );
  const cart = created ?? (await lockCustomerCart(tx, owner));
  if (!cart) throw new Error("the customer's cart vanished while it was being created");
  return cart;
}

/** Tax-included total of the cart's paid lines, in cents (offers' current prices). */
async function paidTotal(tx: Orm, cartId: number): Promise<number> {
  const [row] = await rowsOf<{ total: number }>(
    tx,
    sql`select coalesce(sum(coalesce(o.discount_price_cents, o.regular_price_cents)::bigint * l.quantity), 0)::float8 as total
        from cart_lines l join offers o on o.id = l.offer_id
        where l.cart_id = ${cartId} and not l.is_gift`,
  );
  return Number(row?.total ?? 0);
}

function couponRule(row: Pick<CouponRow, "kind" | "percent_off_bp" | "amount_off_cents" | "minimum_basket_cents">): CouponRule {
  switch (row.kind) {
    case "PERCENT":
      return { kind: "PERCENT", percentOffBp: row.percent_off_bp ?? 0, minimumBasketCents: row.minimum_basket_cents };
    case "AMOUNT":
      return { kind: "AMOUNT", amountOffCents: row.amount_off_cents ?? 0, minimumBasketCents: row.minimum_basket_cents };
    case "GIFT":
      return { kind: "GIFT", minimumBasketCents: row.minimum_basket_cents };
  }
}

async function dropCoupon(tx: Orm, cartId: number): Promise<void> {
  await tx.execute(sql`update carts set coupon_code = null where id = ${cartId}`);
  await tx.execute(sql`delete from cart_lines where cart_id = ${cartId} and is_gift`);
}

/**
 * After the lines changed: a coupon whose condition no longer holds (the paid lines fell below
 * its minimum basket or to nothing, or it expired) is taken off the cart with its gift line.
 * The cart answered then shows no coupon; the shopper may apply one again.
 */
export async function settleCoupon(tx: Orm, cartId: number): Promise<boolean> {
  const [coupon] = await rowsOf<CouponRow & { valid: boolean }>(
    tx,
    sql`select cp.kind, cp.percent_off_bp, cp.amount_off_cents, cp.minimum_basket_cents,
               (cp.valid_from <= now() and (cp.valid_until is null or cp.valid_until > now())) as valid
        from carts c join coupons cp on cp.code = c.coupon_code where c.id = ${cartId}`,
  );
  if (!coupon) return false;
  if (coupon.valid && couponHolds(couponRule(coupon), await paidTotal(tx, cartId))) return false;
  await dropCoupon(tx, cartId);
  return true;
}

async function markUsed(tx: Orm, cartId: number): Promise<void> {
  await tx.execute(sql`update carts set updated_at = now(), last_used_at = now() where id = ${cartId}`);
}


const ADDRESS_KEYS = ["name", "firstName", "lastName", "street", "city", "postCode", "country"] as const;

/** The stored delivery address, when it has the contract's shape. */
export function storedAddress(value: unknown): Address | null {
  if (typeof value !== "object" || value === null) return null;
  const record: Record<string, unknown> = { ...value };
  if (!ADDRESS_KEYS.every((key) => typeof record[key] === "string")) return null;
  const text = (key: string) => (typeof record[key] === "string" ? record[key] : "");
  const optionalText = (key: string) => (typeof record[key] === "string" ? record[key] : null);
  const optionalNumber = (key: string) => (typeof record[key] === "number" ? record[key] : null);
  return {
    name: text("name"),
    company: optionalText("company"),
    firstName: text("firstName"),
    lastName: text("lastName"),
    street: text("street"),
    city: text("city"),
    postCode: text("postCode"),
    country: text("country"),
    phone: optionalText("phone"),
    email: optionalText("email"),
    website: optionalText("website"),
    latitude: optionalNumber("latitude"),
    longitude: optionalNumber("longitude"),
    defaultShipping: false,
    defaultBilling: false,
  };
}

export function createCartRepository(deps: { db: Database; catalog: CatalogRepository }) {
  const { db, catalog } = deps;

  /**
   * Before a cart is shown: records the read as a use (at most once a minute), so a cart being
   * looked at is not purged, and takes off a coupon that stopped holding since the last change
   * (it expired, or a price change took the basket below its minimum). A cart whose payment is
   * in progress is left as it is.
   */
  async function prepared(row: CartRow): Promise<CartRow> {
    await db.rows(sql`update carts set last_used_at = now() where id = ${row.id} and last_used_at < now() - interval '1 minute'`);
    if (row.coupon_code === null || row.locked_at !== null) return row;
    const dropped = await db.orm.transaction(async (tx) => {
      const locked = await lockCartById(tx, row.id);
      return locked !== undefined && locked.locked_at === null && (await settleCoupon(tx, row.id));
    });
    return dropped ? { ...row, coupon_code: null } : row;
  }

  /** The billing address's name while it names an address of the cart's customer's address book. */
  async function billingAddressOf(cart: CartRow): Promise<string | null> {
    if (cart.billing_address_name === null || cart.customer_id === null) return null;
    const [kept] = await db.rows<{ name: string }>(sql`
      select a.name from customer_addresses a join customers c on c.id = a.customer_id
      where c.uuid = ${cart.customer_id} and a.name = ${cart.billing_address_name}`);
    return kept?.name ?? null;
  }

  return {
    /** The cart of this uuid if the requester may see it (anonymous, or theirs). */
    async find(cartUuid: string, requester: Requester): Promise<CartRow | undefined> {
      if (!isCartUuid(cartUuid)) return undefined;
      const [row] = await db.rows<CartRow>(sql`select ${CART_COLUMNS} from carts where uuid = ${cartUuid.toLowerCase()}`);
      if (!row || !accessibleTo(row, requester)) return undefined;
      return prepared(row);
    },

    /** The signed-in customer's cart, if they have one. */
    async findByCustomer(customerId: string): Promise<CartRow | undefined> {
      const [row] = await db.rows<CartRow>(sql`select ${CART_COLUMNS} from carts where customer_id = ${customerId.toLowerCase()}`);
      return row ? prepared(row) : undefined;
    },

    /**
     * Sets the quantity of the offer's (paid) line; 0 removes it. The cart is `cartUuid` when given,
     * else the requester's cart, else a new one. Nothing is written unless every check passes.
     */
    async setOfferQuantity(input: { cartUuid: string | null; requester: Requester; offerId: number; quantity: number }): Promise<QuantityResult> {
      const { requester, offerId, quantity } = input;
      return db.orm.transaction(async (tx): Promise<QuantityResult> => {
        let cart: CartRow | undefined;
        if (input.cartUuid !== null) {
          cart = await lockCart(tx, input.cartUuid);
          if (!cart || !accessibleTo(cart, requester)) return { outcome: "unknown-cart" };
        } else if (requester.customerId !== null) {
          cart = await lockCustomerCart(tx, requester.customerId);
        }
        const [offer] = await rowsOf<OfferLimitsRow>(
          tx,
          sql`select id, stock_quantity, min_order_quantity, max_order_quantity from offers where id = ${offerId}`,
        );
        if (!offer) return { outcome: "unknown-offer" };
        if (cart?.locked_at) return { outcome: "locked" };
        if (quantity > 0) {
          if (quantity > offer.stock_quantity) return { outcome: "exceeds-stock", stock: offer.stock_quantity };
          if (quantity < offer.min_order_quantity || (offer.max_order_quantity !== null && quantity > offer.max_order_quantity)) {
            return { outcome: "out-of-bounds", min: offer.min_order_quantity, max: offer.max_order_quantity };
          }
        }
        cart ??= await createCart(tx, requester.customerId);
        if (quantity === 0) {
          await tx.execute(sql`delete from cart_lines where cart_id = ${cart.id} and offer_id = ${offerId} and not is_gift`);
        } else {
          await tx.execute(sql`
            insert into cart_lines (cart_id, offer_id, quantity, is_gift) values (${cart.id}, ${offerId}, ${quantity}, false)
            on conflict (cart_id, offer_id, is_gift) do update set quantity = excluded.quantity`);
        }
        await settleCoupon(tx, cart.id);
        await markUsed(tx, cart.id);
        return { outcome: "updated", cartUuid: cart.uuid };
      });
    },

    /** Applies a coupon (case-insensitive code); a gift coupon adds its gift line. */
    async setCoupon(input: { cartUuid: string; requester: Requester; code: string }): Promise<CouponResult> {
      return db.orm.transaction(async (tx): Promise<CouponResult> => {
        const cart = await lockCart(tx, input.cartUuid);
        if (!cart || !accessibleTo(cart, input.requester)) return { outcome: "unknown-cart" };
        if (cart.locked_at) return { outcome: "locked" };
        const [coupon] = await rowsOf<CouponRow & { gift_stock: number | null }>(
          tx,
          sql`select cp.code, cp.kind, cp.percent_off_bp, cp.amount_off_cents, cp.gift_offer_id, cp.minimum_basket_cents,
                     cp.description_fr, cp.description_en, o.stock_quantity as gift_stock
              from coupons cp left join offers o on o.id = cp.gift_offer_id
              where cp.code = upper(${input.code.trim()})
                and cp.valid_from <= now() and (cp.valid_until is null or cp.valid_until > now())`,
        );
        if (!coupon) return { outcome: "unknown-coupon" };
        if (cart.coupon_code !== null) return { outcome: "already-applied" };
        if (!couponHolds(couponRule(coupon), await paidTotal(tx, cart.id))) return { outcome: "not-applicable" };
        if (coupon.kind === "GIFT") {
          if (coupon.gift_offer_id === null || (coupon.gift_stock ?? 0) < 1) return { outcome: "not-applicable" };
          await tx.execute(sql`
            insert into cart_lines (cart_id, offer_id, quantity, is_gift) values (${cart.id}, ${coupon.gift_offer_id}, 1, true)
            on conflict (cart_id, offer_id, is_gift) do nothing`);
        }
        await tx.execute(sql`update carts set coupon_code = ${coupon.code} where id = ${cart.id}`);
        await markUsed(tx, cart.id);
        return { outcome: "applied" };
      });
    },

    /** Takes the coupon off the cart, with the gift line it added. */
    async removeCoupon(input: { cartUuid: string; requester: Requester }): Promise<RemoveCouponResult> {
      return db.orm.transaction(async (tx): Promise<RemoveCouponResult> => {
        const cart = await lockCart(tx, input.cartUuid);
        if (!cart || !accessibleTo(cart, input.requester)) return { outcome: "unknown-cart" };
        if (cart.locked_at) return { outcome: "locked" };
        if (cart.coupon_code === null) return { outcome: "no-coupon" };
        await dropCoupon(tx, cart.id);
        await markUsed(tx, cart.id);
        return { outcome: "removed" };
      });
    },

    /** Empties and deletes the cart. */
    async delete(input: { cartUuid: string; requester: Requester }): Promise<DeleteResult> {
      return db.orm.transaction(async (tx): Promise<DeleteResult> => {
        const cart = await lockCart(tx, input.cartUuid);
        if (!cart || !accessibleTo(cart, input.requester)) return { outcome: "unknown-cart" };
        if (cart.locked_at) return { outcome: "locked" };
        await tx.execute(sql`delete from carts where id = ${cart.id}`);
        return { outcome: "deleted" };
      });
    },

    /** The cart as the contract describes it, in the request's language, with current prices. */
    async view(cart: CartRow, lang: Lang): Promise<Cart> {
      const [lines, coupons] = await Promise.all([
        db.rows<LineRow>(sql`
          select l.offer_id, l.quantity, l.is_gift, v.id as variant_id, v.reference as variant_reference, v.product_id,
                 o.shop_id, s.name as shop_name, o.picking_delay, o.stock_quantity, o.logistic_class,
                 o.regular_price_cents, o.discount_price_cents, o.min_order_quantity, o.max_order_quantity, p.tax_rate_bp,
                 p.transport_weight_grams
          from cart_lines l
          join offers o on o.id = l.offer_id
          join variants v on v.id = o.variant_id
          join products p on p.id = v.product_id
          join shops s on s.id = o.shop_id
          where l.cart_id = ${cart.id}
          order by l.is_gift, l.added_at, l.id`),
        cart.coupon_code === null
          ? Promise.resolve([])
          : db.rows<CouponRow>(sql`
              select code, kind, percent_off_bp, amount_off_cents, gift_offer_id, minimum_basket_cents, description_fr, description_en
              from coupons where code = ${cart.coupon_code}`),
      ]);
      const variantIds = [...new Set(lines.map((line) => line.variant_id))];
      const productIds = [...new Set(lines.map((line) => line.product_id))];
      const labelColumn = sql.raw(lang === "fr" ? "label_fr" : "label_en");
      const [attributes, products] = await Promise.all([
        variantIds.length === 0
          ? Promise.resolve([])
          : db.rows<SelectedAttributeRow>(sql`
              select vav.variant_id, a.code as name, a.${labelColumn} as label, av.value, av.${labelColumn} as value_label
              from variant_attribute_values vav
              join attribute_values av on av.id = vav.attribute_value_id
              join attributes a on a.code = av.attribute_code
              join variants v on v.id = vav.variant_id
              join products p on p.id = v.product_id
              where vav.variant_id in (${sql.join(variantIds, sql`, `)}) and a.code = any(p.configurable_attributes)
              order by a.position, av.index`),
        catalog.summaries(productIds, lang),
      ]);
      const variantPictures = await catalog.variantPictures(variantIds, lang);
      const productById = new Map(products.map((product) => [product.id, product]));
      const attributesByVariant = new Map<number, SelectedAttribute[]>();
      for (const row of attributes) {
        const list = attributesByVariant.get(row.variant_id) ?? [];
        list.push({ name: row.name, label: row.label, value: row.value, valueLabel: row.value_label });
        attributesByVariant.set(row.variant_id, list);
      }

      const priced: PricedLine[] = lines.map((line) => ({
        unitCents: line.discount_price_cents ?? line.regular_price_cents,
        quantity: line.quantity,
        taxRateBp: line.tax_rate_bp,
        isGift: line.is_gift,
      }));
      const cartItems = lines.flatMap((line, index): CartItem[] => {
        const product = productById.get(line.product_id);
        const pricedLine = priced[index];
        if (!product || !pricedLine) return [];
        const price = linePrice(pricedLine);
        // The line shows the chosen variant's own picture (its colour), when it has one.
        const variantPicture = variantPictures.get(line.variant_id);
        return [
          {
            quantity: line.quantity,
            product: variantPicture ? { ...product, coverPicture: variantPicture } : product,
            offerId: line.offer_id,
            offer: toOffer({ ...line, id: line.offer_id }),
            variantReference: line.variant_reference,
            selectedAttributes: attributesByVariant.get(line.variant_id) ?? [],
            price,
            // A gift line shows what the gift is worth, reduced to nothing.
            unitPrice: line.is_gift
              ? { regular: priceOf(line.regular_price_cents, line.tax_rate_bp), discount: priceOf(0, line.tax_rate_bp) }
              : {
                  regular: priceOf(line.regular_price_cents, line.tax_rate_bp),
                  discount: line.discount_price_cents === null ? null : priceOf(line.discount_price_cents, line.tax_rate_bp),
                },
            isGift: line.is_gift,
            taxIncludedTotalPrice: price.taxIncluded,
          },
        ];
      });
      const shippingAddress = storedAddress(cart.shipping_address);
      const [{ shipments, charges }, billingAddressName] = await Promise.all([
        cartShipments(db.orm, {
          cartId: cart.id,
          customerId: cart.customer_id,
          shippingAddress,
          relayPointId: cart.relay_point_id,
          lines: lines.map((line) => ({
            offerId: line.offer_id,
            shopId: line.shop_id,
            variantReference: line.variant_reference,
            productName: productById.get(line.product_id)?.name ?? line.variant_reference,
            quantity: line.quantity,
            unitWeightGrams: line.transport_weight_grams,
          })),
          lang,
        }),
        billingAddressOf(cart),
      ]);
      const coupon = coupons[0];
      const totals = cartTotals(priced, coupon ? couponRule(coupon) : null, charges ?? []);
      return {
        uuid: cart.uuid,
        id: cart.id,
        cartItems,
        coupon: coupon ? { code: coupon.code, description: lang === "fr" ? coupon.description_fr : coupon.description_en } : null,
        billingAddress: billingAddressName === null ? null : { name: billingAddressName },
        shippingAddress,
        specialPrice: totals.specialPrice,
        totalPrice: totals.totalPrice,
        shippingPrice: charges ? sumPrices(charges) : null,
        shipments,
        customCardMessage: cart.custom_card_message,
      };
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
