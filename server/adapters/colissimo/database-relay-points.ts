// The embedded relay points: the demo points of the `relay_points` table (server/seed/relay-points.ts),
// the nearest first from the address as the geocoder places it. The GiST index on
// `ll_to_earth(lat, lng)` walks the points in order of distance (`<->`, the straight line through
// the earth, which orders like the distance along its surface), skipping those too light for the
// parcel or closed for their holidays on the shipping date, and stops at the limit.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { Geocoder } from "../geocoding/geocoder.ts";
import { RELAY_SEARCH_LIMIT, WEEKDAYS, type RelayPoints } from "./relay-points.ts";

/** Points farther than this from the address are not offered. */
export const RELAY_SEARCH_RADIUS_METRES = 50_000;

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
  distance: number;
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
        select * from (
          select id, name, company, street, post_code, city, country, lat, lng, point_type, opening_hours,
                 round(earth_distance(ll_to_earth(lat, lng), ll_to_earth(${lat}, ${lng})))::int as distance
          from relay_points
          where max_weight_grams >= ${query.weightGrams}
            and (closed_from is null or not (case when closed_from <= closed_until
                                                  then ${monthDay} between closed_from and closed_until
                                                  else ${monthDay} >= closed_from or ${monthDay} <= closed_until end))
          order by ll_to_earth(lat, lng) <-> ll_to_earth(${lat}, ${lng})
          limit ${RELAY_SEARCH_LIMIT}
        ) nearest
        where distance <= ${RELAY_SEARCH_RADIUS_METRES}
        order by distance, id`);
      return {
        requestId,
        points: rows.map((row) => ({
          id: row.id,
          name: row.name,
          company: row.company,
          street: row.street,
          city: row.city,
          postCode: row.post_code,
          country: row.country,
          position: { lat: row.lat, lng: row.lng },
          distance: row.distance,
          picture: null,
          openingHours: WEEKDAYS.map((day, index) => ({ day, time: row.opening_hours[index] ?? null })),
          typeDePoint: row.point_type,
        })),
      };
    },
  };
}
