// The relay picker's model: a shopper opens the modal without an address, searches a French town (and
// a Belgian one, refused before any call), the relay service answers with points of several types, with
// none of type A2P, or fails (500, 502, a refused address), the geocoder finds the town or not; a
// relay point is chosen (one of another type cannot be), the phone becomes valid or not, the map shows,
// cannot show, or takes too long; then Validate. The shipment weighs 1.2 kg and the clock says
// 10 March 2026, so the shipping date asked for is 12 March.
import { defineFlowModel, type ModelEvent } from "../shared/flow-model.ts";
import { relaySearchMachine } from "./relay-search.machine.ts";
import type { RelaySearchSnapshot } from "./relay-search.selectors.ts";
import type { GeocodingResult, RelayAddress, RelayPoint, RelaySearchEvent, RelaySearchResponse } from "./relay-search.types.ts";

export const SAMPLE_WEIGHT = 1200;
/** The shopper's clock: 10 March 2026 in the morning. */
export const SAMPLE_NOW = new Date(2026, 2, 10, 9, 30);
export const SAMPLE_SHIPPING_DATE = "2026-03-12";
export const SAMPLE_PHONE = "+33612345678";

export const PARIS_ADDRESS: RelayAddress = { street: "12 rue de Rivoli", postCode: "75004", city: "Paris", country: "FR" };
export const BRUSSELS_ADDRESS: RelayAddress = { street: "Rue Neuve 1", postCode: "1000", city: "Bruxelles", country: "BE" };

const OPENING_TIMES: RelayPoint["openingTimes"] = [
  { day: "MONDAY", time: "09:00-12:30 14:00-19:00", now: false },
  { day: "TUESDAY", time: "09:00-12:30 14:00-19:00", now: true },
  { day: "WEDNESDAY", time: "09:00-12:30 14:00-19:00", now: false },
  { day: "THURSDAY", time: "09:00-12:30 14:00-19:00", now: false },
  { day: "FRIDAY", time: "09:00-12:30 14:00-19:00", now: false },
  { day: "SATURDAY", time: "09:00-12:30", now: false },
  { day: "SUNDAY", time: null, now: false },
];

export function sampleRelay(id: string, type: string, distance: number, lat: number, lng: number): RelayPoint {
  return {
    id,
    name: `Relais ${id}`,
    company: null,
    street: `${distance} rue de Rivoli`,
    city: "Paris",
    postCode: "75004",
    country: "FR",
    position: { lat, lng },
    distance,
    picture: null,
    openingTimes: OPENING_TIMES,
    typeDePoint: type,
  };
}

/** The nearest point is a locker of another type: the first one kept is the A2P point behind it. */
export const LOCKER = sampleRelay("L75004", "BPR", 120, 48.8556, 2.3589);
export const NEAR_RELAY = sampleRelay("R75004A", "A2P", 450, 48.8566, 2.3522);
export const FAR_RELAY = sampleRelay("R75004B", "A2P", 1850, 48.8606, 2.3376);

export const RELAYS_ANSWER: RelaySearchResponse = { listePointRetraitAcheminement: [LOCKER, NEAR_RELAY, FAR_RELAY], wsRequestId: "ws-1" };
export const NO_A2P_ANSWER: RelaySearchResponse = { listePointRetraitAcheminement: [LOCKER], wsRequestId: "ws-2" };
export const PARIS_GEOCODED: GeocodingResult = { position: { lat: 48.8559, lng: 2.3551 }, label: "12 Rue de Rivoli 75004 Paris" };

export const SERVER_ERROR = { status: 500, message: "Internal Server Error" };
export const UPSTREAM_ERROR = { status: 502, message: "Relay service unavailable", code: "UPSTREAM_UNAVAILABLE" };
export const REFUSED_ERROR = { status: 400, message: "zipCode must match pattern", code: "VALIDATION_FAILED" };
export const NOT_GEOCODED_ERROR = { status: 404, message: "Address not found", code: "NOT_FOUND" };

type RelaySearchModelEvent = ModelEvent<RelaySearchEvent>;

function answers(snapshot: RelaySearchSnapshot): RelaySearchModelEvent[] {
  const events: RelaySearchModelEvent[] = [];
  if (snapshot.matches({ picking: { search: { searching: { relays: "asking" } } } })) {
    events.push(
      { type: "xstate.done.actor.searchRelayPoints", output: RELAYS_ANSWER },
      { type: "xstate.done.actor.searchRelayPoints", output: NO_A2P_ANSWER },
      { type: "xstate.error.actor.searchRelayPoints", error: SERVER_ERROR },
      { type: "xstate.error.actor.searchRelayPoints", error: UPSTREAM_ERROR },
      { type: "xstate.error.actor.searchRelayPoints", error: REFUSED_ERROR },
    );
  }
  if (snapshot.matches({ picking: { search: { searching: { centre: "locating" } } } })) {
    events.push(
      { type: "xstate.done.actor.geocodeAddress", output: PARIS_GEOCODED },
      { type: "xstate.error.actor.geocodeAddress", error: NOT_GEOCODED_ERROR },
    );
  }
  return events;
}

export const relaySearchModel = defineFlowModel(relaySearchMachine, {
  name: "relay-search",
  input: { weight: SAMPLE_WEIGHT, now: () => SAMPLE_NOW, address: null, phone: null },
  events: (snapshot) => {
    // While a search runs, only its answers: the shopper's other moves are tried on a settled search.
    if (snapshot.hasTag("loading")) return answers(snapshot);
    return [
      { type: "relaySearch.search", address: PARIS_ADDRESS },
      { type: "relaySearch.search", address: BRUSSELS_ADDRESS },
      { type: "relaySearch.select", relayId: NEAR_RELAY.id },
      { type: "relaySearch.select", relayId: LOCKER.id },
      { type: "relaySearch.phone.set", phone: SAMPLE_PHONE },
      { type: "relaySearch.phone.set", phone: null },
      { type: "relaySearch.map.ready" },
      { type: "relaySearch.map.unavailable" },
      { type: "relaySearch.map.loading" },
      { type: "xstate.after.mapLoadTimeout.relaySearch.picking.map.loading" },
      { type: "relaySearch.validate" },
    ];
  },
  describeEvent: (event) => {
    if (event.type === "relaySearch.search") return `relaySearch.search ${event.address.city} (${event.address.country})`;
    if (event.type === "relaySearch.select") return `relaySearch.select ${event.relayId === LOCKER.id ? "a point of another type" : "an A2P point"}`;
    if (event.type === "relaySearch.phone.set") return event.phone === null ? "relaySearch.phone.set (no valid number)" : `relaySearch.phone.set ${event.phone}`;
    if (event.type === "xstate.done.actor.searchRelayPoints") {
      return "output" in event && event.output === NO_A2P_ANSWER ? "(relay service answers no A2P point)" : "(relay service answers points of several types)";
    }
    if (event.type === "xstate.error.actor.searchRelayPoints") {
      const status = "error" in event && typeof event.error === "object" && event.error !== null && "status" in event.error ? String(event.error.status) : "?";
      return `(relay service answers ${status})`;
    }
    if (event.type === "xstate.done.actor.geocodeAddress") return "(geocoder finds the address)";
    if (event.type === "xstate.error.actor.geocodeAddress") return "(geocoder finds nothing)";
    return undefined;
  },
});

/**
 * The picker's other two starts: opened on the customer's delivery address, a French one searched at
 * once, one abroad refused at once. The same model from that input, with no further event: each is the
 * one path of what the machine does on its own from there (its eventless "starting" choices).
 */
export const openedOnFranceModel = defineFlowModel(relaySearchMachine, {
  ...relaySearchModel,
  input: { ...relaySearchModel.input, address: PARIS_ADDRESS, phone: SAMPLE_PHONE },
  events: () => [],
});
export const openedAbroadModel = defineFlowModel(relaySearchMachine, {
  ...relaySearchModel,
  input: { ...relaySearchModel.input, address: BRUSSELS_ADDRESS, phone: null },
  events: () => [],
});
