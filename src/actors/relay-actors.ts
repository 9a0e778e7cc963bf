// The IO of the relay picker: the relay points around an address (`POST colissimo/relays`) and the
// address's position to centre the map on (`GET geocoding/search`).
import { fromPromise } from "xstate";
import { relaySearchMachine } from "../../machines/relay-search/relay-search.machine.ts";
import type {
  GeocodeInput,
  GeocodingResult,
  RelaySearchRequest,
  RelaySearchResponse,
} from "../../machines/relay-search/relay-search.types.ts";
import { unwrap, type ApiClient } from "../api/client.ts";

function searchRelayPointsActor(api: ApiClient) {
  return fromPromise<RelaySearchResponse, RelaySearchRequest>(({ input, signal }) => unwrap(api.POST("/colissimo/relays", { body: input, signal })));
}

function geocodeAddressActor(api: ApiClient) {
  return fromPromise<GeocodingResult, GeocodeInput>(({ input, signal }) =>
    unwrap(api.GET("/geocoding/search", { params: { query: { q: input.query } }, signal })),
  );
}

/** The relay search machine with its IO bound; give it `{ weight, now, address?, phone? }` as input. */
export function createRelaySearchMachine(api: ApiClient) {
  return relaySearchMachine.provide({
    actors: { searchRelayPoints: searchRelayPointsActor(api), geocodeAddress: geocodeAddressActor(api) },
  });
}
