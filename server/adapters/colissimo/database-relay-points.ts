// The embedded relay points: the demo points of the `relay_points` table (server/seed/relay-points.ts),
// the nearest first from the address as the geocoder places it. The GiST index on
// `ll_to_earth(lat, lng)` walks the points in order of distance (`<->`, the straight line through
// the earth, which orders like the distance along its surface), skipping those too light for the
// parcel or closed for their holidays on the shipping date, and stops at the limit. The distance
// along the surface is computed here rather than by the database: a third of the query's time.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { Geocoder } from "../geocoding/geocoder.ts";
import { RELAY_SEARCH_LIMIT, WEEKDAYS, type RelayPoints } from "./relay-points.ts";

/** Points farther than this from the address are not offered. */
export const RELAY_SEARCH_RADIUS_METRES = 50_000;

/** The earth's mean radius (IUGG), in metres. */
const EARTH_RADIUS_METRES = 6_371_008.8;

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

interface Row {
  id: string;
  name: string;
  company: string | null;
  street: string;
  post_code: string;
  city: string;
  country: string;
  lat: number;
  lng: number;
  point_type: string;
  opening_hours: (string | null)[];
}

export function databaseRelayPoints(deps: { db: Database; geocoder: Geocoder }): RelayPoints {
  return {
    async search(query) {
      const requestId = randomBytes(16).toString("hex");
      const place = await deps.geocoder.geocode({ text: `${query.address}, ${query.zipCode} ${query.city}`, postcode: query.zipCode });
      if (!place) return { points: [], requestId };
      const { lat, lng } = place.position;
      const monthDay = query.shippingDate.slice(5);
      const rows = await deps.db.rows<Row>(sql`
        select id, name, company, street, post_code, city, country, lat, lng, point_type, opening_hours
        from relay_points
        where max_weight_grams >= ${query.weightGrams}
          and (closed_from is null or not (case when closed_from <= closed_until
                                                then ${monthDay} between closed_from and closed_until
                                                else ${monthDay} >= closed_from or ${monthDay} <= closed_until end))
        order by ll_to_earth(lat, lng) <-> ll_to_earth(${lat}, ${lng})
        limit ${RELAY_SEARCH_LIMIT}`);
      const nearest = rows
        .map((row) => ({ row, distance: Math.round(distanceMetres(place.position, row)) }))
        .filter(({ distance }) => distance <= RELAY_SEARCH_RADIUS_METRES)
        .sort((a, b) => a.distance - b.distance || a.row.id.localeCompare(b.row.id));
      return {
        requestId,
        points: nearest.map(({ row, distance }) => ({
          id: row.id,
          name: row.name,
          company: row.company,
          street: row.street,
          city: row.city,
          postCode: row.post_code,
          country: row.country,
          position: { lat: row.lat, lng: row.lng },
          distance,
          picture: null,
          openingHours: WEEKDAYS.map((day, index) => ({ day, time: row.opening_hours[index] ?? null })),
          typeDePoint: row.point_type,
        })),
      };
    },
  };
}
