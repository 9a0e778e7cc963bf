// Which shipment methods can deliver a parcel, and at what price: pure functions over the rules
// the shop owner keeps in the database (zones, methods, weight bands; see server/db/schema.ts).
//
// - An address falls in the zone of its most specific area: its country with the longest
//   postcode prefix it starts with, else its country, else `*` (the rest of the world).
// - A method is offered when it delivers to that zone and one of its weight bands there holds the
//   parcel's weight (bands include both ends); the price is that band's.
// - RELAY methods only go to a relay point, and HOME methods never do; a method for businesses
//   needs an address with a company; a STORE method (pickup) is rated for its store's zone,
//   whatever the delivery address.
// - Before the shopper gives an address, the destination is metropolitan France.
import type { components } from "../../../common/api/schema.gen.ts";
import type { Lang } from "../catalog/locale.ts";

type Schemas = components["schemas"];
export type Carrier = Schemas["ShipmentMethod"]["carrier"];
type DeliveryTimeUnit = Schemas["ShipmentMethod"]["deliveryTimeUnit"];
export type DeliveryMode = "HOME" | "RELAY" | "STORE";

const CARRIERS = [
  "DOS",
  "CDS",
  "A2P",
  "CHRONO13H_BtoC",
  "CHRONO13H_BtoB",
  "DHL_ECX",
  "DHL_WPX",
  "K+N_EuroLinkClassic",
  "DELIVENGO_SUIVI",
  "LETTRE SUIVIE",
  "DHL_ESU",
  "CHRONOCLA",
  "CHRONOEXPR",
  "RETSUPP",
] as const satisfies readonly Carrier[];

export const isCarrier = (value: string): value is Carrier => (CARRIERS as readonly string[]).includes(value);

export interface ZoneArea {
  zoneCode: string;
  /** ISO country code, or `*` for any country. */
  country: string;
  postCodePrefix: string;
}

interface WeightBand {
  minWeightGrams: number;
  maxWeightGrams: number;
  priceCents: number;
}

export interface MethodZone {
  deliveryTime: number;
  deliveryTimeUnit: DeliveryTimeUnit;
  bands: WeightBand[];
}

/** Where a STORE method's parcels wait for the shopper. */
export interface StoreAddress {
  name: string;
  company: string | null;
  street: string;
  city: string;
  postCode: string;
  country: string;
  phone: string | null;
  email: string | null;
  website: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface MethodRule {
  id: number;
  carrier: Carrier;
  nameFr: string;
  nameEn: string;
  deliveryMode: DeliveryMode;
  requiresCompany: boolean;
  pickupAddress: StoreAddress | null;
  taxRateBp: number;
  /** By zone code. */
  zones: Map<string, MethodZone>;
}

/** The enabled methods and the zone areas, as loaded from the database. */
export interface ShippingRules {
  areas: ZoneArea[];
  methods: MethodRule[];
}

/** Where a cart's parcels go, as far as the rules care. */
export interface Destination {
  country: string;
  postCode: string;
  company: string | null;
  relayPointId: string | null;
}

/** The destination of a cart without a delivery address yet: metropolitan France. */
export const DEFAULT_DESTINATION: Destination = { country: "FR", postCode: "", company: null, relayPointId: null };

const normalizedPostCode = (postCode: string) => postCode.replace(/\s+/gu, "").toUpperCase();

const specificity = (area: ZoneArea) => (area.country === "*" ? 0 : 1 + area.postCodePrefix.length);

/** The zone an address falls in, if any area holds it. */
export function zoneOf(areas: readonly ZoneArea[], country: string, postCode: string): string | undefined {
  const code = normalizedPostCode(postCode);
  let best: ZoneArea | undefined;
  for (const area of areas) {
    if (area.country !== country && area.country !== "*") continue;
    if (!code.startsWith(area.postCodePrefix)) continue;
    if (!best || specificity(area) > specificity(best)) best = area;
  }
  return best?.zoneCode;
}

/** Why a method cannot take a parcel. */
export type Refusal = "needs-relay-point" | "not-to-relay-point" | "needs-company" | "zone-not-served" | "too-heavy";

export interface Quote {
  zoneCode: string;
  deliveryTime: number;
  deliveryTimeUnit: DeliveryTimeUnit;
  priceCents: number;
}

/** What the method charges to take a parcel of this weight to the destination, or why it cannot. */
export function quote(
  areas: readonly ZoneArea[],
  method: MethodRule,
  destination: Destination,
  weightGrams: number,
): { quote: Quote } | { refusal: Refusal } {
  if (method.deliveryMode === "RELAY" && destination.relayPointId === null) return { refusal: "needs-relay-point" };
  if (method.deliveryMode === "HOME" && destination.relayPointId !== null) return { refusal: "not-to-relay-point" };
  if (method.requiresCompany && !destination.company?.trim()) return { refusal: "needs-company" };
  const place = method.deliveryMode === "STORE" && method.pickupAddress ? method.pickupAddress : destination;
  const zoneCode = zoneOf(areas, place.country, place.postCode);
  const zone = zoneCode === undefined ? undefined : method.zones.get(zoneCode);
  if (zoneCode === undefined || !zone) return { refusal: "zone-not-served" };
  const band = zone.bands
    .filter((candidate) => candidate.minWeightGrams <= weightGrams && weightGrams <= candidate.maxWeightGrams)
    .sort((a, b) => a.maxWeightGrams - b.maxWeightGrams)[0];
  if (!band) return { refusal: "too-heavy" };
  return { quote: { zoneCode, deliveryTime: zone.deliveryTime, deliveryTimeUnit: zone.deliveryTimeUnit, priceCents: band.priceCents } };
}

export interface MethodOffer {
  method: MethodRule;
  deliveryTime: number;
  deliveryTimeUnit: DeliveryTimeUnit;
  /** What the method costs for every parcel, tax included. */
  priceCents: number;
}

const hoursOf = (offer: Pick<MethodOffer, "deliveryTime" | "deliveryTimeUnit">) =>
  offer.deliveryTimeUnit === "HOUR" ? offer.deliveryTime : offer.deliveryTime * 24;

/**
 * The methods that can take every parcel (their weights given) to the destination, cheapest
 * first (then quickest, then by carrier code). No parcel, nothing to offer.
 */
export function availableMethods(rules: ShippingRules, destination: Destination, parcelWeights: readonly number[]): MethodOffer[] {
  if (parcelWeights.length === 0) return [];
  const offers: MethodOffer[] = [];
  for (const method of rules.methods) {
    const quotes = parcelWeights.map((weight) => quote(rules.areas, method, destination, weight));
    const accepted = quotes.flatMap((result) => ("quote" in result ? [result.quote] : []));
    const [first] = accepted;
    if (!first || accepted.length !== parcelWeights.length) continue;
    offers.push({
      method,
      deliveryTime: first.deliveryTime,
      deliveryTimeUnit: first.deliveryTimeUnit,
      priceCents: accepted.reduce((sum, part) => sum + part.priceCents, 0),
    });
  }
  return offers.sort((a, b) => a.priceCents - b.priceCents || hoursOf(a) - hoursOf(b) || a.method.carrier.localeCompare(b.method.carrier));
}

/** A method's name in the request's language. */
export const methodName = (method: Pick<MethodRule, "nameFr" | "nameEn">, lang: Lang) => (lang === "fr" ? method.nameFr : method.nameEn);

const REFUSAL_MESSAGES: Record<Refusal, string> = {
  "needs-relay-point": "delivers only to a relay point",
  "not-to-relay-point": "does not deliver to a relay point",
  "needs-company": "delivers only to an address with a company",
  "zone-not-served": "does not deliver to this address",
  "too-heavy": "does not carry a parcel of this weight",
};

export const refusalMessage = (refusal: Refusal) => REFUSAL_MESSAGES[refusal];
