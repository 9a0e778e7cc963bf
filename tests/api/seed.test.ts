import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedIfEmpty, catalogueProducts, slugify } from "../../server/seed/seed.ts";
import { products } from "../../server/seed/data/products.ts";
import { demoRelayPointRows } from "../../server/seed/relay-points.ts";
import { backends, startTestApp, type TestApp } from "../support/test-app.ts";

describe("slugs", () => {
  it("are lower-case ascii words joined by hyphens", () => {
    expect(slugify("Écharpe en laine « Ciel » – édition 2026")).toBe("echarpe-en-laine-ciel-edition-2026");
    expect(slugify("L'avion d’argent")).toBe("l-avion-d-argent");
  });
});

describe("generated large catalogues", () => {
  it("reach the size asked for with unique references and names", () => {
    const large = catalogueProducts(2000);
    expect(large).toHaveLength(2000);
    expect(new Set(large.map((product) => product.reference)).size).toBe(2000);
    expect(new Set(large.map((product) => product.name.fr)).size).toBe(2000);
    expect(new Set(large.map((product) => product.name.en)).size).toBe(2000);
  });
});

describe("the demo relay points", () => {
  it("are the same every time, with unique identifiers", () => {
    const first = demoRelayPointRows();
    expect(demoRelayPointRows()).toEqual(first);
    expect(new Set(first.map((row) => row.id)).size).toBe(first.length);
  });
});

describe.each(backends())("the demo catalogue on $name", (backend) => {
  let shop: TestApp;
  const count = async (query: ReturnType<typeof sql>) => (await shop.db.rows<{ n: number }>(query))[0]?.n ?? 0;

  beforeAll(async () => {
    shop = await startTestApp(backend);
  });
  afterAll(() => shop?.close());

  it("is loaded once: seeding again changes nothing", async () => {
    const before = await count(sql`select count(*)::int as n from offers`);
    const relayPoints = await count(sql`select count(*)::int as n from relay_points`);
    expect(await seedIfEmpty(shop.db, { brandName: "Escale" })).toBe(false);
    expect(await count(sql`select count(*)::int as n from offers`)).toBe(before);
    expect(await count(sql`select count(*)::int as n from relay_points`)).toBe(relayPoints);
  });

  it("has the demo relay points, at least 5,000", async () => {
    const rows = demoRelayPointRows();
    expect(rows.length).toBeGreaterThanOrEqual(5000);
    expect(await count(sql`select count(*)::int as n from relay_points`)).toBe(rows.length);
  });

  it("has at least 150 products, 30 of them configurable with one offer per variant", async () => {
    expect(await count(sql`select count(*)::int as n from products`)).toBe(products.length);
    expect(products.length).toBeGreaterThanOrEqual(150);
    expect(await count(sql`select count(*)::int as n from products where cardinality(configurable_attributes) > 0`)).toBeGreaterThanOrEqual(30);
    expect(
      await count(sql`select count(*)::int as n from variants v where (select count(*) from offers o where o.variant_id = v.id) <> 1`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from products p where cardinality(p.configurable_attributes) > 0
                      and (select count(*) from variants v where v.product_id = p.id) < 2`),
    ).toBe(0);
  });

  it("covers every stock level the shop displays differently", async () => {
    for (const [low, high] of [
      [0, 0],
      [1, 1],
      [2, 5],
      [6, 1_000_000],
    ]) {
      expect(await count(sql`select count(*)::int as n from offers where stock_quantity between ${low} and ${high}`), `${low}-${high}`).toBeGreaterThan(0);
    }
    const soldOut = await count(sql`select count(*)::int as n from products p
      where not exists (select 1 from variants v join offers o on o.variant_id = v.id where v.product_id = p.id and o.stock_quantity > 0)`);
    expect(soldOut).toBeGreaterThan(0);
  });

  it("discounts about a fifth of the products", async () => {
    const discounted = await count(sql`select count(distinct v.product_id)::int as n from offers o join variants v on v.id = o.variant_id
      where o.discount_price_cents is not null`);
    expect(discounted / products.length).toBeGreaterThan(0.12);
    expect(discounted / products.length).toBeLessThan(0.3);
  });

  it("uses every flag and gives most products two pictures or more", async () => {
    for (const flag of ["made_in_france", "made_in_europe", "up_cycling", "limited_edition"]) {
      expect(await count(sql`select count(*)::int as n from products where ${sql.raw(flag)}`), flag).toBeGreaterThan(0);
    }
    const withTwo = await count(sql`select count(*)::int as n from products p where (select count(*) from pictures pi where pi.product_id = p.id) >= 2`);
    expect(withTwo / products.length).toBeGreaterThan(0.75);
    expect(await count(sql`select count(*)::int as n from products p where not exists (select 1 from pictures pi where pi.product_id = p.id and pi.is_cover)`)).toBe(0);
  });

  it("has the 14 carrier services, each delivering somewhere in gapless weight bands", async () => {
    const rows = await shop.db.rows<{ carrier: string }>(sql`select carrier from shipment_methods order by carrier`);
    expect(rows.map((row) => row.carrier).sort()).toEqual(
      ["DOS", "CDS", "A2P", "CHRONO13H_BtoC", "CHRONO13H_BtoB", "DHL_ECX", "DHL_WPX", "K+N_EuroLinkClassic", "DELIVENGO_SUIVI",
        "LETTRE SUIVIE", "DHL_ESU", "CHRONOCLA", "CHRONOEXPR", "RETSUPP"].sort(),
    );
    const zones = await shop.db.rows<{ carrier: string; zone_code: string; delivery_time: number; bands: { min: number; max: number; price: number }[] }>(sql`
      select m.carrier, z.zone_code, z.delivery_time,
             (select json_agg(json_build_object('min', r.min_weight_grams, 'max', r.max_weight_grams, 'price', r.price_cents) order by r.min_weight_grams)
              from shipment_rates r where r.method_id = z.method_id and r.zone_code = z.zone_code) as bands
      from shipment_method_zones z join shipment_methods m on m.id = z.method_id`);
    expect(new Set(zones.map((zone) => zone.carrier)).size).toBe(14);
    for (const zone of zones) {
      const label = `${zone.carrier} to ${zone.zone_code}`;
      expect(zone.delivery_time, label).toBeGreaterThan(0);
      expect(zone.bands?.length, label).toBeGreaterThan(0);
      zone.bands.slice(1).forEach((band, index) => expect(band.min, label).toBe((zone.bands[index]?.max ?? Number.NaN) + 1));
      // A heavier parcel never costs less.
      zone.bands.slice(1).forEach((band, index) => expect(band.price, label).toBeGreaterThanOrEqual(zone.bands[index]?.price ?? Number.NaN));
    }
    const areas = await shop.db.rows<{ zone_code: string; country: string; post_code_prefix: string }>(
      sql`select zone_code, country, post_code_prefix from shipping_zone_areas`,
    );
    const zoneOfArea = (country: string, prefix = "") => areas.find((area) => area.country === country && area.post_code_prefix === prefix)?.zone_code;
    expect([zoneOfArea("FR"), zoneOfArea("DE"), zoneOfArea("*")]).toEqual(["FR_METRO", "EU", "WORLD"]);
    for (const [prefix, territory] of [["971", "GP"], ["972", "MQ"], ["973", "GF"], ["974", "RE"], ["975", "PM"], ["976", "YT"], ["97133", "BL"], ["97150", "MF"], ["986", "WF"], ["987", "PF"], ["988", "NC"]]) {
      expect([zoneOfArea("FR", prefix), zoneOfArea(territory ?? "")], `${prefix} ${territory}`).toEqual(["FR_OVERSEAS", "FR_OVERSEAS"]);
    }
  });

  it("gives a database seeded before the shipping rules existed its rules, keeping its carriers", async () => {
    const [before] = await shop.db.rows<{ id: number }>(sql`select id from shipment_methods where carrier = 'DOS'`);
    await shop.db.rows(sql`delete from shipping_zones`);
    await shop.db.rows(sql`update shipment_methods set name_fr = 'ancien nom' where carrier = 'DOS'`);
    expect(await count(sql`select count(*)::int as n from shipment_rates`)).toBe(0);
    expect(await seedIfEmpty(shop.db, { brandName: "Escale" })).toBe(true);
    const [after] = await shop.db.rows<{ id: number; name_fr: string }>(sql`select id, name_fr from shipment_methods where carrier = 'DOS'`);
    expect(after).toEqual({ id: before?.id, name_fr: "Colissimo à domicile" });
    expect(await count(sql`select count(*)::int as n from shipment_rates`)).toBeGreaterThan(50);
  });

  it("refuses a negative stock at the database level", async () => {
    await expect(shop.db.rows(sql`update offers set stock_quantity = -1 where id = (select min(id) from offers)`)).rejects.toThrow();
  });
});
