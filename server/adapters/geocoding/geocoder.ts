// The geocoding port: a free-text French address in, the best matching position and its label out.
// Embedded default: the gazetteer of French towns (gazetteer-geocoder.ts); real: a geocoding
// service speaking the French national address base's API (GEOCODER_URL, http-geocoder.ts).
import { HttpError } from "../../http/errors.ts";

interface GeocodingQuery {
  /** Free text: an address, a town, a postcode. */
  text: string;
  /** A postcode known apart from the text (a form's field): results are kept to it. */
  postcode?: string;
}

export interface GeocodedPlace {
  position: { lat: number; lng: number };
  /** The place found, as the geocoder writes it ("75001 Paris 1er Arrondissement", "8 Boulevard du Port 80000 Amiens"). */
  label: string;
}

export interface Geocoder {
  /** The best match, or null when nothing matches; throws `geocoderUnavailable()` when the service cannot answer. */
  geocode(query: GeocodingQuery): Promise<GeocodedPlace | null>;
}

export const geocoderUnavailable = () => new HttpError(502, "The geocoding service could not be reached", "UPSTREAM_UNAVAILABLE");
