// The relay picker: every generated path walked on a real actor (fake relay service and
// geocoder, simulated clock), each step checked against an independent statement of SPEC §4, §7, §8 and
// §9 (which requests go out with what, which message shows, what is kept, when Validate is possible);
// then the rules one by one.
import { createActor, SimulatedClock } from "xstate";
import { describe, expect, it } from "vitest";
import { MAP_LOAD_TIMEOUT_MS, RELAY_SHIPPING_DELAY_DAYS, isoDateAfter, relayShippingDate, relaySearchMachine } from "../../machines/relay-search/relay-search.machine.ts";
import {
  BRUSSELS_ADDRESS,
  FAR_RELAY,
  LOCKER,
  NEAR_RELAY,
  NO_A2P_ANSWER,
  NOT_GEOCODED_ERROR,
  PARIS_ADDRESS,
  PARIS_GEOCODED,
  RELAYS_ANSWER,
  REFUSED_ERROR,
  SAMPLE_NOW,
  SAMPLE_PHONE,
  SAMPLE_SHIPPING_DATE,
  SAMPLE_WEIGHT,
  SERVER_ERROR,
  UPSTREAM_ERROR,
  openedAbroadModel,
  openedOnFranceModel,
  relaySearchModel,
  sampleRelay,
} from "../../machines/relay-search/relay-search.model.ts";
import {
  canValidate,
  isMapSettled,
  isSearching,
  isValidated,
  selectCentre,
  selectErrorId,
  selectRelays,
  selectSelectedRelay,
  type RelaySearchSnapshot,
} from "../../machines/relay-search/relay-search.selectors.ts";
import type {
  GeocodeInput,
  GeocodingResult,
  RelayAddress,
  RelaySearchEvent,
  RelaySearchInput,
  RelaySearchRequest,
  RelaySearchResponse,
} from "../../machines/relay-search/relay-search.types.ts";
import { describePath, flowPaths, stateName, type FlowPath } from "../../machines/shared/flow-model.ts";
import { createFakePromiseActor, settle } from "./support/fake-promise-actor.ts";
import { isAfterEvent, isDoneEvent, isErrorEvent, isFlowEvent, tagsOf, walkPath } from "./support/walk-path.ts";

function startPicker(input: Partial<RelaySearchInput> = {}) {
  const clock = new SimulatedClock();
  const fakes = {
    searchRelayPoints: createFakePromiseActor<RelaySearchResponse, RelaySearchRequest>(),
    geocodeAddress: createFakePromiseActor<GeocodingResult, GeocodeInput>(),
  };
  const machine = relaySearchMachine.provide({
    actors: { searchRelayPoints: fakes.searchRelayPoints.logic, geocodeAddress: fakes.geocodeAddress.logic },
  });
  const actor = createActor(machine, { input: { ...relaySearchModel.input, ...input }, clock }).start();
  return { actor, clock, fakes, snapshot: () => actor.getSnapshot() };
}

type Picker = ReturnType<typeof startPicker>;

function isResponse(value: unknown): value is RelaySearchResponse {
  return typeof value === "object" && value !== null && "listePointRetraitAcheminement" in value;
}
function isGeocoding(value: unknown): value is GeocodingResult {
  return typeof value === "object" && value !== null && "position" in value && "label" in value;
}
function statusOf(error: unknown): number | undefined {
  return typeof error === "object" && error !== null && "status" in error && typeof error.status === "number" ? error.status : undefined;
}

/** SPEC §7, restated: what the relay service is sent for an address. */
function expectedRequest(address: RelayAddress): RelaySearchRequest {
  return {
    address: address.street,
    countryCode: "FR",
    zipCode: address.postCode,
    city: address.city,
    weight: SAMPLE_WEIGHT,
    shippingDate: SAMPLE_SHIPPING_DATE,
  };
}

/** SPEC §8, restated: the message a failed relay search shows. */
function expectedFailureId(error: unknown): string {
  return statusOf(error) === 500 ? "errors.server.access" : "errors.server.relaisAddress";
}

/** SPEC §4, restated: what the list offers of an answer. */
function a2pOnly(response: RelaySearchResponse) {
  return response.listePointRetraitAcheminement.filter((point) => point.typeDePoint === "A2P");
}

describe("relay search machine: generated paths", () => {
  const paths = flowPaths(relaySearchModel);

  it("reach every state of the picker", () => {
    const reached = new Set(paths.flatMap((path) => path.steps.flatMap((step) => stateName(step.state.value).split(" + "))));
    expect([...reached].sort()).toEqual(
      [
        "map.loading",
        "map.ready",
        "map.unavailable",
        "picking.search.failed.addressRefused",
        "picking.search.failed.serverError",
        "picking.search.found",
        "picking.search.idle",
        "picking.search.notFound",
        "picking.search.searching.relays.answered",
        "picking.search.searching.relays.asking",
        "centre.located",
        "centre.locating",
        "validated",
      ].sort(),
    );
  });

  for (const path of paths) it(describePath(relaySearchModel, path), () => walkRelayPath(path));
});

describe("relay search machine, opened on a French delivery address: generated paths", () => {
  for (const path of flowPaths(openedOnFranceModel)) it(describePath(openedOnFranceModel, path), () => walkRelayPath(path, openedOnFranceModel.input));
});

describe("relay search machine, opened on a delivery address abroad: generated paths", () => {
  for (const path of flowPaths(openedAbroadModel)) it(describePath(openedAbroadModel, path), () => walkRelayPath(path, openedAbroadModel.input));
});

/** A generated path walked on a real actor with fake IO actors, from `input`, checking what the picker shows and asks at each step. */
async function walkRelayPath(path: FlowPath<RelaySearchSnapshot, RelaySearchEvent>, input: Partial<RelaySearchInput> = {}): Promise<void> {
  const picker = startPicker(input);

  const check = (expected: RelaySearchSnapshot) => {
    const actual = picker.snapshot();
    expect(actual.value).toEqual(expected.value);
    expect(actual.context).toEqual(expected.context);
    expect(tagsOf(actual)).toEqual(tagsOf(expected));
    expect(isSearching(actual)).toBe(actual.matches({ picking: { search: "searching" } }));
    expect(actual.hasTag("error")).toBe(selectErrorId(actual) !== null);
    if (actual.status === "done") {
      expect(isValidated(actual)).toBe(true);
      expect(actual.output).toEqual({ relay: NEAR_RELAY, phone: SAMPLE_PHONE });
      return;
    }
    // Validate: a chosen A2P point, a valid phone, and a map that is no longer loading.
    const chosen = selectSelectedRelay(actual);
    expect(canValidate(actual)).toBe(chosen !== null && actual.context.phone !== null && isMapSettled(actual));
    expect(isMapSettled(actual)).toBe(!actual.matches({ picking: { map: "loading" } }));
    if (chosen) expect(chosen.typeDePoint).toBe("A2P");
    for (const relay of selectRelays(actual)) expect(relay.typeDePoint).toBe("A2P");
    if (actual.matches({ picking: { search: "found" } })) {
      expect(selectRelays(actual).length).toBeGreaterThan(0);
      expect(selectCentre(actual)).not.toBeNull();
    } else {
      expect(selectRelays(actual)).toEqual([]);
      expect(selectCentre(actual)).toBeNull();
    }
  };

  await walkPath(path, {
    initial: (expected) => {
      check(expected);
      // Opened on a French address: it is searched at once (the relay service and the geocoder asked once); else nothing is asked.
      const searchedAtOnce = input.address?.country === "FR";
      expect(picker.fakes.searchRelayPoints.calls.length).toBe(searchedAtOnce ? 1 : 0);
      expect(picker.fakes.geocodeAddress.calls.length).toBe(searchedAtOnce ? 1 : 0);
      if (input.address && searchedAtOnce) expect(picker.fakes.searchRelayPoints.latest().input).toEqual(expectedRequest(input.address));
    },
    step: async ({ event, expected, previous }) => {
      const relayCalls = picker.fakes.searchRelayPoints.calls.length;
      const geocodeCalls = picker.fakes.geocodeAddress.calls.length;
      const inFlight = [picker.fakes.searchRelayPoints.calls.at(-1), picker.fakes.geocodeAddress.calls.at(-1)];
      if (isFlowEvent<RelaySearchEvent>(event, "relaySearch.")) {
        picker.actor.send(event);
      } else if (isAfterEvent(event)) {
        picker.clock.increment(MAP_LOAD_TIMEOUT_MS);
      } else if (isDoneEvent(event)) {
        if (isResponse(event.output)) picker.fakes.searchRelayPoints.latest().resolve(event.output);
        else if (isGeocoding(event.output)) picker.fakes.geocodeAddress.latest().resolve(event.output);
        else throw new Error("the model answers with a relay list or a position");
        await settle();
      } else if (isErrorEvent(event)) {
        if (event.type.endsWith("searchRelayPoints")) picker.fakes.searchRelayPoints.latest().reject(event.error);
        else picker.fakes.geocodeAddress.latest().reject(event.error);
        await settle();
      }
      check(expected);

      // A search of a French address asks the relay service and the geocoder once each; another country nothing.
      const searchesFrance = event.type === "relaySearch.search" && event.address.country === "FR";
      expect(picker.fakes.searchRelayPoints.calls.length - relayCalls).toBe(searchesFrance ? 1 : 0);
      expect(picker.fakes.geocodeAddress.calls.length - geocodeCalls).toBe(searchesFrance ? 1 : 0);
      if (searchesFrance) {
        expect(picker.fakes.searchRelayPoints.latest().input).toEqual(expectedRequest(event.address));
        expect(picker.fakes.geocodeAddress.latest().input).toEqual({ query: "12 rue de Rivoli 75004 Paris" });
      }
      if (event.type === "relaySearch.search" && event.address.country !== "FR") {
        expect(selectErrorId(picker.snapshot())).toBe("errors.server.relaisAddress");
      }

      // The relay service's answers: A2P points listed, or relais.notFound, or the failure's message.
      if (event.type === "xstate.done.actor.searchRelayPoints" && isResponse(event.output)) {
        expect(picker.snapshot().context.relays).toEqual(a2pOnly(event.output));
        if (a2pOnly(event.output).length === 0) expect(selectErrorId(picker.snapshot())).toBe("relais.notFound");
      }
      if (event.type === "xstate.error.actor.searchRelayPoints") {
        expect(selectErrorId(picker.snapshot())).toBe(expectedFailureId(event.error));
        // The geocoder's question is dropped with the search.
        expect(inFlight[1]?.signal.aborted).toBe(previous.matches({ picking: { search: { searching: { centre: "locating" } } } }));
      }
      // The map centres on the geocoded address, else on the nearest A2P point.
      if (picker.snapshot().matches({ picking: { search: "found" } }) && !previous.matches({ picking: { search: "found" } })) {
        const geocoded = path.steps.some((step) => step.event.type === "xstate.done.actor.geocodeAddress");
        expect(selectCentre(picker.snapshot())).toEqual(geocoded ? PARIS_GEOCODED.position : NEAR_RELAY.position);
      }
      // A new search forgets the points, the centre and the choice of the last one.
      if (event.type === "relaySearch.search") {
        expect(picker.snapshot().context.selectedId).toBeNull();
        expect(picker.snapshot().context.relays).toEqual([]);
      }
      if (event.type === "relaySearch.search" && previous.matches({ picking: { search: "searching" } })) {
        expect(inFlight[0]?.signal.aborted).toBe(true);
      }
    },
  });
}

describe("relay search machine: rules", () => {
  async function found(picker: Picker = startPicker(), answer: RelaySearchResponse = RELAYS_ANSWER) {
    picker.actor.send({ type: "relaySearch.search", address: PARIS_ADDRESS });
    picker.fakes.searchRelayPoints.latest().resolve(answer);
    picker.fakes.geocodeAddress.latest().resolve(PARIS_GEOCODED);
    await settle();
    return picker;
  }

  it("asks for points able to take the parcel two days from the shopper's today (SPEC §9)", () => {
    expect(RELAY_SHIPPING_DELAY_DAYS).toBe(2);
    expect(relayShippingDate(SAMPLE_NOW)).toBe("2026-03-12");
    // Across a month's and a year's end, and late in the evening (the shopper's calendar, not UTC's).
    expect(relayShippingDate(new Date(2026, 1, 27, 23, 50))).toBe("2026-03-01");
    expect(relayShippingDate(new Date(2026, 11, 31, 8))).toBe("2027-01-02");
    expect(isoDateAfter(new Date(2028, 1, 28), 1)).toBe("2028-02-29");
  });

  it("reads the date from the clock it is given, when the search starts", async () => {
    let now = SAMPLE_NOW;
    const picker = startPicker({ now: () => now });
    now = new Date(2026, 5, 30, 18);
    picker.actor.send({ type: "relaySearch.search", address: PARIS_ADDRESS });
    expect(picker.fakes.searchRelayPoints.latest().input.shippingDate).toBe("2026-07-02");
  });

  it("searches the address the modal opens with at once", () => {
    const picker = startPicker({ address: PARIS_ADDRESS, phone: SAMPLE_PHONE });
    expect(isSearching(picker.snapshot())).toBe(true);
    expect(picker.fakes.searchRelayPoints.latest().input).toEqual(expectedRequest(PARIS_ADDRESS));
    expect(picker.snapshot().context.phone).toBe(SAMPLE_PHONE);
  });

  it("refuses an opening address outside France without asking anything", () => {
    const picker = startPicker({ address: BRUSSELS_ADDRESS });
    expect(selectErrorId(picker.snapshot())).toBe("errors.server.relaisAddress");
    expect(picker.fakes.searchRelayPoints.calls).toHaveLength(0);
    expect(picker.fakes.geocodeAddress.calls).toHaveLength(0);
  });

  it("keeps only A2P points, nearest first, and cannot choose another type", async () => {
    const picker = await found();
    expect(selectRelays(picker.snapshot()).map((relay) => relay.id)).toEqual([NEAR_RELAY.id, FAR_RELAY.id]);
    picker.actor.send({ type: "relaySearch.select", relayId: LOCKER.id });
    expect(selectSelectedRelay(picker.snapshot())).toBeNull();
    picker.actor.send({ type: "relaySearch.select", relayId: FAR_RELAY.id });
    expect(selectSelectedRelay(picker.snapshot())).toEqual(FAR_RELAY);
  });

  it.each([
    [{ listePointRetraitAcheminement: [], wsRequestId: "ws-0" }, "relais.notFound"],
    [NO_A2P_ANSWER, "relais.notFound"],
  ])("says relais.notFound when nothing deliverable is found (%j)", async (answer, messageId) => {
    const picker = await found(startPicker(), answer);
    expect(selectErrorId(picker.snapshot())).toBe(messageId);
    expect(selectRelays(picker.snapshot())).toEqual([]);
  });

  it.each([
    [SERVER_ERROR, "errors.server.access"],
    [UPSTREAM_ERROR, "errors.server.relaisAddress"],
    [REFUSED_ERROR, "errors.server.relaisAddress"],
    [{ status: 404, message: "Not Found" }, "errors.server.relaisAddress"],
    [{ status: -1, message: "No response" }, "errors.server.relaisAddress"],
    [new Error("offline"), "errors.server.relaisAddress"],
  ])("tells the relay service's failure %j as %s", async (error, messageId) => {
    const picker = startPicker();
    picker.actor.send({ type: "relaySearch.search", address: PARIS_ADDRESS });
    picker.fakes.searchRelayPoints.latest().reject(error);
    await settle();
    expect(selectErrorId(picker.snapshot())).toBe(messageId);
    expect(picker.snapshot().hasTag("error")).toBe(true);
  });

  it("centres on the nearest A2P point when the geocoder finds nothing", async () => {
    const picker = startPicker();
    picker.actor.send({ type: "relaySearch.search", address: PARIS_ADDRESS });
    picker.fakes.geocodeAddress.latest().reject(NOT_GEOCODED_ERROR);
    picker.fakes.searchRelayPoints.latest().resolve(RELAYS_ANSWER);
    await settle();
    expect(selectCentre(picker.snapshot())).toEqual(NEAR_RELAY.position);
  });

  it("enables Validate only with a chosen point, a valid phone and a settled map (SPEC §4)", async () => {
    const picker = await found();
    const validatable = () => canValidate(picker.snapshot());
    picker.actor.send({ type: "relaySearch.map.ready" });
    expect(validatable()).toBe(false);
    picker.actor.send({ type: "relaySearch.select", relayId: NEAR_RELAY.id });
    expect(validatable()).toBe(false);
    picker.actor.send({ type: "relaySearch.phone.set", phone: SAMPLE_PHONE });
    expect(validatable()).toBe(true);
    picker.actor.send({ type: "relaySearch.phone.set", phone: null });
    expect(validatable()).toBe(false);
    picker.actor.send({ type: "relaySearch.validate" });
    expect(isValidated(picker.snapshot())).toBe(false);
  });

  it("lets the list alone validate when the map cannot show, and waits for a map still loading", async () => {
    const picker = await found(startPicker({ phone: SAMPLE_PHONE }));
    picker.actor.send({ type: "relaySearch.select", relayId: FAR_RELAY.id });
    expect(canValidate(picker.snapshot())).toBe(false);
    picker.actor.send({ type: "relaySearch.map.unavailable" });
    expect(canValidate(picker.snapshot())).toBe(true);
    // Consent given: the map loads again, and Validate waits for it.
    picker.actor.send({ type: "relaySearch.map.loading" });
    expect(canValidate(picker.snapshot())).toBe(false);
    picker.clock.increment(MAP_LOAD_TIMEOUT_MS - 1);
    expect(canValidate(picker.snapshot())).toBe(false);
    picker.clock.increment(1);
    expect(canValidate(picker.snapshot())).toBe(true);
    picker.actor.send({ type: "relaySearch.validate" });
    expect(picker.snapshot().output).toEqual({ relay: FAR_RELAY, phone: SAMPLE_PHONE });
  });

  it("forgets the choice when another address is searched, and drops the answer of the search it replaced", async () => {
    const picker = await found(startPicker({ phone: SAMPLE_PHONE }));
    picker.actor.send({ type: "relaySearch.select", relayId: NEAR_RELAY.id });
    picker.actor.send({ type: "relaySearch.search", address: { ...PARIS_ADDRESS, street: "3 rue de Lyon", postCode: "75012" } });
    const first = picker.fakes.searchRelayPoints.latest();
    picker.actor.send({ type: "relaySearch.search", address: PARIS_ADDRESS });
    expect(first.signal.aborted).toBe(true);
    first.resolve({ listePointRetraitAcheminement: [sampleRelay("OTHER", "A2P", 10, 48.84, 2.37)], wsRequestId: "late" });
    await settle();
    expect(isSearching(picker.snapshot())).toBe(true);
    expect(selectSelectedRelay(picker.snapshot())).toBeNull();
  });

  it("fails every search when no implementation was provided", async () => {
    const actor = createActor(relaySearchMachine, { input: relaySearchModel.input }).start();
    actor.send({ type: "relaySearch.search", address: PARIS_ADDRESS });
    await settle();
    expect(selectErrorId(actor.getSnapshot())).toBe("errors.server.relaisAddress");
    actor.stop();
  });
});
