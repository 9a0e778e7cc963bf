// Inspecting the running flows in the Stately inspector, under `npm run dev` only: open the shop
// with `?inspect` in the address and every actor the app starts afterwards reports its states and
// events to the inspector window (allow the pop-up). Production builds drop all of it: the
// condition is false there and the inspector's code is never bundled.
import type { InspectionEvent, Observer } from "xstate";

let inspect: Observer<InspectionEvent> | undefined;

/** Opens the inspector when asked (dev server, `?inspect`); call before the app's actors start. */
export async function startFlowInspection(): Promise<void> {
  if (!import.meta.env.DEV || !new URLSearchParams(window.location.search).has("inspect")) return;
  const { createBrowserInspector } = await import("@statelyai/inspect");
  inspect = createBrowserInspector().inspect;
}

/** Options for `createActor`: the inspector's observer when inspection is on, else nothing. */
export function inspection(): { inspect?: Observer<InspectionEvent> } {
  return inspect ? { inspect } : {};
}
