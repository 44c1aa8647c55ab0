import { Component, Suspense, lazy, useEffect, useRef, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the cache holds modules of every shape; LazyMount types each use
type AnyProps = any;
type ModuleLoader<P = AnyProps> = () => Promise<{ default: ComponentType<P> }>;

const cache = new Map<string, { load: ModuleLoader; component: LazyExoticComponent<ComponentType<AnyProps>> }>();

/** How far below the screen a deferred slot starts loading: its code is in before the visitor gets there. */
const NEAR_SCREEN_MARGIN = '600px 0px';

/** Per key, a promise kept when the slot first comes near the screen. */
const nearScreen = new Map<string, { reached: Promise<void>; reach: () => void }>();

function nearScreenSignal(key: string) {
  let signal = nearScreen.get(key);
  if (!signal) {
    let reach!: () => void;
    const reached = new Promise<void>((resolve) => {
      reach = resolve;
    });
    signal = { reached, reach };
    nearScreen.set(key, signal);
  }
  return signal;
}

/** One lazy component per key and loader, made outside render so React keeps its state. */
function lazyModule(key: string, load: ModuleLoader, whenNearScreen: boolean): LazyExoticComponent<ComponentType<AnyProps>> {
  const cached = cache.get(key);
  if (cached && cached.load === load) return cached.component;
  const component = lazy(whenNearScreen ? () => nearScreenSignal(key).reached.then(load) : load);
  cache.set(key, { load, component });
  return component;
}

/** React caches a failed import for good: forgetting the key makes the next mount load afresh. */
export function forgetLazyModule(key: string): void {
  cache.delete(key);
}

/** Keeps the signal of `key` once its slot comes within NEAR_SCREEN_MARGIN of the screen. */
function useNearScreen(key: string, enabled: boolean) {
  const slot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    const { reach } = nearScreenSignal(key);
    if (typeof IntersectionObserver === 'undefined' || !slot.current) {
      reach();
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          reach();
          observer.disconnect();
        }
      },
      { rootMargin: NEAR_SCREEN_MARGIN },
    );
    observer.observe(slot.current);
    return () => observer.disconnect();
  }, [key, enabled]);
  return slot;
}

interface BoundaryProps {
  fallback: (retry: () => void) => ReactNode;
  onRetry: () => void;
  onError?: (error: unknown) => void;
  children: ReactNode;
}

/** Contains a failure to its slot: what renders below it and throws shows `fallback` in its place. */
export class MountBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError?.(error);
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.props.onRetry) : this.props.children;
  }
}

export interface LazyMountProps<P extends object = Record<string, never>> {
  /** Names the module: the same key keeps the same component (and its state) across renders. */
  moduleKey: string;
  load: ModuleLoader<P>;
  /** What the module's component is given (a dialog's subject, its open state). */
  props?: P;
  /** Shown while the code loads. */
  loading: ReactNode;
  /** Shown when the code cannot be loaded or throws while rendering; `retry` loads it afresh. */
  fallback: (retry: () => void) => ReactNode;
  /** Told of every failure the fallback replaces. */
  onError?: (error: unknown) => void;
  /** Rendered beside the module once its code has arrived. */
  children?: ReactNode;
  /**
   * Loads the code only when the slot comes near the screen: a section far down a page costs nothing to a
   * visitor who never scrolls there. A prerendered page keeps the section's HTML until then.
   */
  whenNearScreen?: boolean;
}

/**
 * The one way to mount code that arrives later (a remote's page, another remote's fragment):
 * lazily, with a loading state, and contained, so a failure costs only this slot.
 */
export function LazyMount<P extends object = Record<string, never>>({
  moduleKey,
  load,
  props,
  loading,
  fallback,
  onError,
  children,
  whenNearScreen = false,
}: LazyMountProps<P>) {
  const [attempt, setAttempt] = useState(0);
  const slot = useNearScreen(moduleKey, whenNearScreen);
  const Module = lazyModule(moduleKey, load, whenNearScreen);
  const retry = () => {
    forgetLazyModule(moduleKey);
    setAttempt((n) => n + 1);
  };
  const mounted = (
    <MountBoundary key={attempt} fallback={fallback} onRetry={retry} onError={onError}>
      <Suspense fallback={loading}>
        {/* eslint-disable-next-line react-hooks/static-components -- lazyModule returns the same component for the same key */}
        <Module {...props} />
        {children}
      </Suspense>
    </MountBoundary>
  );
  // The slot that is watched; rendered the same on the prerendered page and in the browser.
  return whenNearScreen ? <div ref={slot}>{mounted}</div> : mounted;
}
