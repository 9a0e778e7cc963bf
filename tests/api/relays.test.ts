// Relay point search on the embedded default: the demo points around real French towns, nearest
// first from the geocoded address, filtered by weight and yearly closures; the contract's 400s.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../common/api/schema.gen.ts";
import { RELAY_SEARCH_RADIUS_METRES } from "../../server/adapters/colissimo/database-relay-points.ts";
import { RELAY_SEARCH_LIMIT } from "../../server/adapters/colissimo/relay-points.ts";
import { backends, startTestApp, type TestApp } from "../support/test-app.ts";

type RelaySearchResponse = components["schemas"]["RelaySearchResponse"];
type RelayPoint = components["schemas"]["RelayPoint"];
type GeocodingResult = components["schemas"]["GeocodingResult"];

/** A Tuesday in summer, in France. */
const NOW = new Date("2026-07-28T10:00:00Z");
const IN_TWO_DAYS = "2026-07-30";

const idList = (ids: string[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/** Great-circle distance in metres (haversine, on the earth's mean radius). */
function haversine(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const radius = 6_371_008.8;
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * radius * Math.asin(Math.sqrt(h));
}

describe.each(backends())("relay point search on the embedded dataset, on $name", (backend) => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await startTestApp(backend, { app: { now: () => NOW } });
  });
  afterAll(() => shop?.close());

  const search = (body: Record<string, unknown>) =>
    shop.request({
      method: "POST",
      url: "/api/v1/colissimo/relays?locale=fr_FR",
      payload: { address: "Place Bellecour", countryCode: "FR", zipCode: "69002", city: "Lyon", weight: 1500, shippingDate: IN_TWO_DAYS, ...body },
    });
  const geocode = async (q: string) => (await shop.request({ url: `/api/v1/geocoding/search?q=${encodeURIComponent(q)}` })).json<GeocodingResult>();
  const count = async (query: ReturnType<typeof sql>) => (await shop.db.rows<{ n: number }>(query))[0]?.n ?? 0;

  it("holds at least 5,000 points around real towns, of several types, with closed days and several weight limits", async () => {
    expect(await count(sql`select count(*)::int as n from relay_points`)).toBeGreaterThanOrEqual(5000);
    const types = await shop.db.rows<{ point_type: string; n: number }>(sql`select point_type, count(*)::int as n from relay_points group by point_type`);
    expect(types.map((row) => row.point_type).sort()).toEqual(expect.arrayContaining(["A2P", "BPR", "CMT", "PCS"]));
    expect(types.find((row) => row.point_type === "A2P")?.n).toBeGreaterThan(1000);
    expect(await count(sql`select count(distinct max_weight_grams)::int as n from relay_points`)).toBeGreaterThanOrEqual(3);
    expect(await count(sql`select count(*)::int as n from relay_points where opening_hours->>6 is null`)).toBeGreaterThan(1000);
    expect(await count(sql`select count(distinct city)::int as n from relay_points`)).toBeGreaterThan(3000);
  });

  it("answers the points nearest to the address first, with their distance from it", async () => {
    const response = await search({});
    expect(response.statusCode).toBe(200);
    const { listePointRetraitAcheminement: points, wsRequestId } = response.json<RelaySearchResponse>();
    expect(wsRequestId).toMatch(/^[0-9a-f]{32}$/);
    expect(points).toHaveLength(RELAY_SEARCH_LIMIT);
    const centre = (await geocode("69002 Lyon")).position;
    let previous = 0;
    for (const point of points) {
      expect(point.distance).toBeGreaterThanOrEqual(previous);
      previous = point.distance;
      expect(Math.abs(point.distance - haversine(centre, point.position))).toBeLessThanOrEqual(1);
    }
    // No point left out (able to take the parcel, not closed) was nearer than the farthest one given.
    const others = await shop.db.rows<{ lat: number; lng: number }>(sql`select lat, lng from relay_points
      where max_weight_grams >= 1500 and closed_from is null and id not in (${idList(points.map((point) => point.id))})`);
    expect(Math.min(...others.map((other) => haversine(centre, other)))).toBeGreaterThanOrEqual(previous - 1);
  });

  it("gives every point the contract's fields, its opening times Monday to Sunday with today marked, and several types", async () => {
    const points = (await search({})).json<RelaySearchResponse>().listePointRetraitAcheminement;
    for (const point of points) {
      expect(point).toMatchObject({ country: "FR", picture: null, postCode: expect.stringMatching(/^69\d{3}$/) });
      expect(point.name.length).toBeGreaterThan(2);
      expect(point.street).toMatch(/^\d+( bis)? \S/);
      expect(point.openingTimes.map((day) => day.day)).toEqual(["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"]);
      expect(point.openingTimes.filter((day) => day.now).map((day) => day.day)).toEqual(["TUESDAY"]);
      for (const { time } of point.openingTimes) if (time !== null) expect(time).toMatch(/^\d{2}:\d{2}-\d{2}:\d{2}( \d{2}:\d{2}-\d{2}:\d{2})?$/);
    }
    expect(new Set(points.map((point) => point.typeDePoint)).size).toBeGreaterThanOrEqual(2);
    expect(points.some((point) => point.typeDePoint === "A2P")).toBe(true);
  });

  it("leaves out the points that cannot take the parcel's weight", async () => {
    const light = (await search({ weight: 500 })).json<RelaySearchResponse>().listePointRetraitAcheminement;
    const heavy = (await search({ weight: 25_000 })).json<RelaySearchResponse>().listePointRetraitAcheminement;
    const limits = async (points: RelayPoint[]) =>
      (await shop.db.rows<{ max_weight_grams: number }>(sql`select max_weight_grams from relay_points where id in (${idList(points.map((point) => point.id))})`)).map(
        (row) => row.max_weight_grams,
      );
    expect(Math.min(...(await limits(light)))).toBeLessThan(25_000);
    expect(heavy.length).toBeGreaterThan(0);
    expect(Math.min(...(await limits(heavy)))).toBeGreaterThanOrEqual(25_000);
    expect(heavy.every((point) => ["BPR", "CDI"].includes(point.typeDePoint))).toBe(true);
  });

  it("leaves out a point closed for its holidays on the shipping date", async () => {
    // A closed shop in a town small enough for its points to be among the nearest.
    const [closed] = await shop.db.rows<{ id: string; post_code: string; city: string }>(sql`
      select p.id, p.post_code, p.city from relay_points p
      where p.closed_from = '08-01' and p.closed_until = '08-21'
        and (select count(*) from relay_points q where q.city = p.city) <= 3
      order by p.id limit 1`);
    if (!closed) throw new Error("the demo data has no shop closed in August in a small town");
    const idsOn = async (shippingDate: string) =>
      (await search({ zipCode: closed.post_code, city: closed.city, address: "Place de la Mairie", shippingDate }))
        .json<RelaySearchResponse>()
        .listePointRetraitAcheminement.map((point) => point.id);
    expect(await idsOn(IN_TWO_DAYS)).toContain(closed.id);
    expect(await idsOn("2026-08-10")).not.toContain(closed.id);
    expect(await idsOn("2026-08-21")).not.toContain(closed.id);
    expect(await idsOn("2026-08-22")).toContain(closed.id);
  });

  it("answers an empty list for an address it cannot place", async () => {
    const response = await search({ zipCode: "00000", city: "Nulle-Part-sur-Rien", address: "1 rue Introuvable" });
    expect(response.statusCode).toBe(200);
    const body = response.json<RelaySearchResponse>();
    expect(body.listePointRetraitAcheminement).toEqual([]);
    expect(body.wsRequestId).toMatch(/^[0-9a-f]{32}$/);
  });

  it("never offers a point farther than the search radius", async () => {
    // Ouessant, an island 20 km off Brittany: its nearest points are on the mainland.
    const points = (await search({ zipCode: "29242", city: "Ouessant", address: "Le Bourg" })).json<RelaySearchResponse>().listePointRetraitAcheminement;
    for (const point of points) expect(point.distance).toBeLessThanOrEqual(RELAY_SEARCH_RADIUS_METRES);
  });

  it("refuses a country other than France, naming countryCode", async () => {
    const response = await search({ countryCode: "BE", zipCode: "10000" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, code: "VALIDATION_FAILED", fields: [{ field: "countryCode" }] });
  });

  it.each([
    ["zipCode", { zipCode: "6900" }],
    ["zipCode", { zipCode: "69OO2" }],
    ["weight", { weight: 0 }],
    ["weight", { weight: 30_001 }],
    ["weight", { weight: 1.5 }],
    ["city", { city: "L" }],
    ["city", { city: "   " }],
    ["city", { city: "x".repeat(51) }],
    ["address", { address: "  " }],
    ["address", { address: "a".repeat(91) }],
    ["shippingDate", { shippingDate: "30/07/2026" }],
    ["shippingDate", { shippingDate: "2026-02-30" }],
    ["shippingDate", { shippingDate: "2026-07-20" }],
    ["shippingDate", { shippingDate: "2027-01-15" }],
    ["phone", { phone: "+33612345678" }],
  ])("refuses a bad %s with a 400 naming it (%j)", async (field, body) => {
    const response = await search(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, code: "VALIDATION_FAILED", fields: [{ field }] });
  });

  it("refuses a request without a field, naming it", async () => {
    const response = await shop.request({
      method: "POST",
      url: "/api/v1/colissimo/relays",
      payload: { address: "Place Bellecour", countryCode: "FR", zipCode: "69002", weight: 1500, shippingDate: IN_TWO_DAYS },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: [{ field: "city" }] });
  });

  it("needs the storefront token", async () => {
    const response = await shop.app.inject({ method: "POST", url: "/api/v1/colissimo/relays", payload: {} });
    expect(response.statusCode).toBe(401);
  });
});
