// Federation plumbing, apart from the components: how a remote hands its pages to the shell, and how
// code that arrives later is mounted. Shared as its own singleton (tooling/build/shared-libraries.mjs), so the
// fragment loader the shell registers is the one every remote's fragments use.
export type { PageHeadInfo } from './components/page-head';
export type { PageRoute, RouteParams, RouteTableModule } from './federation/page-route';
export { collectionRoutes, type Collection } from './federation/collection-routes';
export { InsideIslandContext, Island, IslandCollectorContext, islandSlot, type IslandCollector, type IslandModules } from './federation/island';
export { LazyMount, MountBoundary, forgetLazyModule, type LazyMountProps } from './federation/lazy-mount';
export { LoadFailed } from './federation/load-failed';
export { RemoteFragment, setFragmentLoader } from './federation/remote-fragment';
