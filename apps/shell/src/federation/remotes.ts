import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { IslandModules, RouteTableModule } from '@agri/ui/federation';
import type { ComponentType } from 'react';
import type { RemoteEntry } from '../config/site-config';
import { setRequirements } from './compatibility-plugin';

const entries = new Map<string, string>();

/**
 * Tells the federation runtime where each remote's entry script is, and the compatibility check what each
 * requires (config.json says; none is built in).
 */
export function registerSiteRemotes(remotes: Record<string, RemoteEntry>): void {
  for (const [name, remote] of Object.entries(remotes)) {
    // A channel names its releases by paths on the site's own origin; the runtime needs a full URL.
    entries.set(name, new URL(remote.entry, window.location.href).href);
    setRequirements(name, remote.requires);
  }
  registerRemotes([...entries].map(([name, entry]) => ({ name, entry })));
}

/**
 * Asks the browser for a remote's entry ahead of need, without running it (a preload): the runtime's own
 * script takes it from there when the remote is loaded.
 */
const preloaded = new Set<string>();
export function preloadEntry(name: string): void {
  const entry = entries.get(name);
  if (!entry || preloaded.has(entry)) return;
  preloaded.add(entry);
  const hint = document.createElement('link');
  hint.rel = 'preload';
  hint.setAttribute('as', 'script');
  hint.href = entry;
  document.head.append(hint);
}

let attempts = 0;

/**
 * Forgets what the runtime cached of a failed remote, so the next load fetches it afresh: by a URL of its
 * own, so that the browser cannot hand back a failed or hanging request for the entry (its preload).
 */
export function resetRemote(name: string): void {
  const entry = entries.get(name);
  if (!entry) return;
  const url = new URL(entry);
  attempts += 1;
  url.searchParams.set('attempt', String(attempts));
  registerRemotes([{ name, entry: url.href }], { force: true });
}

const loaded = new Set<string>();

/** The remotes whose code the page has run (a prerendered page names them, with their releases). */
export const loadedRemotes = (): string[] => [...loaded];

async function loadExposed<T>(name: string, exposed: string): Promise<T> {
  const module = await loadRemote<T>(`${name}/${exposed}`);
  if (!module) throw new Error(`${name} did not provide ${exposed}`);
  loaded.add(name);
  return module;
}

export function loadRouteTable(name: string): Promise<RouteTableModule> {
  return loadExposed<RouteTableModule>(name, 'routes');
}

export function loadFragment(remote: string, fragment: string): Promise<{ default: ComponentType }> {
  return loadExposed<{ default: ComponentType }>(remote, fragment);
}

/** The islands a remote exposes (`./islands`), for a document with islands. */
export async function loadIslands(name: string): Promise<IslandModules> {
  return (await loadExposed<{ islands: IslandModules }>(name, 'islands')).islands;
}
