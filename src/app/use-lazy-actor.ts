// A lazy actor (src/app/lazy-actor.ts) owned by a component: the search bar's, the newsletter's
// and the restock alert's flows. Apart, so that it loads with those parts.
import { useEffect, useRef, useState } from "react";
import type { AnyActorRef } from "xstate";
import { lazyActor, type LazyActor } from "./lazy-actor.ts";

/**
 * A lazy actor owned by a component: created when it mounts, stopped when it unmounts; null during
 * the first render. `start` is read when the actor is first needed.
 */
export function useLazyActor<TActor extends AnyActorRef>(start: () => Promise<TActor>): LazyActor<TActor> | null {
  const [lazy, setLazy] = useState<LazyActor<TActor> | null>(null);
  const startRef = useRef(start);
  useEffect(() => {
    startRef.current = start;
  });
  useEffect(() => {
    const created = lazyActor(() => startRef.current());
    setLazy(created);
    return () => created.stop();
  }, []);
  return lazy;
}
