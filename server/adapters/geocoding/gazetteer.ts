// The embedded gazetteer: French towns and their postcodes with a position, built by
// `npm run geodata` from published datasets (data/french-places.json says which). A town is a
// commune (or one of Paris, Lyon and Marseille's districts, or a former commune now part of a new
// one) that GeoNames places; a commune GeoNames does not know is placed at the main located town
// of its intercommunal group (else its arrondissement, else its department), a few kilometres off.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { normalizePlaceName } from "./place-names.ts";

/** The committed data file's shape (compact rows, to keep it small). */
export interface GazetteerFile {
  sources: string[];
  /** [name, postcodes separated by spaces, lat, lng, population, department, commune it belongs to or ""] */
  towns: [string, string, number, number, number, string, string][];
  /** Communes without a position of their own: [name, postcodes separated by spaces, index of the town standing for them] */
  communes: [string, string, number][];
}

export interface Place {
  name: string;
  postcodes: string[];
  lat: number;
  lng: number;
  population: number;
  department: string;
  /** The commune a district or former commune belongs to; "" for a commune. */
  parent: string;
  /** True when the position is a town nearby rather than the place itself. */
  approximate: boolean;
}

interface GazetteerQuery {
  /** Free text: a postcode, a town, a whole address. */
  text: string;
  /** A postcode known apart from the text: it wins over one found in the text. */
  postcode?: string;
}

export interface Gazetteer {
  /** The located towns (where the demo relay points are placed). */
  readonly towns: readonly Place[];
  /** The best place for a query, and the postcode that goes with it; undefined when nothing matches. */
  find(query: GazetteerQuery): { place: Place; postcode: string | undefined } | undefined;
}

const DATA_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), "data", "french-places.json");

/** Longest place name, in words, that a query is searched for ("Saint-Rémy-en-Bouzemont-Saint-Genest-et-Isson" has 8). */
const MAX_NAME_WORDS = 9;

/** Names this short match only a query that is nothing else ("Eu", "Y"): inside an address they are ordinary words. */
const SHORT_NAME_LENGTH = 2;

/** Words of street addresses that are also names of communes ("Rue" in the Somme, "Quai"…): inside an address, a street. */
const STREET_WORDS = new Set(["rue", "route", "chemin", "place", "quai", "cours", "allee", "avenue", "boulevard", "impasse", "voie", "passage", "square", "residence", "port"]);

function placesOf(file: GazetteerFile): { towns: Place[]; communes: Place[] } {
  const towns = file.towns.map(([name, postcodes, lat, lng, population, department, parent]) => ({
    name,
    postcodes: postcodes ? postcodes.split(" ") : [],
    lat,
    lng,
    population,
    department,
    parent,
    approximate: false,
  }));
  const communes = file.communes.flatMap(([name, postcodes, townIndex]) => {
    const town = towns[townIndex];
    if (!town) return [];
    return [{ ...town, name, postcodes: postcodes ? postcodes.split(" ") : [], population: 0, parent: "", approximate: true }];
  });
  return { towns, communes };
}

/** Prefers the exactly placed, then the most populous. */
const byStanding = (a: Place, b: Place) => Number(a.approximate) - Number(b.approximate) || b.population - a.population;

function createGazetteer(file: GazetteerFile): Gazetteer {
  const { towns, communes } = placesOf(file);
  const byName = new Map<string, Place[]>();
  const byPostcode = new Map<string, Place[]>();
  const add = (map: Map<string, Place[]>, key: string, place: Place) => {
    const list = map.get(key);
    if (list) list.push(place);
    else map.set(key, [place]);
  };
  for (const place of [...towns, ...communes]) {
    add(byName, normalizePlaceName(place.name), place);
    for (const postcode of place.postcodes) add(byPostcode, postcode, place);
  }
  for (const list of [...byName.values(), ...byPostcode.values()]) list.sort(byStanding);

  /** Places named by a run of the query's words, with where the run ends (a town usually ends an address). */
  function namedIn(words: string[]): { place: Place; end: number; length: number }[] {
    const found: { place: Place; end: number; length: number }[] = [];
    for (let start = 0; start < words.length; start += 1) {
      for (let end = start + 1; end <= Math.min(words.length, start + MAX_NAME_WORDS); end += 1) {
        const name = words.slice(start, end).join(" ");
        if (words.length > 1 && (name.length <= SHORT_NAME_LENGTH || STREET_WORDS.has(name))) continue;
        for (const place of byName.get(name) ?? []) found.push({ place, end, length: end - start });
      }
    }
    return found.sort((a, b) => b.end - a.end || b.length - a.length || byStanding(a.place, b.place));
  }

  /** A commune asked for by a postcode of one of its districts is answered with that district. */
  function district(place: Place, postcode: string): Place {
    return byPostcode.get(postcode)?.find((candidate) => candidate.parent === place.name && !candidate.approximate) ?? place;
  }

  return {
    towns,
    find(query) {
      const postcodes = query.text.match(/\b\d{5}\b/g) ?? [];
      const postcode = query.postcode ?? postcodes.at(-1);
      const words = normalizePlaceName(query.text.replace(/\b\d{5}\b/g, " ")).split(" ").filter(Boolean);
      const named = namedIn(words);
      if (postcode) {
        const atPostcode = byPostcode.get(postcode) ?? [];
        const both = named.find(({ place }) => atPostcode.includes(place));
        if (both) return { place: district(both.place, postcode), postcode };
        const first = atPostcode[0];
        if (first) return { place: district(first, postcode), postcode };
      }
      const best = named[0]?.place;
      if (!best) return undefined;
      return { place: best, postcode: best.postcodes.length === 1 ? best.postcodes[0] : undefined };
    },
  };
}

let embedded: Gazetteer | undefined;

/** The gazetteer of the committed data file, read once. */
export function embeddedGazetteer(): Gazetteer {
  embedded ??= createGazetteer(JSON.parse(readFileSync(DATA_FILE, "utf8")) as GazetteerFile);
  return embedded;
}
