// The relay map (SPEC §2, §9): MapLibre through react-map-gl, loaded apart from the modal (about
// 290 kB of code, fetched when the modal opens; its worker is a file of the shop's own). The relay
// points are a GeoJSON source clustered by MapLibre (radius 26 px, from 2 points); the markers and
// clusters drawn over it are buttons: a point's chooses it, a cluster's zooms in until it splits. The
// map starts on the searched address at zoom 13 (the centre of France before any search), flies to a
// chosen point at zoom 16, and never zooms past 16. A WebGL context the browser takes back is reported
// (the map is blank until it is given back), and so is the map drawn again after it.
import { useLingui } from "@lingui/react";
import * as maplibre from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Layer, Map, Marker, NavigationControl, Source, useMap, type MapRef } from "react-map-gl/maplibre";
import type { LatLng, RelayPoint } from "../../../../machines/relay-search/relay-search.types.ts";
import { CLUSTER_MIN_POINTS, CLUSTER_RADIUS, DEFAULT_CENTRE, DEFAULT_ZOOM, FOCUS_ZOOM, MAX_ZOOM } from "./map-constants.ts";
import type { RelayMapProps } from "./relay-map-props.ts";

// The worker's code is an asset of the build (same origin: the page's worker-src 'self' allows it).
maplibre.setWorkerUrl(workerUrl);

const SOURCE_ID = "relay-points";

/** What the map draws over a point of the clustered source: a relay point, or a cluster of them. */
type Drawn =
  | { kind: "relay"; relay: RelayPoint; lng: number; lat: number }
  | { kind: "cluster"; clusterId: number; count: number; lng: number; lat: number };

export interface RelayMapViewProps extends RelayMapProps {
  styleUrl: string;
  /** The browser took the map's WebGL context back: the map is blank. */
  onContextLost: () => void;
  /** The context is back: the map draws again (onReady once it has). */
  onContextRestored: () => void;
}

/** Inside the map: tells of its WebGL context lost and given back, from the map's creation on. */
function ContextWatch({ onLost, onRestored }: { onLost: () => void; onRestored: () => void }) {
  const { current } = useMap();
  const callbacks = useRef({ onLost, onRestored });
  useEffect(() => {
    callbacks.current = { onLost, onRestored };
  });
  useEffect(() => {
    const map = current?.getMap();
    if (!map) return;
    const lost = () => callbacks.current.onLost();
    const restored = () => callbacks.current.onRestored();
    map.on("webglcontextlost", lost);
    map.on("webglcontextrestored", restored);
    return () => {
      map.off("webglcontextlost", lost);
      map.off("webglcontextrestored", restored);
    };
  }, [current]);
  return null;
}

interface RelayFeatures {
  type: "FeatureCollection";
  features: { type: "Feature"; geometry: { type: "Point"; coordinates: [number, number] }; properties: { id: string } }[];
}

function asFeatures(relays: readonly RelayPoint[]): RelayFeatures {
  return {
    type: "FeatureCollection",
    features: relays.map((relay) => ({
      type: "Feature",
      geometry: { type: "Point", coordinates: [relay.position.lng, relay.position.lat] },
      properties: { id: relay.id },
    })),
  };
}

/** The source's points and clusters in view at the current zoom, each once (a feature may sit on several tiles). */
function drawnPoints(map: maplibre.Map, relays: readonly RelayPoint[]): Drawn[] {
  const byId = new globalThis.Map(relays.map((relay) => [relay.id, relay]));
  const bounds = map.getBounds();
  const seen = new Set<string>();
  const drawn: Drawn[] = [];
  for (const feature of map.querySourceFeatures(SOURCE_ID)) {
    if (feature.geometry.type !== "Point") continue;
    const [lng = 0, lat = 0] = feature.geometry.coordinates;
    // Loaded tiles reach past the map's edges: what is outside is not drawn (nor reachable).
    if (!bounds.contains([lng, lat])) continue;
    const properties: Record<string, unknown> = feature.properties;
    const clusterId = properties.cluster_id;
    if (typeof clusterId === "number") {
      const key = `cluster:${clusterId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      drawn.push({ kind: "cluster", clusterId, count: Number(properties.point_count ?? 0), lng, lat });
      continue;
    }
    const relay = typeof properties.id === "string" ? byId.get(properties.id) : undefined;
    if (!relay || seen.has(relay.id)) continue;
    seen.add(relay.id);
    drawn.push({ kind: "relay", relay, lng: relay.position.lng, lat: relay.position.lat });
  }
  return drawn;
}

export function RelayMap({ relays, centre, selectedId, onSelect, onReady, onUnavailable, onContextLost, onContextRestored, styleUrl }: RelayMapViewProps) {
  const { _ } = useLingui();
  const mapRef = useRef<MapRef>(null);
  const [loaded, setLoaded] = useState(false);
  const [moving, setMoving] = useState(false);
  const [drawn, setDrawn] = useState<Drawn[]>([]);
  const data = useMemo(() => asFeatures(relays), [relays]);
  const [initialViewState] = useState(() => ({
    latitude: centre?.lat ?? DEFAULT_CENTRE.lat,
    longitude: centre?.lng ?? DEFAULT_CENTRE.lng,
    zoom: DEFAULT_ZOOM,
  }));

  const refresh = useCallback(() => {
    const map = mapRef.current?.getMap();
    if (map?.getSource(SOURCE_ID)) setDrawn(drawnPoints(map, relays));
  }, [relays]);

  // A new search: its address in view, at the zoom the results are shown at.
  const [arrived, setArrived] = useState<LatLng | null>(null);
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!loaded || !map || centre === null) return;
    const here = map.getCenter();
    if (map.getZoom() === DEFAULT_ZOOM && here.lat === centre.lat && here.lng === centre.lng) {
      setArrived(centre);
      return;
    }
    map.once("moveend", () => setArrived(centre));
    map.flyTo({ center: [centre.lng, centre.lat], zoom: DEFAULT_ZOOM });
  }, [loaded, centre]);

  // A point chosen in the list or on the map: the map flies to it.
  const chosen = relays.find((relay) => relay.id === selectedId);
  useEffect(() => {
    if (!loaded || !chosen) return;
    mapRef.current?.flyTo({ center: [chosen.position.lng, chosen.position.lat], zoom: FOCUS_ZOOM });
  }, [loaded, chosen]);

  useEffect(() => {
    if (loaded) refresh();
  }, [loaded, refresh]);

  const expand = async (cluster: Extract<Drawn, { kind: "cluster" }>) => {
    const map = mapRef.current?.getMap();
    const source = map?.getSource<maplibre.GeoJSONSource>(SOURCE_ID);
    if (!map || !source) return;
    const zoom = await source.getClusterExpansionZoom(cluster.clusterId);
    map.easeTo({ center: [cluster.lng, cluster.lat], zoom: Math.min(zoom, MAX_ZOOM) });
  };

  return (
    // Busy until the map shows the last search's address, and while it moves (a point flown to, a zoom).
    <div className="relay-map__view" aria-busy={!loaded || moving || arrived !== centre}>
      <Map
        ref={mapRef}
        mapLib={maplibre}
        mapStyle={styleUrl}
        initialViewState={initialViewState}
        maxZoom={MAX_ZOOM}
        style={{ width: "100%", height: "100%" }}
        attributionControl={{ compact: true }}
        onLoad={() => {
          setLoaded(true);
          onReady();
        }}
        onError={() => {
          // Only a map that never drew is given up; a tile that fails later leaves the map as it is.
          if (!loaded) onUnavailable();
        }}
        locale={{ "NavigationControl.ZoomIn": _("relais.map.zoomIn"), "NavigationControl.ZoomOut": _("relais.map.zoomOut") }}
        onMoveStart={() => setMoving(true)}
        onMoveEnd={() => {
          setMoving(false);
          refresh();
        }}
        // Once every tile of the new view has arrived (the clusters of the zoom reached).
        onIdle={refresh}
        onSourceData={(event) => {
          if (event.sourceId === SOURCE_ID && event.isSourceLoaded) refresh();
        }}
      >
        <ContextWatch
          onLost={onContextLost}
          onRestored={() => {
            onContextRestored();
            // Drawn again once its style is back and every tile of the view has arrived.
            mapRef.current?.getMap().once("idle", onReady);
          }}
        />
        <NavigationControl showCompass={false} />
        <Source
          id={SOURCE_ID}
          type="geojson"
          data={data}
          cluster
          clusterRadius={CLUSTER_RADIUS}
          clusterMinPoints={CLUSTER_MIN_POINTS}
          // At the closest zoom every point stands alone.
          clusterMaxZoom={MAX_ZOOM - 1}
        >
          {/* Invisible: it makes the source's tiles load; the markers below are what the shopper sees. */}
          <Layer id="relay-points-anchor" type="circle" paint={{ "circle-radius": 0, "circle-opacity": 0 }} />
        </Source>
        {drawn.map((point) =>
          point.kind === "cluster" ? (
            <Marker key={`cluster:${point.clusterId}`} longitude={point.lng} latitude={point.lat} anchor="center">
              <button type="button" className="relay-map__cluster" tabIndex={-1} onClick={() => void expand(point)} aria-label={_("relais.map.cluster", { count: point.count })}>
                {point.count}
              </button>
            </Marker>
          ) : (
            <Marker key={point.relay.id} longitude={point.lng} latitude={point.lat} anchor="bottom" style={{ zIndex: point.relay.id === selectedId ? 1 : 0 }}>
              <button
                type="button"
                className={`relay-map__marker${point.relay.id === selectedId ? " relay-map__marker--selected" : ""}`}
                tabIndex={-1}
                aria-pressed={point.relay.id === selectedId}
                aria-label={point.relay.name}
                onClick={() => onSelect(point.relay.id)}
              >
                <svg viewBox="0 0 24 32" width="28" height="36" aria-hidden="true" focusable="false">
                  <path d="M12 1C6 1 1.5 5.5 1.5 11.3 1.5 19 12 31 12 31s10.5-12 10.5-19.7C22.5 5.5 18 1 12 1z" />
                  <circle cx="12" cy="11.5" r="4" fill="#fff" />
                </svg>
              </button>
            </Marker>
          ),
        )}
      </Map>
    </div>
  );
}
