// Parts loaded apart from their page: the footer, the dialogs, the bestsellers' cards… Offline, a
// part's code may not arrive. The page then stays as it is, without the part, instead of giving way
// to the error page; a dialog the shopper asked for says the shop cannot be reached and is closed
// again, so that asking again tries again. Any other error of a part goes on to the page's error
// handling.
import { Component, lazy, Suspense, useDeferredValue, type ComponentType, type LazyExoticComponent, type ReactNode } from "react";
import { withLoadTimeout, reportLoadFailure } from "../ui/chunk-load.ts";
import { useNotifyLoadFailure } from "./notifications.tsx";

/** False in a layout's first render, true in the render that follows it in the background: parts
 *  below the fold or over the page (footer, notifications, cookie banner) start loading once the
 *  page is on screen, not before it. */
export const useAfterFirstRender = () => useDeferredValue(true, false);

/** A part's code (or its texts) could not be loaded; `retry` makes its next render load it again. */
export class PartLoadError extends Error {
  constructor(
    cause: unknown,
    readonly retry: () => void,
  ) {
    super("a part of the shop could not be loaded", { cause });
    this.name = "PartLoadError";
  }
}

/** `lazy()` for a part: a failed download becomes a PartLoadError, which LazyPart and LazyDialog
 *  take; once the boundary that took it goes (the dialog closed), the next mount tries again. */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const attempt = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() =>
      withLoadTimeout(load()).then(
        (component) => ({ default: component }),
        (error: unknown) => {
          throw new PartLoadError(error, () => {
            current = attempt();
          });
        },
      ),
    );
  let current = attempt();
  return function Part(props: P) {
    const Loaded = current;
    return <Loaded {...props} />;
  };
}

interface BoundaryProps {
  children: ReactNode;
  fallback: ReactNode;
  onLoadError: (error: PartLoadError) => void;
}

class LoadBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (error instanceof PartLoadError) this.props.onLoadError(error);
  }

  override componentWillUnmount() {
    const { error } = this.state;
    if (error instanceof PartLoadError) error.retry();
  }

  override render() {
    const { error } = this.state;
    if (error instanceof PartLoadError) return this.props.fallback;
    if (error !== null) throw error;
    return <Suspense fallback={this.props.fallback}>{this.props.children}</Suspense>;
  }
}

/** Where a part the page can do without shows: left out (its fallback stays) if it cannot be loaded. */
export function LazyPart({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <LoadBoundary fallback={fallback} onLoadError={reportLoadFailure}>
      {children}
    </LoadBoundary>
  );
}

/** Where a dialog the shopper opened shows: if it cannot be loaded, a notification says so and
 *  `onClose` closes it (unmounting this boundary), so that opening it again tries again. */
export function LazyDialog({ children, onClose }: { children: ReactNode; onClose: () => void }) {
  const notifyLoadFailure = useNotifyLoadFailure();
  const onLoadError = (error: PartLoadError) => {
    notifyLoadFailure(error);
    onClose();
  };
  return (
    <LoadBoundary fallback={null} onLoadError={onLoadError}>
      {children}
    </LoadBoundary>
  );
}
