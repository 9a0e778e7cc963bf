// The demo Colissimo relay points of the embedded default: about 8,000 points around the real
// French towns of the gazetteer (their positions come from published data; see
// scripts/build-geodata.ts). A town of 2,000 inhabitants or more has one point and one more per
// 15,000 inhabitants (the first one its post office in a town of 10,000), a smaller town one
// point in three; around each town the points are spread over a disc that grows with its population.
// Names, street addresses, opening hours, weight limits and yearly closures are drawn from the
// seed's deterministic generator: the same points every time. Loaded when the table is empty.
import { sql } from "drizzle-orm";
import { embeddedGazetteer, type Place } from "../adapters/geocoding/gazetteer.ts";
import { rowsOf, type Database } from "../db/client.ts";
import type { DemoPart } from "./demo-parts.ts";
import { randomGenerator } from "./random.ts";

type Random = ReturnType<typeof randomGenerator>;

/** Colissimo's types of point: shop (Pickup relay), post office, village post office, La Poste relay shop, delivery office, locker. */
export const RELAY_POINT_TYPES = ["A2P", "BPR", "ACP", "CMT", "CDI", "PCS"] as const;
type RelayPointType = (typeof RELAY_POINT_TYPES)[number];

export interface RelayPointRow {
  id: string;
  name: string;
  company: string | null;
  street: string;
  post_code: string;
  city: string;
  lat: number;
  lng: number;
  point_type: RelayPointType;
  max_weight_grams: number;
  opening_hours: (string | null)[];
  closed_from: string | null;
  closed_until: string | null;
}

const RELAY_SEED = 20_260_315;
const SMALL_TOWN_POPULATION = 2000;
const SMALL_TOWN_CHANCE = 0.35;
const INHABITANTS_PER_POINT = 15_000;
const MAX_POINTS_PER_TOWN = 40;
const METRES_PER_DEGREE = 111_320;

const STREETS = [
  "rue de la République", "avenue Jean Jaurès", "rue Victor Hugo", "rue de la Gare", "Grande Rue", "rue du Général de Gaulle",
  "rue Pasteur", "avenue de la Libération", "rue Jules Ferry", "place de l'Église", "rue Nationale", "boulevard Gambetta",
  "rue du Moulin", "rue des Écoles", "rue Carnot", "avenue Foch", "rue du Commerce", "rue de Verdun", "place du Marché",
  "rue Saint-Martin", "rue de la Paix", "rue Émile Zola", "rue Jean Moulin", "avenue du 8 Mai 1945", "rue du 11 Novembre",
  "rue Anatole France", "rue Voltaire", "rue des Tilleuls", "rue de l'Hôtel de Ville", "place de la Mairie", "rue du Château",
  "rue des Lilas", "avenue de la Gare", "rue Gambetta", "cours Jean Jaurès", "rue Principale", "rue du Stade", "rue de Paris",
  "avenue Aristide Briand", "rue Lamartine", "rue Louis Pasteur", "rue de la Liberté", "boulevard de la République",
  "rue Georges Clemenceau", "rue des Jardins", "rue du Four", "place Charles de Gaulle", "rue Paul Bert", "quai de la Loire",
  "rue Jeanne d'Arc", "rue Molière", "rue des Acacias", "avenue des Sports", "rue du Marché", "rue de Strasbourg",
] as const;

const SHOPS = [
  "Tabac-Presse", "Bar-Tabac", "Maison de la Presse", "Épicerie", "Supérette", "Librairie", "Papeterie", "Fleuriste", "Pressing",
  "Cordonnerie", "Quincaillerie", "Boutique Mobile", "Caviste", "Droguerie", "Bazar", "Primeur", "Boulangerie", "Station-service",
  "Laverie", "Mercerie",
] as const;

const SHOP_NAMES = [
  "du Centre", "de la Gare", "de la Place", "du Marché", "des Halles", "Le Balto", "Le Narval", "La Civette", "Le Diplomate",
  "Le Celtic", "de l'Église", "des Tilleuls", "Saint-Michel", "du Square", "Le Longchamp", "Le Central", "Le Terminus",
  "de la Mairie", "du Parc", "Les Arcades", "du Pont", "Le Saint-Germain", "du Lac", "Le Relais", "La Fontaine",
] as const;

const QUARTERS = ["Centre", "Gare", "République", "Hôtel de Ville", "Les Halles", "Saint-Jean", "Mairie", "Bel-Air", "Les Capucins", "Le Port"] as const;

const WEEK = 7;
const week = (weekdays: string | null, saturday: string | null, sunday: string | null, closedWeekday?: number) =>
  Array.from({ length: WEEK }, (_, day) => (day === 5 ? saturday : day === 6 ? sunday : day === closedWeekday ? null : weekdays));

function openingHours(type: RelayPointType, random: Random): (string | null)[] {
  switch (type) {
    case "BPR":
      return random.pick([
        week("09:00-12:00 14:00-18:00", "09:00-12:00", null),
        week("08:30-18:30", "09:00-12:30", null),
        week("09:00-12:30 13:30-17:30", "09:00-12:00", null, 0),
      ]);
    case "ACP":
      return random.pick([week("09:00-12:00", "09:00-11:30", null, 2), week("14:00-17:00", null, null), week("09:00-12:00 14:00-16:30", null, null, 0)]);
    case "CDI":
      return week("14:00-18:00", "09:00-12:00", null);
    case "PCS":
      return random.pick([week("00:00-23:59", "00:00-23:59", "00:00-23:59"), week("06:00-22:00", "07:00-22:00", "07:00-21:00")]);
    case "A2P":
    case "CMT":
      return random.pick([
        week("07:00-19:30", "07:30-19:30", "08:00-12:30"),
        week("08:30-12:30 15:00-19:30", "08:30-12:30 15:00-19:00", null, 0),
        week("09:00-12:00 14:00-19:00", "09:00-18:00", null, 0),
        week("10:00-19:00", "10:00-19:00", null),
        week("07:30-20:00", "08:00-20:00", "09:00-13:00", 2),
        week("08:00-12:30 14:30-19:00", "08:00-12:30", null),
      ]);
  }
}

function pointTypeOf(index: number, population: number, random: Random): RelayPointType {
  const draw = random.next();
  if (index === 0) {
    // A town's first point: its post office in a town, a shop or the village post office in a village.
    if (population >= 10_000) return "BPR";
    if (population >= SMALL_TOWN_POPULATION) return draw < 0.3 ? "BPR" : draw < 0.8 ? "A2P" : "CMT";
    return draw < 0.55 ? "A2P" : draw < 0.85 ? "ACP" : "CMT";
  }
  if (draw < 0.02 && population >= 50_000) return "CDI";
  if (draw < 0.12 && population >= 20_000) return "BPR";
  if (draw < 0.24 && population >= 10_000) return "PCS";
  if (draw < 0.32) return "CMT";
  return "A2P";
}

function maxWeightOf(type: RelayPointType, random: Random): number {
  if (type === "BPR" || type === "CDI") return 30_000;
  if (type === "PCS") return 15_000;
  if (type === "A2P") return random.pick([20_000, 20_000, 20_000, 20_000, 20_000, 20_000, 15_000, 15_000, 10_000, 10_000]);
  return 20_000;
}

function nameOf(type: RelayPointType, town: string, random: Random): { name: string; company: string | null } {
  const shop = () => `${random.pick(SHOPS)} ${random.pick(SHOP_NAMES)}`;
  switch (type) {
    case "BPR":
      return { name: `Bureau de poste ${town} ${random.pick(QUARTERS)}`, company: "La Poste" };
    case "ACP":
      return { name: `Agence postale communale de ${town}`, company: "La Poste" };
    case "CDI":
      return { name: `Plateforme colis ${town}`, company: "La Poste" };
    case "PCS":
      return { name: `Consigne Pickup ${town} ${random.pick(QUARTERS)}`, company: "Pickup" };
    case "CMT":
      return { name: `Relais Poste ${shop()}`, company: null };
    case "A2P":
      return { name: shop(), company: null };
  }
}

/** A yearly closure for a few shops: three weeks in summer, or a week in winter. */
function closureOf(type: RelayPointType, random: Random): [string, string] | [null, null] {
  if ((type !== "A2P" && type !== "CMT") || random.next() >= 0.06) return [null, null];
  return random.pick<[string, string]>([["08-01", "08-21"], ["07-15", "08-05"], ["08-10", "08-31"], ["02-10", "02-17"], ["12-24", "12-31"]]);
}

/** A point within `radius` metres of the town centre, uniformly over the disc. */
function near(town: Place, radius: number, random: Random): { lat: number; lng: number } {
  const distance = radius * Math.sqrt(random.next());
  const bearing = 2 * Math.PI * random.next();
  const lat = town.lat + (distance * Math.cos(bearing)) / METRES_PER_DEGREE;
  const lng = town.lng + (distance * Math.sin(bearing)) / (METRES_PER_DEGREE * Math.cos((town.lat * Math.PI) / 180));
  return { lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6 };
}

/** The demo relay points: deterministic, from the gazetteer's towns. */
export function demoRelayPointRows(towns: readonly Place[] = embeddedGazetteer().towns): RelayPointRow[] {
  const random = randomGenerator(RELAY_SEED);
  // Paris, Lyon and Marseille get their points through their districts.
  const withDistricts = new Set(towns.filter((town) => town.parent && town.name.startsWith(town.parent)).map((town) => town.parent));
  const rows: RelayPointRow[] = [];
  for (const town of towns) {
    if (town.population <= 0 || withDistricts.has(town.name) || town.postcodes.length === 0) continue;
    const count =
      town.population < SMALL_TOWN_POPULATION
        ? Number(random.next() < SMALL_TOWN_CHANCE)
        : Math.min(MAX_POINTS_PER_TOWN, 1 + Math.floor(town.population / INHABITANTS_PER_POINT));
    const radius = Math.min(300 + Math.sqrt(town.population) * 6, 3500);
    const city = town.parent && town.name.startsWith(town.parent) ? town.parent : town.name;
    for (let index = 0; index < count; index += 1) {
      const type = pointTypeOf(index, town.population, random);
      const { name, company } = nameOf(type, city, random);
      const street = type === "BPR" && random.next() < 0.4 ? random.pick(["place de la Poste", "rue de la Poste", "avenue de la Poste"]) : random.pick(STREETS);
      const [closedFrom, closedUntil] = closureOf(type, random);
      rows.push({
        id: String(100_000 + rows.length),
        name,
        company,
        street: `${random.int(1, 120)}${random.next() < 0.08 ? " bis" : ""} ${street}`,
        post_code: random.pick(town.postcodes),
        city,
        ...near(town, index === 0 ? radius / 3 : radius, random),
        point_type: type,
        max_weight_grams: maxWeightOf(type, random),
        opening_hours: openingHours(type, random),
        closed_from: closedFrom,
        closed_until: closedUntil,
      });
    }
  }
  return rows;
}

const BATCH = 2500;

export const demoRelayPoints: DemoPart = {
  name: "relay points",
  async seedIfEmpty(db: Database) {
    const [row] = await db.rows<{ count: number }>(sql`select count(*)::int as count from relay_points`);
    if ((row?.count ?? 0) > 0) return false;
    const rows = demoRelayPointRows();
    await db.orm.transaction(async (tx) => {
      // One statement per batch: the rows travel as one JSON parameter.
      for (let start = 0; start < rows.length; start += BATCH) {
        await rowsOf(
          tx,
          sql`insert into relay_points (id, name, company, street, post_code, city, lat, lng, point_type, max_weight_grams,
                                        opening_hours, closed_from, closed_until)
              select id, name, company, street, post_code, city, lat, lng, point_type, max_weight_grams, opening_hours, closed_from, closed_until
              from jsonb_to_recordset(${JSON.stringify(rows.slice(start, start + BATCH))}::jsonb)
                as r(id text, name text, company text, street text, post_code text, city text, lat double precision, lng double precision,
                     point_type text, max_weight_grams int, opening_hours jsonb, closed_from text, closed_until text)`,
        );
      }
    });
    await db.rows(sql`analyze relay_points`);
    return true;
  },
};
