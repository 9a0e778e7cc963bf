// The relay map's constants (SPEC §9): where it starts, how far it zooms, how markers group.

/** Centre of metropolitan France, shown before any search. */
export const DEFAULT_CENTRE = { lat: 46.5, lng: 2 } as const;
/** The zoom a search's results are shown at. */
export const DEFAULT_ZOOM = 13;
export const MAX_ZOOM = 16;
/** The zoom the map flies to on the chosen relay point. */
export const FOCUS_ZOOM = 16;
/** Markers closer than this many pixels are drawn as one cluster… */
export const CLUSTER_RADIUS = 26;
/** …of at least this many points. */
export const CLUSTER_MIN_POINTS = 2;
