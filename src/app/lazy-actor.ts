// An actor started on first need. The shell's flows (notifications, consent, search, newsletter)
// are not needed to paint a page, so the state machine library and their machines are loaded
// after the first render (or on first use) instead of weighing on the first download.
// This module imports xstate's types only. It is why the views read machines with these hooks
// rather than @xstate/react's `useSelector`/`useActorRef`: importing @xstate/react brings the whole
// xstate runtime into the first download (measured with `npm run bench:web -- --no-lighthouse`:
// home's JS before its first render went from 131.3 kB to 145.8 kB gzip, for a 130 kB budget).
import { useCallback, useRef, useSyncExternalStore } from "react";
import type { AnyActorRef, SnapshotFrom } from "xstate";
import { reportLoadFailure, withLoadTimeout } from "../ui/chunk-load.ts";

export interface LazyActor<TActor extends AnyActorRef> {
  /** The started actor, once loaded. */
  current(): TActor | undefined;
  /** Loads and starts the actor (once); resolves with it. */
  load(): Promise<TActor>;
  /** Sends an event, after loading the actor if needed; events keep their order. */
  send(event: Parameters<TActor["send"]>[0]): void;
  /** Listens for the actor's arrival and then for its snapshots. */
  subscribe(listener: () => void): () => void;
  /** Stops the actor (when its owner goes away). */
  stop(): void;
}

export function lazyActor<TActor extends AnyActorRef>(start: () => Promise<TActor>): LazyActor<TActor> {
  let actor: TActor | undefined;
  let loading: Promise<TActor> | undefined;
  let stopped = false;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  const load = () =>
    (loading ??= withLoadTimeout(start()).then(
      (started) => {
        if (stopped) started.stop();
        actor = started;
        started.subscribe({ next: emit, error: emit });
        emit();
        return started;
      },
      (error: unknown) => {
        loading = undefined; // a later need tries again
        throw error;
      },
    ));
  return {
    current: () => actor,
    load,
    send(event) {
      if (stopped) return;
      if (actor) actor.send(event);
      else
        load().then((loaded) => {
          if (!stopped) loaded.send(event);
        }, reportLoadFailure);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      stopped = true;
      actor?.stop();
    },
  };
}

/**
 * Reads from a lazy actor's snapshot; `fallback` until it is loaded. The selector is re-run only
 * when the snapshot (or the selector) changes, so it may build new values.
 */
export function useLazySelector<TActor extends AnyActorRef, T>(
  lazy: LazyActor<TActor> | null,
  selector: (snapshot: SnapshotFrom<TActor>) => T,
  fallback: T,
): T {
  const cache = useRef<{ snapshot: unknown; selector: unknown; value: T } | undefined>(undefined);
  const read = useCallback(() => {
    const actor = lazy?.current();
    if (!actor) return fallback;
    const snapshot: SnapshotFrom<TActor> = actor.getSnapshot();
    if (cache.current?.snapshot !== snapshot || cache.current.selector !== selector) {
      cache.current = { snapshot, selector, value: selector(snapshot) };
    }
    return cache.current.value;
  }, [lazy, selector, fallback]);
  const subscribe = useCallback((listener: () => void) => (lazy ? lazy.subscribe(listener) : () => {}), [lazy]);
  return useSyncExternalStore(subscribe, read, () => fallback);
}
