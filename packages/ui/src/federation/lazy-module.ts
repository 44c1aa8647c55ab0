import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type ModuleLoader = () => Promise<{ default: ComponentType }>;

const cache = new Map<string, { load: ModuleLoader; component: LazyExoticComponent<ComponentType> }>();

/**
 * One lazy component per key and loader, made outside render so React keeps
 * its state. React caches a failed import for good, so `forgetLazyModule`
 * lets a Retry start a fresh load.
 */
export function lazyModule(key: string, load: ModuleLoader): LazyExoticComponent<ComponentType> {
  const cached = cache.get(key);
  if (cached && cached.load === load) return cached.component;
  const component = lazy(load);
  cache.set(key, { load, component });
  return component;
}

export function forgetLazyModule(key: string): void {
  cache.delete(key);
}
