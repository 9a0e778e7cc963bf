import { describe, expect, it } from "vitest";
import { parcelsOf } from "../../server/modules/shipping/cart-shipments.ts";
import {
  DEFAULT_DESTINATION,
  availableMethods,
  quote,
  zoneOf,
  type MethodRule,
  type ShippingRules,
  type ZoneArea,
} from "../../server/modules/shipping/shipping-rules.ts";

const AREAS: ZoneArea[] = [
  { zoneCode: "METRO", country: "FR", postCodePrefix: "" },
  { zoneCode: "ISLANDS", country: "FR", postCodePrefix: "971" },
  { zoneCode: "ST_BARTH", country: "FR", postCodePrefix: "97133" },
  { zoneCode: "EU", country: "DE", postCodePrefix: "" },
  { zoneCode: "WORLD", country: "*", postCodePrefix: "" },
];

const method = (id: number, overrides: Partial<MethodRule>, zones: [string, [number, number, number][]][]): MethodRule => ({
  id,
  carrier: "DOS",
  nameFr: `méthode ${id}`,
  nameEn: `method ${id}`,
  deliveryMode: "HOME",
  requiresCompany: false,
  pickupAddress: null,
  taxRateBp: 2000,
  zones: new Map(
    zones.map(([zone, bands]) => [
      zone,
      { deliveryTime: 2, deliveryTimeUnit: "DAY", bands: bands.map(([minWeightGrams, maxWeightGrams, priceCents]) => ({ minWeightGrams, maxWeightGrams, priceCents })) },
    ]),
  ),
  ...overrides,
});

describe("shipping rules", () => {
  it("puts an address in the zone of its most specific area", () => {
    expect(zoneOf(AREAS, "FR", "75001")).toBe("METRO");
    expect(zoneOf(AREAS, "FR", "97110")).toBe("ISLANDS");
    expect(zoneOf(AREAS, "FR", "97133")).toBe("ST_BARTH");
    expect(zoneOf(AREAS, "FR", " 971 33")).toBe("ST_BARTH");
    expect(zoneOf(AREAS, "DE", "10117")).toBe("EU");
    expect(zoneOf(AREAS, "JP", "100-0001")).toBe("WORLD");
    expect(zoneOf(AREAS.filter((area) => area.country !== "*"), "JP", "100-0001")).toBeUndefined();
  });

  it("prices a parcel by the band holding its weight, both ends included", () => {
    const dos = method(1, {}, [["METRO", [[0, 250, 495], [251, 500, 595]]]]);
    const at = (grams: number) => quote(AREAS, dos, DEFAULT_DESTINATION, grams);
    expect(at(0)).toMatchObject({ quote: { priceCents: 495 } });
    expect(at(250)).toMatchObject({ quote: { priceCents: 495 } });
    expect(at(251)).toMatchObject({ quote: { priceCents: 595 } });
    expect(at(500)).toMatchObject({ quote: { priceCents: 595 } });
    expect(at(501)).toEqual({ refusal: "too-heavy" });
    expect(quote(AREAS, dos, { ...DEFAULT_DESTINATION, country: "DE", postCode: "10117" }, 100)).toEqual({ refusal: "zone-not-served" });
  });

  it("keeps relay methods to relay points, home ones away from them, business ones to companies, pickups to their store's zone", () => {
    const relay = method(2, { deliveryMode: "RELAY" }, [["METRO", [[0, 1000, 395]]]]);
    const business = method(3, { requiresCompany: true }, [["METRO", [[0, 1000, 1190]]]]);
    const home = method(4, {}, [["METRO", [[0, 1000, 595]]]]);
    const pickup = method(5, {
      deliveryMode: "STORE",
      pickupAddress: { name: "store", company: null, street: "Terminal 2E", city: "Roissy", postCode: "95700", country: "FR", phone: null, email: null, website: null, latitude: null, longitude: null },
    }, [["METRO", [[0, 100000, 0]]]]);
    const toRelay = { ...DEFAULT_DESTINATION, relayPointId: "R1" };
    const toCompany = { ...DEFAULT_DESTINATION, company: "Atelier" };
    const abroad = { ...DEFAULT_DESTINATION, country: "JP", postCode: "100-0001" };
    expect(quote(AREAS, relay, DEFAULT_DESTINATION, 10)).toEqual({ refusal: "needs-relay-point" });
    expect(quote(AREAS, relay, toRelay, 10)).toMatchObject({ quote: { priceCents: 395 } });
    expect(quote(AREAS, home, toRelay, 10)).toEqual({ refusal: "not-to-relay-point" });
    expect(quote(AREAS, business, DEFAULT_DESTINATION, 10)).toEqual({ refusal: "needs-company" });
    expect(quote(AREAS, business, { ...DEFAULT_DESTINATION, company: "  " }, 10)).toEqual({ refusal: "needs-company" });
    expect(quote(AREAS, business, toCompany, 10)).toMatchObject({ quote: { priceCents: 1190 } });
    expect(quote(AREAS, pickup, abroad, 10)).toMatchObject({ quote: { zoneCode: "METRO", priceCents: 0 } });
    expect(quote(AREAS, pickup, toRelay, 10)).toMatchObject({ quote: { priceCents: 0 } });
  });

  it("offers the methods serving every parcel, priced for all of them, cheapest then quickest first", () => {
    const rules: ShippingRules = {
      areas: AREAS,
      methods: [
        method(1, { carrier: "CHRONOEXPR" }, [["METRO", [[0, 1000, 700]]]]),
        method(2, { carrier: "DOS" }, [["METRO", [[0, 500, 500], [501, 1000, 600]]]]),
        method(3, { carrier: "CHRONO13H_BtoC" }, [["METRO", [[0, 5000, 600]]]]),
        method(4, { carrier: "LETTRE SUIVIE" }, [["METRO", [[0, 500, 300]]]]),
      ],
    };
    const hours = rules.methods[2]?.zones.get("METRO");
    if (hours) hours.deliveryTimeUnit = "HOUR";
    expect(availableMethods(rules, DEFAULT_DESTINATION, [400]).map((offer) => [offer.method.carrier, offer.priceCents])).toEqual([
      ["LETTRE SUIVIE", 300],
      ["DOS", 500],
      ["CHRONO13H_BtoC", 600],
      ["CHRONOEXPR", 700],
    ]);
    // Two parcels: a method must take both, and costs the sum.
    expect(availableMethods(rules, DEFAULT_DESTINATION, [400, 800]).map((offer) => [offer.method.carrier, offer.priceCents])).toEqual([
      ["DOS", 1100],
      ["CHRONO13H_BtoC", 1200],
      ["CHRONOEXPR", 1400],
    ]);
    expect(availableMethods(rules, DEFAULT_DESTINATION, [])).toEqual([]);
  });

  it("weighs a shop's parcel as the sum of quantity × transport weight, one parcel per shop in shop order", () => {
    const parcels = parcelsOf([
      { shopId: 2, quantity: 3, unitWeightGrams: 120 },
      { shopId: 1, quantity: 1, unitWeightGrams: 1500 },
      { shopId: 2, quantity: 2, unitWeightGrams: 95 },
    ]);
    expect(parcels.map((parcel) => [parcel.shopId, parcel.weightGrams, parcel.lines.length])).toEqual([
      [1, 1500, 1],
      [2, 550, 2],
    ]);
  });
});
