// La Poste's Colissimo point-retrait web service, REST version: `POST {COLISSIMO_URL}/findRDVPointRetraitAcheminement`
// with the contract's account (number and password, or an API key), the address, the weight in
// grams and the shipping date (dd/mm/yyyy). It answers `errorCode` 0 and
// `listePointRetraitAcheminement`, nearest first, with `wsRequestId`; any other code is a failure.
import * as v from "valibot";
import type { Config } from "../../config.ts";
import { relayServiceUnavailable, WEEKDAYS, type FoundRelayPoint, type RelayPoints } from "./relay-points.ts";

const COLISSIMO_TIMEOUT_MS = 8000;

export type ColissimoCredentials = NonNullable<Config["colissimo"]>["credentials"];

/** The service's day fields, Monday to Sunday. */
const DAY_FIELDS = [
  "horairesOuvertureLundi",
  "horairesOuvertureMardi",
  "horairesOuvertureMercredi",
  "horairesOuvertureJeudi",
  "horairesOuvertureVendredi",
  "horairesOuvertureSamedi",
  "horairesOuvertureDimanche",
] as const;

const text = v.optional(v.nullable(v.string()), "");
const coordinate = v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.number(), v.finite());

const Point = v.object({
  identifiant: v.string(),
  nom: v.string(),
  adresse1: text,
  adresse2: text,
  adresse3: text,
  codePostal: v.string(),
  localite: v.string(),
  codePays: v.optional(v.string(), "FR"),
  coordGeolocalisationLatitude: coordinate,
  coordGeolocalisationLongitude: coordinate,
  distanceEnMetre: v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.number(), v.finite()),
  typeDePoint: v.string(),
  poidsMaxi: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(Number))),
  ...Object.fromEntries(DAY_FIELDS.map((field) => [field, text])) as Record<(typeof DAY_FIELDS)[number], typeof text>,
});

const Answer = v.object({
  errorCode: v.pipe(v.union([v.string(), v.number()]), v.transform(Number)),
  errorMessage: v.optional(v.nullable(v.string())),
  wsRequestId: v.optional(v.nullable(v.string())),
  listePointRetraitAcheminement: v.optional(v.nullable(v.array(Point))),
});

/** "09:00-12:00 14:00-18:00" stays; "09:00-12:00 00:00-00:00" loses its empty slot; "00:00-00:00 00:00-00:00" is a closed day. */
export function openingTimeOf(hours: string | null | undefined): string | null {
  const slots = (hours ?? "").split(/\s+/).filter((slot) => /^\d{2}:\d{2}-\d{2}:\d{2}$/.test(slot) && slot !== "00:00-00:00");
  return slots.length > 0 ? slots.join(" ") : null;
}

/** `YYYY-MM-DD` → `DD/MM/YYYY`, the service's date format. */
const serviceDate = (isoDate: string) => isoDate.split("-").reverse().join("/");

export function colissimoRelayPoints(options: { url: string; credentials: ColissimoCredentials; fetch?: typeof fetch }): RelayPoints {
  const fetcher = options.fetch ?? fetch;
  return {
    async search(query) {
      const body = {
        ...options.credentials,
        address: query.address,
        zipCode: query.zipCode,
        city: query.city,
        countryCode: query.countryCode,
        weight: String(query.weightGrams),
        shippingDate: serviceDate(query.shippingDate),
        filterRelay: "1",
        lang: "FR",
        optionInter: "0",
      };
      let answer: unknown;
      try {
        const response = await fetcher(`${options.url}/findRDVPointRetraitAcheminement`, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(COLISSIMO_TIMEOUT_MS),
        });
        if (!response.ok) {
          await response.body?.cancel();
          throw relayServiceUnavailable();
        }
        answer = await response.json();
      } catch {
        throw relayServiceUnavailable();
      }
      const parsed = v.safeParse(Answer, answer);
      if (!parsed.success || parsed.output.errorCode !== 0) throw relayServiceUnavailable();
      const points = (parsed.output.listePointRetraitAcheminement ?? [])
        // The service filters by weight already; a point that says otherwise is not offered.
        .filter((point) => point.poidsMaxi === undefined || !Number.isFinite(point.poidsMaxi) || point.poidsMaxi >= query.weightGrams)
        .map(
          (point): FoundRelayPoint => ({
            id: point.identifiant,
            name: point.nom.trim(),
            company: null,
            street: [point.adresse1, point.adresse2, point.adresse3].map((line) => (line ?? "").trim()).filter(Boolean).join(", "),
            city: point.localite,
            postCode: point.codePostal,
            country: point.codePays,
            position: { lat: point.coordGeolocalisationLatitude, lng: point.coordGeolocalisationLongitude },
            distance: Math.round(point.distanceEnMetre),
            picture: null,
            openingHours: WEEKDAYS.map((day, index) => ({ day, time: openingTimeOf(point[DAY_FIELDS[index] ?? DAY_FIELDS[0]]) })),
            typeDePoint: point.typeDePoint,
          }),
        );
      return { points, requestId: parsed.output.wsRequestId ?? "" };
    },
  };
}
