// Where the relay map shows, and why it does not when it cannot: a style from an outside service
// waits for the visitor's 'maps' consent (a button gives it here), a browser without WebGL cannot draw
// it, and its code or style may fail to load. In each case the area says so and the list stays the
// way to choose; the picker is told, so that Validate does not wait for a map that will not come.
// The area says the map is loading until the map has drawn its style (its code, then its style), and
// a map whose WebGL context the browser takes back (a GPU reset) cannot show until it is given back;
// a style still on its way after MAP_LOAD_TIMEOUT_MS is given up, as the flow stops waiting for it.
import { useLingui } from "@lingui/react";
import { Component, useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import type { RuntimeConfig } from "../../../../common/runtime-config.ts";
import { MAP_LOAD_TIMEOUT_MS } from "../../../../machines/relay-search/relay-search.machine.ts";
import { useConsent, useConsentSend } from "../../../app/use-consent.ts";
import { reportLoadFailure, withLoadTimeout } from "../../../ui/chunk-load.ts";
import type { RelayMapProps } from "./relay-map-props.ts";
import type { RelayMapViewProps } from "./relay-map.tsx";

export interface MapStyle {
  styleUrl: string;
  /** From another site: loaded only after the visitor's 'maps' consent. */
  external: boolean;
}

/** The map's style from the runtime configuration (the shop's offline style, or MAP_STYLE_URL). */
export function mapStyleOf(config: Pick<RuntimeConfig, "mapStyleUrl" | "mapStyleExternal">): MapStyle {
  return { styleUrl: config.mapStyleUrl, external: config.mapStyleExternal };
}

/** Whether the browser can draw a MapLibre map. */
function supportsWebGL(): boolean {
  try {
    const canvas = document.createElement("canvas");
    return (canvas.getContext("webgl2") ?? canvas.getContext("webgl")) !== null;
  } catch {
    return false;
  }
}

type Blocked = "style" | "consent" | "webgl" | "failed";

/** A map that throws while drawing is given up like one that could not load. */
class MapBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    reportLoadFailure(error);
    this.props.onError();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export interface RelayMapAreaProps extends RelayMapProps {
  mapStyle: MapStyle | null;
}

export function RelayMapArea({ mapStyle, ...props }: RelayMapAreaProps) {
  const { _ } = useLingui();
  const allowed = useConsent("maps");
  const sendConsent = useConsentSend();
  const [webgl] = useState(supportsWebGL);
  const [failed, setFailed] = useState(false);
  const [View, setView] = useState<ComponentType<RelayMapViewProps> | null>(null);
  /** What the map view shows once mounted: its style on the way, drawn, or its WebGL context lost. */
  const [shown, setShown] = useState<"loading" | "drawn" | "lost">("loading");
  const callbacks = useRef(props);
  useEffect(() => {
    callbacks.current = props;
  });

  // A style that has not arrived when the flow stops waiting for the map is given up here too.
  useEffect(() => {
    if (!View || shown !== "loading") return;
    const timer = setTimeout(() => {
      setFailed(true);
      callbacks.current.onUnavailable();
    }, MAP_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [View, shown]);

  const blocked: Blocked | null =
    mapStyle === null ? "style" : mapStyle.external && !allowed ? "consent" : !webgl ? "webgl" : failed ? "failed" : null;

  useEffect(() => {
    if (blocked !== null) {
      callbacks.current.onUnavailable();
      return;
    }
    callbacks.current.onLoading();
    let cancelled = false;
    withLoadTimeout(import("./relay-map.tsx")).then(
      (module) => {
        if (!cancelled) setView(() => module.RelayMap);
      },
      (error: unknown) => {
        reportLoadFailure(error);
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [blocked]);

  /** The visitor allows the map here: the consent decision changes as on the cookie settings page. */
  const allowMaps = () => {
    // From a decision already made: reopen it; from none: start choosing. Then the map is switched on.
    sendConsent({ type: "consent.reopen" });
    sendConsent({ type: "consent.choose" });
    sendConsent({ type: "consent.toggle", category: "maps" });
    sendConsent({ type: "consent.save" });
  };

  const fail = () => {
    setFailed(true);
    props.onUnavailable();
  };
  const drawn = () => {
    setShown("drawn");
    props.onReady();
  };
  const contextLost = () => {
    setShown("lost");
    props.onUnavailable();
  };
  const contextRestored = () => {
    setShown("loading");
    props.onLoading();
  };

  return (
    <section className={`relay-map${blocked || !View ? " relay-map--empty" : ""}`} aria-label={_("relais.map.label")}>
      {blocked === "consent" && (
        <div className="relay-map__message">
          <p>{_("relais.map.consent")}</p>
          <button type="button" className="button button--ghost" onClick={allowMaps}>
            {_("relais.map.allow")}
          </button>
        </div>
      )}
      {blocked === "webgl" && <p className="relay-map__message">{_("relais.map.noWebgl")}</p>}
      {(blocked === "style" || blocked === "failed") && <p className="relay-map__message">{_("relais.map.failed")}</p>}
      {blocked === null && (!View || shown === "loading") && (
        <p className={`relay-map__message${View ? " relay-map__message--over" : ""}`} role="status">
          {_("relais.map.loading")}
        </p>
      )}
      {blocked === null && View && shown === "lost" && <p className="relay-map__message relay-map__message--over">{_("relais.map.noWebgl")}</p>}
      {blocked === null && View && mapStyle && (
        <MapBoundary onError={fail}>
          <View
            {...props}
            onReady={drawn}
            onUnavailable={fail}
            onContextLost={contextLost}
            onContextRestored={contextRestored}
            styleUrl={mapStyle.styleUrl}
          />
        </MapBoundary>
      )}
    </section>
  );
}
