// The header's search bar and category mega menu are hidden on a phone: their code loads only
// where they show, before the first render on a wide screen (src/main.tsx), or once a screen
// becomes wide (a tablet turned, a window widened).
import { useEffect, useSyncExternalStore } from "react";
import { withLoadTimeout, reportLoadFailure } from "../ui/chunk-load.ts";
import { withTexts } from "../i18n/i18n.ts";
import type * as WideHeader from "./wide-header.tsx";

type WideHeaderParts = typeof WideHeader;

/** Where the header shows them: layout.css hides them below this width. */
const WIDE_SCREEN = "(min-width: 768px)";

let parts: WideHeaderParts | null = null;
let loading: Promise<WideHeaderParts> | null = null;
const listeners = new Set<() => void>();

export const isWideScreen = () => window.matchMedia(WIDE_SCREEN).matches;

/** Loads the parts (once; again after a failure). */
export function loadWideHeaderParts(): Promise<WideHeaderParts> {
  loading ??= withLoadTimeout(withTexts(import("./wide-header.tsx"), "browsing")).then(
    (module) => {
      parts = module;
      listeners.forEach((listener) => listener());
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The parts once loaded; loads them when the screen is, or becomes, wide. */
export function useWideHeaderParts(): WideHeaderParts | null {
  const loaded = useSyncExternalStore(subscribe, () => parts, () => null);
  useEffect(() => {
    if (loaded) return;
    const wide = window.matchMedia(WIDE_SCREEN);
    const load = () => {
      if (wide.matches) loadWideHeaderParts().catch(reportLoadFailure);
    };
    load();
    wide.addEventListener("change", load);
    return () => wide.removeEventListener("change", load);
  }, [loaded]);
  return loaded;
}
