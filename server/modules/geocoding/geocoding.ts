// Address geocoding (contract operation geocodeAddress): the best match of the configured geocoder
// for a free-text address, or a 404 when nothing matches.
import type { GeocodedPlace, Geocoder } from "../../adapters/geocoding/geocoder.ts";
import { badRequest, notFound } from "../../http/errors.ts";

export function createGeocoding(deps: { geocoder: Geocoder }) {
  return {
    async locate(q: string): Promise<GeocodedPlace> {
      const text = q.trim();
      if (text.length < 2) throw badRequest("q", "must have at least 2 characters besides spaces");
      const place = await deps.geocoder.geocode({ text });
      if (!place) throw notFound("No place matches this address");
      return place;
    },
  };
}

export type Geocoding = ReturnType<typeof createGeocoding>;
