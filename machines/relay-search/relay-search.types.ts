// The vocabulary of the Colissimo relay picker (SPEC §2 Colissimo relay modal, §3 Relay point, §4 Relay
// modal, §7 colissimo/relays and geocoding, §8 relay errors, §9 relay shipping date): the address
// searched around, the relay points found, what the modal's views send and what the IO actors are asked.
import type { components } from "../../common/api/schema.gen.ts";

export type RelayPoint = components["schemas"]["RelayPoint"];
export type RelaySearchRequest = components["schemas"]["RelaySearchRequest"];
export type RelaySearchResponse = components["schemas"]["RelaySearchResponse"];
export type GeocodingResult = components["schemas"]["GeocodingResult"];
export type LatLng = components["schemas"]["LatLng"];

/** The address the relay points are searched around (the relay address form's fields, SPEC §5). */
export interface RelayAddress {
  street: string;
  postCode: string;
  city: string;
  /** ISO country code; only FR is searched. */
  country: string;
}

export interface RelaySearchInput {
  /** The parcel's weight in grams (the shipment's weight, SPEC §3). */
  weight: number;
  /** The clock the shipping date is read from (the app's, or a test's fixed one). */
  now: () => Date;
  /** The delivery address the modal opens with, when the form's rules accept it: searched at once. */
  address?: RelayAddress | null;
  /** The shopper's phone, when the one the modal opens with is valid (international format). */
  phone?: string | null;
}

export interface RelaySearchContext {
  weight: number;
  now: () => Date;
  /** The address of the search under way or last answered. */
  address: RelayAddress | null;
  /**
   * The relay points of type A2P found around it, nearest first. Kept here like the search box's
   * suggestions: the answer to this search, shown in this modal only and dropped with the next search.
   */
  relays: RelayPoint[];
  /** Where the map centres: the searched address as geocoded, else the nearest relay point. */
  centre: LatLng | null;
  /** The relay point chosen in the list or on the map. */
  selectedId: string | null;
  /** The shopper's phone in international format; null while the field holds no valid number. */
  phone: string | null;
}

export type RelaySearchEvent =
  /** The relay address form was sent with an address its rules accept. */
  | { type: "relaySearch.search"; address: RelayAddress }
  /** A relay point chosen in the list or on the map. */
  | { type: "relaySearch.select"; relayId: string }
  /** The phone field changed: its number in international format when valid for the country, else null. */
  | { type: "relaySearch.phone.set"; phone: string | null }
  /** The map drew its style: it shows the relay points. */
  | { type: "relaySearch.map.ready" }
  /** The map cannot show (no consent for an outside style, no WebGL, its code or style failed): the list stands alone. */
  | { type: "relaySearch.map.unavailable" }
  /** The map is being shown again (consent given, another try): wait for it. */
  | { type: "relaySearch.map.loading" }
  | { type: "relaySearch.validate" };

export type RelaySearchTag = "loading" | "error";

/** What the shipping step receives when the shopper validates. */
export interface RelayChoice {
  relay: RelayPoint;
  /** The shopper's phone in international format (`+33612345678`). */
  phone: string;
}

/** What the geocoding actor is asked: the address as one line of text (`q`). */
export interface GeocodeInput {
  query: string;
}

/** The message of a search that found nothing or failed (SPEC §8). */
export type RelaySearchErrorId = "relais.notFound" | "errors.server.access" | "errors.server.relaisAddress";
