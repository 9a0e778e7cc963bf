// A geocoding service speaking the API of the French national address base (BAN):
// `GET {GEOCODER_URL}/search?q=…&limit=1[&postcode=…]` answers a GeoJSON FeatureCollection whose
// features are points with a `label`, best first. Any service of that shape can be configured.
import * as v from "valibot";
import { geocoderUnavailable, type Geocoder } from "./geocoder.ts";

const GEOCODER_TIMEOUT_MS = 5000;

const SearchAnswer = v.object({
  type: v.literal("FeatureCollection"),
  features: v.array(
    v.object({
      geometry: v.object({ type: v.literal("Point"), coordinates: v.tuple([v.number(), v.number()]) }),
      properties: v.object({ label: v.string() }),
    }),
  ),
});

export function httpGeocoder(options: { url: string; fetch?: typeof fetch }): Geocoder {
  const fetcher = options.fetch ?? fetch;
  return {
    async geocode(query) {
      const url = new URL(`${options.url}/search`);
      url.searchParams.set("q", query.text);
      url.searchParams.set("limit", "1");
      if (query.postcode) url.searchParams.set("postcode", query.postcode);
      let status: number;
      let body: unknown;
      try {
        const response = await fetcher(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS) });
        status = response.status;
        body = status === 200 ? await response.json() : await response.body?.cancel();
      } catch {
        throw geocoderUnavailable();
      }
      // The service refuses a query it cannot search (too short, only punctuation): nothing found.
      if (status === 400) return null;
      if (status !== 200) throw geocoderUnavailable();
      const answer = v.safeParse(SearchAnswer, body);
      if (!answer.success) throw geocoderUnavailable();
      const best = answer.output.features[0];
      if (!best) return null;
      const [lng, lat] = best.geometry.coordinates;
      return { position: { lat, lng }, label: best.properties.label };
    },
  };
}
