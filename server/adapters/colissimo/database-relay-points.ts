// The embedded relay points: the demo points of the `relay_points` table (server/seed/relay-points.ts),
// the nearest first from the address as the geocoder places it. The GiST index on
// `ll_to_earth(lat, lng)` walks the points in order of distance (`<->`, the straight line through
// the earth, which orders like the distance along its surface), skipping those too light for the
// parcel or closed for their holidays on the shipping date, and stops at the limit. The statement
// is prepared (planned once per connection), and the distance along the surface is computed here
// rather than by the database: together half of the database's time per search. The demo points
// only change when the demo data is loaded again, and the embedded geocoder places an address at
// its town, so searches from one town for one weight and day are answered from memory for a minute.
import { randomBytes } from "node:crypto";
import { and, gte, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { createReadCache, type ReadCache } from "../../http/read-cache.ts";
import { relayPoints } from "../../db/schema.ts";
import type { Geocoder } from "../geocoding/geocoder.ts";
import { RELAY_SEARCH_LIMIT, WEEKDAYS, type FoundRelayPoint, type RelayPoints } from "./relay-points.ts";

/** Points farther than this from the address are not offered. */
export const RELAY_SEARCH_RADIUS_METRES = 50_000;

/** How long a search's points are kept, then served stale while one refresh runs. */
const CACHE_TTL_MS = 60_000;
const CACHE_MAX_ENTRIES = 2000;

/** The earth's mean radius (IUGG), in metres. */
const EARTH_RADIUS_METRES = 6_371_008.8;

/** Great-circle distance in metres (haversine). */
function distanceMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function databaseRelayPoints(deps: { db: Database; geocoder: Geocoder; cache?: ReadCache }): RelayPoints {
  const cache = deps.cache ?? createReadCache({ ttlMs: CACHE_TTL_MS, staleMs: CACHE_TTL_MS, maxEntries: CACHE_MAX_ENTRIES });
  const t = relayPoints;
  const monthDay = sql.placeholder("monthDay");
  const nearest = deps.db.orm
    .select({
      id: t.id,
      name: t.name,
      company: t.company,
      street: t.street,
      postCode: t.postCode,
      city: t.city,
      country: t.country,
      lat: t.lat,
      lng: t.lng,
      pointType: t.pointType,
      openingHours: t.openingHours,
    })
    .from(t)
    .where(
      and(
        gte(t.maxWeightGrams, sql.placeholder("weightGrams")),
        // A yearly closure may span the new year (12-24 to 01-02).
        sql`(${t.closedFrom} is null or not (case when ${t.closedFrom} <= ${t.closedUntil}
               then ${monthDay}::text between ${t.closedFrom} and ${t.closedUntil}
               else ${monthDay}::text >= ${t.closedFrom} or ${monthDay}::text <= ${t.closedUntil} end))`,
      ),
    )
    .orderBy(sql`ll_to_earth(${t.lat}, ${t.lng}) <-> ll_to_earth(${sql.placeholder("lat")}, ${sql.placeholder("lng")})`)
    .limit(RELAY_SEARCH_LIMIT)
    .prepare("relay_points_nearest");

  return {
    async search(query) {
      const requestId = randomBytes(16).toString("hex");
      const place = await deps.geocoder.geocode({ text: `${query.address}, ${query.zipCode} ${query.city}`, postcode: query.zipCode });
      if (!place) return { points: [], requestId };
      const { lat, lng } = place.position;
      const monthDay = query.shippingDate.slice(5);
      const load = async (): Promise<FoundRelayPoint[]> => {
        const rows = await nearest.execute({ lat, lng, weightGrams: query.weightGrams, monthDay });
        return rows
          .map((row) => ({ row, distance: Math.round(distanceMetres(place.position, row)) }))
          .filter(({ distance }) => distance <= RELAY_SEARCH_RADIUS_METRES)
          .sort((a, b) => a.distance - b.distance || a.row.id.localeCompare(b.row.id))
          .map(({ row, distance }) => ({
            id: row.id,
            name: row.name,
            company: row.company,
            street: row.street,
            city: row.city,
            postCode: row.postCode,
            country: row.country,
            position: { lat: row.lat, lng: row.lng },
            distance,
            picture: null,
            openingHours: WEEKDAYS.map((day, index) => ({ day, time: row.openingHours[index] ?? null })),
            typeDePoint: row.pointType,
          }));
      };
      return { requestId, points: await cache.get(`${lat},${lng}|${query.weightGrams}|${monthDay}`, load) };
    },
  };
}
