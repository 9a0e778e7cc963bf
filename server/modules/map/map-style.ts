// The relay map's offline style: a MapLibre style drawing the sea, the countries around France
// and the borders of French departments from GeoJSON files the shop serves itself
// (scripts/build-geodata.ts makes them from Natural Earth). No text layers, so no glyphs: the map
// needs no font, tile or sprite from anywhere, and the relay markers are the SPA's own.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Where the map's style and shapes are served. */
export const MAP_PATH = "/map";
export const OFFLINE_STYLE_PATH = `${MAP_PATH}/style.json`;

const DATA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "data");

const MAP_SOURCES = ["countries", "borders", "departments"] as const;
export type MapSourceName = (typeof MAP_SOURCES)[number];

export interface MapSourceFile {
  name: MapSourceName;
  /** `countries.3f2a9c1b0d.geojson`: the content's hash in the name, so it can be cached for good. */
  fileName: string;
  json: string;
}

export function loadMapSources(): MapSourceFile[] {
  return MAP_SOURCES.map((name) => {
    const json = readFileSync(path.join(DATA_DIR, `${name}.geojson`), "utf8");
    const hash = createHash("sha256").update(json).digest("hex").slice(0, 10);
    return { name, fileName: `${name}.${hash}.geojson`, json };
  });
}

const ATTRIBUTION = "Natural Earth";

/** The style, pointing at the sources by path (MapLibre resolves them against the page). */
export function offlineMapStyle(sources: readonly MapSourceFile[]) {
  const url = (name: MapSourceName) => {
    const source = sources.find((item) => item.name === name);
    if (!source) throw new Error(`map source ${name} is missing`);
    return `${MAP_PATH}/${source.fileName}`;
  };
  return {
    version: 8,
    name: "Escale offline",
    center: [2, 46.5],
    zoom: 5,
    sources: {
      countries: { type: "geojson", data: url("countries"), attribution: ATTRIBUTION },
      borders: { type: "geojson", data: url("borders") },
      departments: { type: "geojson", data: url("departments") },
    },
    layers: [
      { id: "sea", type: "background", paint: { "background-color": "#d6e6f0" } },
      { id: "land", type: "fill", source: "countries", paint: { "fill-color": "#efebe2" } },
      { id: "france", type: "fill", source: "countries", filter: ["==", ["get", "name"], "France"], paint: { "fill-color": "#faf8f3" } },
      { id: "coast", type: "line", source: "countries", paint: { "line-color": "#a9c2d1", "line-width": 0.8 } },
      {
        id: "departments",
        type: "line",
        source: "departments",
        minzoom: 4,
        paint: { "line-color": "#cfc6b2", "line-width": ["interpolate", ["linear"], ["zoom"], 5, 0.5, 12, 1.5], "line-dasharray": [3, 2] },
      },
      {
        id: "borders",
        type: "line",
        source: "borders",
        paint: { "line-color": "#8e8571", "line-width": ["interpolate", ["linear"], ["zoom"], 3, 0.6, 12, 2.2] },
      },
    ],
  };
}
