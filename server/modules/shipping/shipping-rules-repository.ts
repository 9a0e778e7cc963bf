// Reads the shipping rules the shop owner keeps in the database. They are read for every use (a
// few hundred small rows), so a change of a price or a zone applies to the next request.
import { sql } from "drizzle-orm";
import { rowsOf, type Orm } from "../../db/client.ts";
import { isCarrier, type DeliveryMode, type MethodRule, type MethodZone, type ShippingRules, type StoreAddress } from "./shipping-rules.ts";

interface MethodRow {
  id: number;
  carrier: string;
  name_fr: string;
  name_en: string;
  delivery_mode: DeliveryMode;
  requires_company: boolean;
  pickup_address: unknown;
  tax_rate_bp: number;
}

interface MethodZoneRow {
  method_id: number;
  zone_code: string;
  delivery_time: number;
  delivery_time_unit: "DAY" | "HOUR";
}

interface RateRow {
  method_id: number;
  zone_code: string;
  min_weight_grams: number;
  max_weight_grams: number;
  price_cents: number;
}

interface AreaRow {
  zone_code: string;
  country: string;
  post_code_prefix: string;
}

/** A stored pickup address, when it has the fields a delivery needs. */
function storeAddress(value: unknown): StoreAddress | null {
  if (typeof value !== "object" || value === null) return null;
  const record: Record<string, unknown> = { ...value };
  const text = (key: string) => (typeof record[key] === "string" ? record[key] : null);
  const number = (key: string) => (typeof record[key] === "number" ? record[key] : null);
  const [name, street, city, postCode, country] = [text("name"), text("street"), text("city"), text("postCode"), text("country")];
  if (name === null || street === null || city === null || postCode === null || country === null) return null;
  return {
    name,
    company: text("company"),
    street,
    city,
    postCode,
    country,
    phone: text("phone"),
    email: text("email"),
    website: text("website"),
    latitude: number("latitude"),
    longitude: number("longitude"),
  };
}

export async function loadShippingRules(orm: Orm): Promise<ShippingRules> {
  const methods = await rowsOf<MethodRow>(
    orm,
    sql`select id, carrier, name_fr, name_en, delivery_mode, requires_company, pickup_address, tax_rate_bp
        from shipment_methods where enabled order by id`,
  );
  const zones = await rowsOf<MethodZoneRow>(orm, sql`select method_id, zone_code, delivery_time, delivery_time_unit from shipment_method_zones`);
  const rates = await rowsOf<RateRow>(
    orm,
    sql`select method_id, zone_code, min_weight_grams, max_weight_grams, price_cents from shipment_rates order by min_weight_grams`,
  );
  const areas = await rowsOf<AreaRow>(orm, sql`select zone_code, country, post_code_prefix from shipping_zone_areas`);

  const zonesByMethod = new Map<number, Map<string, MethodZone>>();
  for (const row of zones) {
    const byZone = zonesByMethod.get(row.method_id) ?? new Map<string, MethodZone>();
    byZone.set(row.zone_code, { deliveryTime: row.delivery_time, deliveryTimeUnit: row.delivery_time_unit, bands: [] });
    zonesByMethod.set(row.method_id, byZone);
  }
  for (const row of rates) {
    zonesByMethod
      .get(row.method_id)
      ?.get(row.zone_code)
      ?.bands.push({ minWeightGrams: row.min_weight_grams, maxWeightGrams: row.max_weight_grams, priceCents: row.price_cents });
  }
  return {
    areas: areas.map((row) => ({ zoneCode: row.zone_code, country: row.country, postCodePrefix: row.post_code_prefix })),
    methods: methods.flatMap((row): MethodRule[] => {
      // A carrier the contract does not name cannot be shown to clients; a pickup without its store, nowhere to go.
      const pickupAddress = storeAddress(row.pickup_address);
      if (!isCarrier(row.carrier) || (row.delivery_mode === "STORE" && pickupAddress === null)) return [];
      return [
        {
          id: row.id,
          carrier: row.carrier,
          nameFr: row.name_fr,
          nameEn: row.name_en,
          deliveryMode: row.delivery_mode,
          requiresCompany: row.requires_company,
          pickupAddress,
          taxRateBp: row.tax_rate_bp,
          zones: zonesByMethod.get(row.id) ?? new Map(),
        },
      ];
    }),
  };
}
