// The relay search's rules (SPEC §4, §7, §9), stated once: which points are kept, what is asked of the
// relay service and of the geocoder, and the shipping date.
import {
  RELAY_COUNTRY,
  RELAY_POINT_TYPE,
  RELAY_SHIPPING_DELAY_DAYS,
  type RelayAddress,
  type RelayChoice,
  type RelayPoint,
  type RelaySearchContext,
  type RelaySearchRequest,
} from "./relay-search.types.ts";

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** The shopper's calendar day `days` after `now`, as an ISO date (`2026-03-12`). */
export function isoDateAfter(now: Date, days: number): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${day.getFullYear()}-${twoDigits(day.getMonth() + 1)}-${twoDigits(day.getDate())}`;
}

/** SPEC §9: the relay search's shipping date is today plus 2 days. */
export function relayShippingDate(now: Date): string {
  return isoDateAfter(now, RELAY_SHIPPING_DELAY_DAYS);
}

/** SPEC §4: relay points are searched in France only. */
export function isSearchableCountry(address: RelayAddress): boolean {
  return address.country === RELAY_COUNTRY;
}

/** SPEC §4: only points of type A2P are kept, in the order the service gave (nearest first). */
export function deliverableRelays(points: readonly RelayPoint[]): RelayPoint[] {
  return points.filter((point) => point.typeDePoint === RELAY_POINT_TYPE);
}

/** SPEC §7: what `POST colissimo/relays` is sent for an address. */
export function relaySearchRequest(address: RelayAddress, weight: number, now: Date): RelaySearchRequest {
  return {
    address: address.street,
    countryCode: RELAY_COUNTRY,
    zipCode: address.postCode,
    city: address.city,
    weight,
    shippingDate: relayShippingDate(now),
  };
}

/** The address as the geocoder reads it (`12 rue de Rivoli 75001 Paris`). */
export function geocodingQuery(address: RelayAddress): string {
  return `${address.street} ${address.postCode} ${address.city}`.replace(/\s+/gu, " ").trim();
}

/** The chosen relay point and the phone, when both are there: what Validate hands on. */
export function choiceOf(context: Pick<RelaySearchContext, "relays" | "selectedId" | "phone">): RelayChoice | null {
  const relay = context.relays.find((point) => point.id === context.selectedId);
  return relay && context.phone !== null ? { relay, phone: context.phone } : null;
}
