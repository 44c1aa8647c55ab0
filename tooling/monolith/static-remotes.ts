// The monolith's stand-in for the shell's federation/remotes.ts (the one module of the shell that talks to
// Module Federation): the same functions, with every remote's route table and fragment built in.
import type { RouteTableModule } from '../../packages/ui/src/federation';
import type { ComponentType } from 'react';
import { routes as account } from '../../apps/account/src/routes';
import { routes as catalog } from '../../apps/catalog/src/routes';
import { routes as content } from '../../apps/content/src/routes';

const routeTables: Record<string, RouteTableModule> = { account: { routes: account }, catalog: { routes: catalog }, content: { routes: content } };

const fragments: Record<string, () => Promise<{ default: ComponentType }>> = {
  'catalog/upcoming-events': () => import('../../apps/catalog/src/fragments/upcoming-events'),
};

const loaded = new Set<string>();

export const registerSiteRemotes = (): void => undefined;
export const resetRemote = (): void => undefined;
export const loadedRemotes = (): string[] => [...loaded];

export async function loadRouteTable(name: string): Promise<RouteTableModule> {
  const table = routeTables[name];
  if (!table) throw new Error(`the monolith has no ${name}`);
  loaded.add(name);
  return table;
}

export async function loadFragment(remote: string, fragment: string): Promise<{ default: ComponentType }> {
  const load = fragments[`${remote}/${fragment}`];
  if (!load) throw new Error(`the monolith has no ${remote}/${fragment}`);
  loaded.add(remote);
  return load();
}
