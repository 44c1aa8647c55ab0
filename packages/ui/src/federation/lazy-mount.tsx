import { Component, Suspense, lazy, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

type ModuleLoader = () => Promise<{ default: ComponentType }>;

const cache = new Map<string, { load: ModuleLoader; component: LazyExoticComponent<ComponentType> }>();

/** One lazy component per key and loader, made outside render so React keeps its state. */
function lazyModule(key: string, load: ModuleLoader): LazyExoticComponent<ComponentType> {
  const cached = cache.get(key);
  if (cached && cached.load === load) return cached.component;
  const component = lazy(load);
  cache.set(key, { load, component });
  return component;
}

/** React caches a failed import for good: forgetting the key makes the next mount load afresh. */
export function forgetLazyModule(key: string): void {
  cache.delete(key);
}

interface BoundaryProps {
  fallback: (retry: () => void) => ReactNode;
  onRetry: () => void;
  onError?: (error: unknown) => void;
  children: ReactNode;
}

class MountBoundary extends Component<BoundaryProps, { failed: boolean }> {
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

export interface LazyMountProps {
  /** Names the module: the same key keeps the same component (and its state) across renders. */
  moduleKey: string;
  load: ModuleLoader;
  /** Shown while the code loads. */
  loading: ReactNode;
  /** Shown when the code cannot be loaded or throws while rendering; `retry` loads it afresh. */
  fallback: (retry: () => void) => ReactNode;
  /** Told of every failure the fallback replaces. */
  onError?: (error: unknown) => void;
  /** Rendered beside the module once its code has arrived. */
  children?: ReactNode;
}

/**
 * The one way to mount code that arrives later (a remote's page, another remote's fragment):
 * lazily, with a loading state, and contained, so a failure costs only this slot.
 */
export function LazyMount({ moduleKey, load, loading, fallback, onError, children }: LazyMountProps) {
  const [attempt, setAttempt] = useState(0);
  const Module = lazyModule(moduleKey, load);
  const retry = () => {
    forgetLazyModule(moduleKey);
    setAttempt((n) => n + 1);
  };
  return (
    <MountBoundary key={attempt} fallback={fallback} onRetry={retry} onError={onError}>
      <Suspense fallback={loading}>
        {/* eslint-disable-next-line react-hooks/static-components -- lazyModule returns the same component for the same key */}
        <Module />
        {children}
      </Suspense>
    </MountBoundary>
  );
}
