import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RouteTableModule } from '@agri/ui/federation';
import type { ComponentType } from 'react';
import type { RemoteName, SiteConfig } from '../config/site-config';

let manifests: SiteConfig['remotes'] | null = null;

/** Tells the federation runtime where each remote's manifest is; no address is built in. */
export function registerSiteRemotes(remotes: SiteConfig['remotes']): void {
  manifests = remotes;
  registerRemotes((Object.entries(remotes) as [string, string][]).map(([name, entry]) => ({ name, entry })));
}

/** Forgets what the runtime cached of a failed remote, so the next load fetches it afresh. */
export function resetRemote(name: RemoteName): void {
  if (!manifests) return;
  registerRemotes([{ name, entry: manifests[name] }], { force: true });
}

async function loadExposed<T>(name: string, exposed: string): Promise<T> {
  const module = await loadRemote<T>(`${name}/${exposed}`);
  if (!module) throw new Error(`${name} did not provide ${exposed}`);
  return module;
}

export function loadRouteTable(name: RemoteName): Promise<RouteTableModule> {
  return loadExposed<RouteTableModule>(name, 'routes');
}

export function loadFragment(remote: string, fragment: string): Promise<{ default: ComponentType }> {
  return loadExposed<{ default: ComponentType }>(remote, fragment);
}
