/// <reference types="@rspack/core/module" />
// The monolith's stand-in for the shell's federation/remotes.ts (the one module of the shell that talks to
// Module Federation): the same functions, with every remote's route table and fragments built in, found in
// the apps' folders as the composed site finds them in config.json (an app with a route table is a remote).
import type { IslandModules, RouteTableModule } from '../../../packages/ui/src/federation';
import type { ComponentType } from 'react';
import type * as ComposedRemotes from '../../../apps/shell/src/federation/remotes';
import type * as StandIn from './static-remotes';

// The type-check fails when the shell's module has a function the stand-in lacks or types otherwise (the
// monolith's build would fail on it, and nothing else builds the monolith in `npm test`).
type OffersAllOf<Module extends typeof ComposedRemotes> = Module;
export type StandInFor = OffersAllOf<typeof StandIn>;

const routeTables = import.meta.webpackContext('../../../apps', { recursive: true, regExp: /^\.\/[a-z][a-z0-9_]*\/src\/routes\.ts$/ });
const fragments = import.meta.webpackContext('../../../apps', {
  recursive: true,
  regExp: /^\.\/[a-z][a-z0-9_]*\/src\/fragments\/[a-z0-9-]+\.tsx$/,
  exclude: /\.test\.tsx$/,
  mode: 'lazy',
});

const islandTables = import.meta.webpackContext('../../../apps', { recursive: true, regExp: /^\.\/[a-z][a-z0-9_]*\/src\/islands\.ts$/, mode: 'lazy' });

const loaded = new Set<string>();

export const registerSiteRemotes = (): void => undefined;
export const resetRemote = (): void => undefined;
// Nothing to fetch ahead: every remote's code is in the monolith's own chunks.
export const preloadEntry = (): void => undefined;
export const loadedRemotes = (): string[] => [...loaded];

export async function loadRouteTable(name: string): Promise<RouteTableModule> {
  const key = `./${name}/src/routes.ts`;
  if (!routeTables.keys().includes(key)) throw new Error(`the monolith has no ${name}`);
  loaded.add(name);
  return routeTables(key) as RouteTableModule;
}

export async function loadFragment(remote: string, fragment: string): Promise<{ default: ComponentType }> {
  const key = `./${remote}/src/fragments/${fragment}.tsx`;
  if (!fragments.keys().includes(key)) throw new Error(`the monolith has no ${remote}/${fragment}`);
  loaded.add(remote);
  return fragments(key) as Promise<{ default: ComponentType }>;
}

export async function loadIslands(name: string): Promise<IslandModules> {
  const key = `./${name}/src/islands.ts`;
  if (!islandTables.keys().includes(key)) throw new Error(`the monolith has no islands of ${name}`);
  loaded.add(name);
  return ((await islandTables(key)) as { islands: IslandModules }).islands;
}
