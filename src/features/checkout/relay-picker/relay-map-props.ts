// What the picker gives its map, and what the map tells it back: apart, so that the picker names the
// map's props without loading the map's code.
import type { LatLng, RelayPoint } from "../../../../machines/relay-search/relay-search.types.ts";

export interface RelayMapProps {
  /** The A2P relay points found, nearest first. */
  relays: readonly RelayPoint[];
  /** Where the last search centres the map; null before any. */
  centre: LatLng | null;
  selectedId: string | null;
  /** A relay point chosen on the map. */
  onSelect: (relayId: string) => void;
  /** The map drew its style. */
  onReady: () => void;
  /** The map cannot show (no consent, no WebGL, its code or style failed). */
  onUnavailable: () => void;
  /** The map is being shown again (consent just given). */
  onLoading: () => void;
}
