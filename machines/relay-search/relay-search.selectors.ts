// What the relay modal reads from its snapshot: the search's progress and message, the relay points
// and the one chosen, where the map centres, whether Validate may be pressed.
import type { SnapshotFrom } from "xstate";
import type { relaySearchMachine } from "./relay-search.machine.ts";
import type { LatLng, RelayPoint, RelaySearchErrorId } from "./relay-search.types.ts";

export type RelaySearchSnapshot = SnapshotFrom<typeof relaySearchMachine>;

export function isSearching(snapshot: RelaySearchSnapshot): boolean {
  return snapshot.hasTag("loading");
}

/** SPEC §8: why the last search shows no relay point, or null. */
export function selectErrorId(snapshot: RelaySearchSnapshot): RelaySearchErrorId | null {
  if (snapshot.matches({ picking: { search: "notFound" } })) return "relais.notFound";
  if (snapshot.matches({ picking: { search: { failed: "serverError" } } })) return "errors.server.access";
  if (snapshot.matches({ picking: { search: { failed: "addressRefused" } } })) return "errors.server.relaisAddress";
  return null;
}

/** The A2P relay points of the last search, nearest first (none while searching or after a failure). */
export function selectRelays(snapshot: RelaySearchSnapshot): RelayPoint[] {
  return snapshot.matches({ picking: { search: "found" } }) ? snapshot.context.relays : [];
}

export function selectSelectedId(snapshot: RelaySearchSnapshot): string | null {
  return snapshot.context.selectedId;
}

export function selectSelectedRelay(snapshot: RelaySearchSnapshot): RelayPoint | null {
  return selectRelays(snapshot).find((relay) => relay.id === snapshot.context.selectedId) ?? null;
}

/** Where the map centres after a search; null before any. */
export function selectCentre(snapshot: RelaySearchSnapshot): LatLng | null {
  return snapshot.matches({ picking: { search: "found" } }) ? snapshot.context.centre : null;
}

/** The map has settled (shown, or known not to show): Validate no longer waits for it. */
export function isMapSettled(snapshot: RelaySearchSnapshot): boolean {
  return !snapshot.matches({ picking: { map: "loading" } });
}

/** SPEC §4: Validate is enabled with a chosen relay point, a valid phone and a settled map. */
export function canValidate(snapshot: RelaySearchSnapshot): boolean {
  return snapshot.can({ type: "relaySearch.validate" });
}

export function isValidated(snapshot: RelaySearchSnapshot): boolean {
  return snapshot.status === "done";
}
