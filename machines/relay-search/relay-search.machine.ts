// The Colissimo relay picker of the shipping step (SPEC §2 Colissimo relay modal, §4 Relay modal, §7,
// §8 relay errors, §9). Two regions run side by side while the shopper picks:
// - the search: an address the relay form's rules accept is searched, in France only (another country
//   is refused with errors.server.relaisAddress before any call). The relay service is asked for the
//   points able to take the parcel's weight two days from today, and the geocoder for the address's
//   position to centre the map on; only points of type A2P are kept. Nothing kept: relais.notFound; the
//   service failing with a 500: errors.server.access; any other failure: errors.server.relaisAddress. A
//   geocoder that finds nothing only leaves the map centred on the nearest point. A relay point is
//   chosen among those found (in the list or on the map: the views keep both in step).
// - the map: loading until it shows, or until it is known not to (no consent for an outside style, no
//   WebGL, its code or style failed, or still nothing after MAP_LOAD_TIMEOUT_MS).
// Validate (SPEC §4) needs a chosen relay point, a valid phone (the form judges it and sends it in
// international format) and a settled map: shown, or known not to show, so that the list alone always
// lets a shopper validate; what it waits for is a map still loading. The flow's output is the chosen
// point and the phone.
import { assign, fromPromise, setup } from "xstate";
import type {
  GeocodeInput,
  GeocodingResult,
  LatLng,
  RelayAddress,
  RelayChoice,
  RelayPoint,
  RelaySearchContext,
  RelaySearchEvent,
  RelaySearchInput,
  RelaySearchRequest,
  RelaySearchResponse,
  RelaySearchTag,
} from "./relay-search.types.ts";

/** The only country relay points are searched in (SPEC §4). */
export const RELAY_COUNTRY = "FR";
/** The type of point the shop delivers to (SPEC §4): the others are left out of the list. */
export const RELAY_POINT_TYPE = "A2P";
/** SPEC §9: the relay search asks for points able to take the parcel this many days from today. */
export const RELAY_SHIPPING_DELAY_DAYS = 2;
/**
 * How long the map may take to show (its code and its style) before the modal stops waiting for it and
 * lets the shopper validate from the list: SPEC §9's chunk load time-out, the bound on any code the shop
 * loads on demand.
 */
export const MAP_LOAD_TIMEOUT_MS = 120_000;

/** The server failed (SPEC §8 errors.server.access where the search tells it apart from other failures). */
const HTTP_INTERNAL_SERVER_ERROR = 500;

/** The status a failed call carries: the app's API client rejects with `{ status, message }`. */
const statusOf = (error: unknown): number | undefined =>
  typeof error === "object" && error !== null && "status" in error && typeof error.status === "number" ? error.status : undefined;

// The relay search's rules (SPEC §4, §7, §9), stated once: which points are kept, what is asked of the
// relay service and of the geocoder, and the shipping date.
const twoDigits = (value: number) => String(value).padStart(2, "0");

/** The shopper's calendar day `days` after `now`, as an ISO date (`2026-03-12`). */
export function isoDateAfter(now: Date, days: number): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${day.getFullYear()}-${twoDigits(day.getMonth() + 1)}-${twoDigits(day.getDate())}`;
}

/** SPEC §9: the relay search's shipping date is today plus 2 days. */
export function relayShippingDate(now: Date): string {
  return isoDateAfter(now, RELAY_SHIPPING_DELAY_DAYS);
}

/** SPEC §4: relay points are searched in France only. */
export function isSearchableCountry(address: RelayAddress): boolean {
  return address.country === RELAY_COUNTRY;
}

/** SPEC §4: only points of type A2P are kept, in the order the service gave (nearest first). */
export function deliverableRelays(points: readonly RelayPoint[]): RelayPoint[] {
  return points.filter((point) => point.typeDePoint === RELAY_POINT_TYPE);
}

/** SPEC §7: what `POST colissimo/relays` is sent for an address. */
export function relaySearchRequest(address: RelayAddress, weight: number, now: Date): RelaySearchRequest {
  return {
    address: address.street,
    countryCode: RELAY_COUNTRY,
    zipCode: address.postCode,
    city: address.city,
    weight,
    shippingDate: relayShippingDate(now),
  };
}

/** The address as the geocoder reads it (`12 rue de Rivoli 75001 Paris`). */
export function geocodingQuery(address: RelayAddress): string {
  return `${address.street} ${address.postCode} ${address.city}`.replace(/\s+/gu, " ").trim();
}

/** The chosen relay point and the phone, when both are there: what Validate hands on. */
export function choiceOf(context: Pick<RelaySearchContext, "relays" | "selectedId" | "phone">): RelayChoice | null {
  const relay = context.relays.find((point) => point.id === context.selectedId);
  return relay && context.phone !== null ? { relay, phone: context.phone } : null;
}

/** The address of a search under way; the searching state is only entered with one. */
function addressOf(context: RelaySearchContext): RelayAddress {
  if (context.address === null) throw new Error("the relay search started a search without an address");
  return context.address;
}

export const relaySearchMachine = setup({
  types: {
    context: {} as RelaySearchContext,
    events: {} as RelaySearchEvent,
    input: {} as RelaySearchInput,
    tags: {} as RelaySearchTag,
    output: {} as RelayChoice | null,
  },
  actors: {
    searchRelayPoints: fromPromise<RelaySearchResponse, RelaySearchRequest>(async () => {
      throw new Error("searchRelayPoints not provided");
    }),
    geocodeAddress: fromPromise<GeocodingResult, GeocodeInput>(async () => {
      throw new Error("geocodeAddress not provided");
    }),
  },
  delays: {
    mapLoadTimeout: MAP_LOAD_TIMEOUT_MS,
  },
  guards: {
    hasAddress: ({ context }) => context.address !== null,
    isSearchable: (_, params: { address: RelayAddress | null }) => params.address !== null && isSearchableCountry(params.address),
    hasDeliverableRelays: (_, params: { response: RelaySearchResponse }) => deliverableRelays(params.response.listePointRetraitAcheminement).length > 0,
    isServerError: (_, params: { error: unknown }) => statusOf(params.error) === HTTP_INTERNAL_SERVER_ERROR,
    isFoundRelay: ({ context }, params: { relayId: string }) => context.relays.some((point) => point.id === params.relayId),
    hasChoice: ({ context }) => choiceOf(context) !== null,
  },
  actions: {
    startSearch: assign({
      address: (_, params: { address: RelayAddress }) => params.address,
      relays: [],
      centre: null,
      selectedId: null,
    }),
    setRelays: assign({ relays: (_, params: { response: RelaySearchResponse }) => deliverableRelays(params.response.listePointRetraitAcheminement) }),
    setCentre: assign({ centre: (_, params: { centre: LatLng }) => params.centre }),
    /** The geocoder found nothing: the map centres on the nearest point. */
    centreOnNearest: assign({ centre: ({ context }) => context.centre ?? context.relays[0]?.position ?? null }),
    select: assign({ selectedId: (_, params: { relayId: string }) => params.relayId }),
    setPhone: assign({ phone: (_, params: { phone: string | null }) => params.phone }),
  },
}).createMachine({
  id: "relaySearch",
  context: ({ input }) => ({
    weight: input.weight,
    now: input.now,
    address: input.address ?? null,
    relays: [],
    centre: null,
    selectedId: null,
    phone: input.phone ?? null,
  }),
  initial: "picking",
  output: ({ context }) => choiceOf(context),
  states: {
    picking: {
      type: "parallel",
      on: {
        "relaySearch.phone.set": { actions: { type: "setPhone", params: ({ event }) => ({ phone: event.phone }) } },
      },
      states: {
        search: {
          initial: "starting",
          on: {
            "relaySearch.search": [
              {
                guard: { type: "isSearchable", params: ({ event }) => ({ address: event.address }) },
                target: ".searching",
                actions: { type: "startSearch", params: ({ event }) => ({ address: event.address }) },
              },
              {
                target: ".failed.addressRefused",
                actions: { type: "startSearch", params: ({ event }) => ({ address: event.address }) },
              },
            ],
          },
          states: {
            starting: {
              description: "The address the modal opened with is searched at once.",
              always: [
                { guard: { type: "isSearchable", params: ({ context }) => ({ address: context.address }) }, target: "searching" },
                { guard: "hasAddress", target: "failed.addressRefused" },
                { target: "idle" },
              ],
            },
            idle: {
              description: "No address searched yet: the form waits for one.",
            },
            searching: {
              tags: ["loading"],
              type: "parallel",
              states: {
                relays: {
                  initial: "asking",
                  states: {
                    asking: {
                      invoke: {
                        id: "searchRelayPoints",
                        src: "searchRelayPoints",
                        input: ({ context }) => relaySearchRequest(addressOf(context), context.weight, context.now()),
                        onDone: [
                          {
                            guard: { type: "hasDeliverableRelays", params: ({ event }) => ({ response: event.output }) },
                            target: "answered",
                            actions: { type: "setRelays", params: ({ event }) => ({ response: event.output }) },
                          },
                          { target: "#relaySearch.picking.search.notFound" },
                        ],
                        onError: [
                          {
                            guard: { type: "isServerError", params: ({ event }) => ({ error: event.error }) },
                            target: "#relaySearch.picking.search.failed.serverError",
                          },
                          { target: "#relaySearch.picking.search.failed.addressRefused" },
                        ],
                      },
                    },
                    answered: { type: "final" },
                  },
                },
                centre: {
                  initial: "locating",
                  states: {
                    locating: {
                      invoke: {
                        id: "geocodeAddress",
                        src: "geocodeAddress",
                        input: ({ context }) => ({ query: geocodingQuery(addressOf(context)) }),
                        onDone: {
                          target: "located",
                          actions: { type: "setCentre", params: ({ event }) => ({ centre: event.output.position }) },
                        },
                        onError: { target: "located" },
                      },
                    },
                    located: { type: "final" },
                  },
                },
              },
              onDone: { target: "found", actions: "centreOnNearest" },
            },
            found: {
              description: "The A2P relay points around the address, nearest first; one may be chosen.",
              on: {
                "relaySearch.select": {
                  guard: { type: "isFoundRelay", params: ({ event }) => ({ relayId: event.relayId }) },
                  actions: { type: "select", params: ({ event }) => ({ relayId: event.relayId }) },
                },
              },
            },
            notFound: {
              tags: ["error"],
              description: "relais.notFound",
            },
            failed: {
              tags: ["error"],
              initial: "addressRefused",
              states: {
                serverError: { description: "errors.server.access" },
                addressRefused: { description: "errors.server.relaisAddress" },
              },
            },
          },
        },
        map: {
          initial: "loading",
          states: {
            loading: {
              description: "The map's code and style are on their way; Validate waits for them.",
              after: { mapLoadTimeout: { target: "unavailable" } },
              on: {
                "relaySearch.map.ready": { target: "ready" },
                "relaySearch.map.unavailable": { target: "unavailable" },
              },
            },
            ready: {
              description: "The map shows the relay points.",
              on: {
                "relaySearch.map.unavailable": { target: "unavailable" },
                "relaySearch.validate": { guard: "hasChoice", target: "#relaySearch.validated" },
              },
            },
            unavailable: {
              description: "The map cannot show; the list is the way to choose.",
              on: {
                "relaySearch.map.loading": { target: "loading" },
                "relaySearch.validate": { guard: "hasChoice", target: "#relaySearch.validated" },
              },
            },
          },
        },
      },
    },
    validated: {
      type: "final",
      description: "The chosen relay point and the phone go to the shipping step.",
    },
  },
});
