// The relay point port: Colissimo relay points around a French address, nearest first, that can
// take a parcel of a given weight on a given date. Embedded default: the demo points in the
// database, searched by distance from the geocoded address (database-relay-points.ts); real: La
// Poste's Colissimo point-retrait web service (colissimo-relay-points.ts).
import { HttpError } from "../../http/errors.ts";

export const WEEKDAYS = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** How many points a search answers at most (as the Colissimo service does). */
export const RELAY_SEARCH_LIMIT = 20;

interface RelaySearchQuery {
  address: string;
  zipCode: string;
  city: string;
  countryCode: string;
  /** Parcel weight in grams. */
  weightGrams: number;
  /** The day the parcel leaves, `YYYY-MM-DD`. */
  shippingDate: string;
}

export interface FoundRelayPoint {
  id: string;
  name: string;
  company: string | null;
  street: string;
  city: string;
  postCode: string;
  country: string;
  position: { lat: number; lng: number };
  /** From the searched address, in metres. */
  distance: number;
  picture: string | null;
  /** Monday to Sunday: `08:30-12:00 14:00-18:30`, or null on a closed day. */
  openingHours: { day: Weekday; time: string | null }[];
  typeDePoint: string;
}

interface RelaySearchResult {
  points: FoundRelayPoint[];
  /** The search's identifier, for support. */
  requestId: string;
}

export interface RelayPoints {
  /** Nearest first; throws `relayServiceUnavailable()` when the service cannot answer. */
  search(query: RelaySearchQuery): Promise<RelaySearchResult>;
}

export const relayServiceUnavailable = () => new HttpError(502, "The relay point service could not be reached", "UPSTREAM_UNAVAILABLE");
