// The demo shipping rules: destination zones, the 14 carrier services of SPEC §3, where each one
// delivers, in how long, and its tax-included price in cents by weight band. They are rows the
// shop owner changes without a release (tables of server/db/schema.ts); this is only their start.
// Loaded when there are no zones yet (a demo part), so a database seeded before the rules existed
// gains them at the next start: carriers already there are updated by their code.
import { sql } from "drizzle-orm";
import { OVERSEAS_POSTCODE_PREFIXES } from "../../machines/shared/address-rules.ts";
import { rowsOf } from "../db/client.ts";
import * as tables from "../db/schema.ts";
import type { DemoPart } from "./demo-parts.ts";

type ZoneCode = "FR_METRO" | "FR_OVERSEAS" | "EU" | "WORLD";

/** The other member states of the European Union (France has its own zones). */
const EU_COUNTRIES = [
  "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "GR", "HR", "HU", "IE",
  "IT", "LT", "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK",
];

interface SeedZone {
  code: ZoneCode;
  labelFr: string;
  labelEn: string;
  /** [country, postcode prefix]; `*` is every country no other area names. */
  areas: [string, string][];
}

const SHIPPING_ZONES: SeedZone[] = [
  // Monaco is served as metropolitan France by the French carriers.
  { code: "FR_METRO", labelFr: "France métropolitaine", labelEn: "Metropolitan France", areas: [["FR", ""], ["MC", ""]] },
  {
    code: "FR_OVERSEAS",
    labelFr: "Outre-mer",
    labelEn: "French overseas territories",
    // A French postcode of an overseas territory, or the territory's own country code.
    areas: OVERSEAS_POSTCODE_PREFIXES.flatMap(([prefix, territory]): [string, string][] => [["FR", prefix], [territory, ""]]),
  },
  { code: "EU", labelFr: "Union européenne", labelEn: "European Union", areas: EU_COUNTRIES.map((country): [string, string] => [country, ""]) },
  { code: "WORLD", labelFr: "Reste du monde", labelEn: "Rest of the world", areas: [["*", ""]] },
];

interface SeedZoneRates {
  deliveryTime: number;
  deliveryTimeUnit?: "DAY" | "HOUR";
  /** Lightest parcel served, in grams (0 unless the service is for heavy parcels). */
  fromGrams?: number;
  /** [up to this many grams, price in cents]: each band starts one gram above the previous one. */
  bands: [number, number][];
}

interface SeedMethod {
  carrier: string;
  nameFr: string;
  nameEn: string;
  deliveryMode?: "HOME" | "RELAY" | "STORE";
  requiresCompany?: boolean;
  zones: Partial<Record<ZoneCode, SeedZoneRates>>;
}

const SHIPMENT_METHODS: SeedMethod[] = [
  {
    carrier: "DOS",
    nameFr: "Colissimo à domicile",
    nameEn: "Colissimo home delivery",
    zones: {
      FR_METRO: { deliveryTime: 2, bands: [[250, 495], [500, 595], [1000, 695], [2000, 795], [5000, 1195], [10000, 1695], [30000, 2495]] },
      EU: { deliveryTime: 4, bands: [[500, 1350], [1000, 1650], [2000, 1850], [5000, 2490], [10000, 3990], [30000, 5990]] },
    },
  },
  {
    carrier: "CDS",
    nameFr: "Colissimo outre-mer",
    nameEn: "Colissimo overseas",
    zones: {
      FR_OVERSEAS: { deliveryTime: 7, bands: [[500, 995], [1000, 1450], [2000, 1990], [5000, 3490], [10000, 5990], [30000, 12900]] },
    },
  },
  {
    carrier: "A2P",
    nameFr: "Colissimo en point retrait",
    nameEn: "Colissimo relay point",
    deliveryMode: "RELAY",
    // Relay points take parcels up to 20 kg.
    zones: { FR_METRO: { deliveryTime: 3, bands: [[1000, 395], [2000, 495], [5000, 795], [10000, 1195], [20000, 1595]] } },
  },
  {
    carrier: "CHRONO13H_BtoC",
    nameFr: "Chronopost 13h à domicile",
    nameEn: "Chronopost by 1 pm, home",
    zones: {
      FR_METRO: { deliveryTime: 24, deliveryTimeUnit: "HOUR", bands: [[1000, 1290], [2000, 1490], [5000, 1990], [10000, 2790], [30000, 3990]] },
    },
  },
  {
    carrier: "CHRONO13H_BtoB",
    nameFr: "Chronopost 13h entreprise",
    nameEn: "Chronopost by 1 pm, business",
    requiresCompany: true,
    zones: {
      FR_METRO: { deliveryTime: 24, deliveryTimeUnit: "HOUR", bands: [[1000, 1190], [2000, 1390], [5000, 1790], [10000, 2490], [30000, 3590]] },
    },
  },
  {
    carrier: "DHL_ECX",
    nameFr: "DHL Express Europe",
    nameEn: "DHL Express Europe",
    zones: { EU: { deliveryTime: 2, bands: [[1000, 2490], [2000, 2990], [5000, 3990], [10000, 5990], [30000, 9900]] } },
  },
  {
    carrier: "DHL_WPX",
    nameFr: "DHL Express international",
    nameEn: "DHL Express Worldwide",
    zones: {
      FR_OVERSEAS: { deliveryTime: 4, bands: [[500, 2990], [1000, 3490], [2000, 4490], [5000, 6490], [10000, 9900], [30000, 17900]] },
      WORLD: { deliveryTime: 3, bands: [[500, 3490], [1000, 3990], [2000, 4990], [5000, 6990], [10000, 10900], [30000, 19900]] },
    },
  },
  {
    carrier: "K+N_EuroLinkClassic",
    nameFr: "Kuehne+Nagel EuroLink Classic (colis lourds)",
    nameEn: "Kuehne+Nagel EuroLink Classic (heavy parcels)",
    // Road freight: only for parcels over 5 kg.
    zones: { EU: { deliveryTime: 5, fromGrams: 5001, bands: [[10000, 3490], [30000, 4490], [70000, 7900]] } },
  },
  {
    carrier: "DELIVENGO_SUIVI",
    nameFr: "Delivengo Europe suivi",
    nameEn: "Delivengo Europe tracked",
    zones: { EU: { deliveryTime: 6, bands: [[250, 790], [500, 990], [1000, 1290], [2000, 1690]] } },
  },
  {
    carrier: "LETTRE SUIVIE",
    nameFr: "Lettre suivie",
    nameEn: "Tracked letter",
    // A letter: small and light items only.
    zones: {
      FR_METRO: { deliveryTime: 3, bands: [[100, 290], [250, 420], [500, 590]] },
      FR_OVERSEAS: { deliveryTime: 5, bands: [[100, 390], [250, 590], [500, 890]] },
    },
  },
  {
    carrier: "DHL_ESU",
    nameFr: "DHL Economy Select Europe",
    nameEn: "DHL Economy Select Europe",
    zones: { EU: { deliveryTime: 6, bands: [[1000, 1490], [2000, 1690], [5000, 1990], [10000, 2690], [30000, 3990]] } },
  },
  {
    carrier: "CHRONOCLA",
    nameFr: "Chronopost Classic international",
    nameEn: "Chronopost Classic international",
    zones: {
      EU: { deliveryTime: 4, bands: [[1000, 1990], [2000, 2290], [5000, 3290], [10000, 4990], [30000, 8900]] },
      WORLD: { deliveryTime: 5, bands: [[1000, 2990], [2000, 3690], [5000, 5490], [10000, 8900], [30000, 15900]] },
    },
  },
  {
    carrier: "CHRONOEXPR",
    nameFr: "Chronopost Express international",
    nameEn: "Chronopost Express international",
    zones: {
      FR_OVERSEAS: { deliveryTime: 3, bands: [[1000, 3990], [2000, 4790], [5000, 6990], [10000, 10900], [30000, 19900]] },
      EU: { deliveryTime: 2, bands: [[1000, 3290], [2000, 3790], [5000, 4990], [10000, 7490], [30000, 12900]] },
      WORLD: { deliveryTime: 3, bands: [[1000, 4490], [2000, 5290], [5000, 7490], [10000, 11900], [30000, 21900]] },
    },
  },
  {
    carrier: "RETSUPP",
    nameFr: "Retrait en boutique",
    nameEn: "Store pickup",
    deliveryMode: "STORE",
    // Collected at the airport boutique (its zone is the store's, whatever the delivery address).
    zones: { FR_METRO: { deliveryTime: 2, bands: [[100000, 0]] } },
  },
];

/** Where store pickups are collected: the brand's boutique at the airport. */
function pickupAddress(brandName: string) {
  return {
    name: "boutique-cdg",
    company: `Boutique ${brandName}`,
    street: "Aéroport Paris-Charles de Gaulle, Terminal 2E, niveau Départs",
    city: "Roissy-en-France",
    postCode: "95700",
    country: "FR",
    phone: null,
    email: null,
    website: null,
    latitude: 49.0049,
    longitude: 2.5913,
  };
}

/** The rate rows of a method's zone: consecutive bands from `fromGrams`. */
function bandsOf(rates: SeedZoneRates): { minWeightGrams: number; maxWeightGrams: number; priceCents: number }[] {
  let from = rates.fromGrams ?? 0;
  return rates.bands.map(([upTo, priceCents]) => {
    const band = { minWeightGrams: from, maxWeightGrams: upTo, priceCents };
    from = upTo + 1;
    return band;
  });
}

export const demoShippingRules: DemoPart = {
  name: "shipping rules",
  async seedIfEmpty(db, options) {
    return db.orm.transaction(async (tx) => {
      const [row] = await rowsOf<{ count: number }>(tx, sql`select count(*)::int as count from shipping_zones`);
      if ((row?.count ?? 0) > 0) return false;
      await tx.insert(tables.shippingZones).values(SHIPPING_ZONES.map(({ code, labelFr, labelEn }, position) => ({ code, labelFr, labelEn, position })));
      await tx
        .insert(tables.shippingZoneAreas)
        .values(SHIPPING_ZONES.flatMap((zone) => zone.areas.map(([country, postCodePrefix]) => ({ zoneCode: zone.code, country, postCodePrefix }))));
      for (const method of SHIPMENT_METHODS) {
        const deliveryMode = method.deliveryMode ?? "HOME";
        const values = {
          carrier: method.carrier,
          nameFr: method.nameFr,
          nameEn: method.nameEn,
          deliveryMode,
          requiresCompany: method.requiresCompany ?? false,
          pickupAddress: deliveryMode === "STORE" ? pickupAddress(options.brandName) : null,
        };
        const [saved] = await tx
          .insert(tables.shipmentMethods)
          .values(values)
          .onConflictDoUpdate({ target: tables.shipmentMethods.carrier, set: values })
          .returning({ id: tables.shipmentMethods.id });
        if (!saved) throw new Error(`shipment method ${method.carrier} was not saved`);
        for (const [zoneCode, rates] of Object.entries(method.zones)) {
          await tx.insert(tables.shipmentMethodZones).values({
            methodId: saved.id,
            zoneCode,
            deliveryTime: rates.deliveryTime,
            deliveryTimeUnit: rates.deliveryTimeUnit ?? "DAY",
          });
          await tx.insert(tables.shipmentRates).values(bandsOf(rates).map((band) => ({ methodId: saved.id, zoneCode, ...band })));
        }
      }
      return true;
    });
  },
};
