import type { PageRoute } from '@agri/ui/federation';
import { create } from 'zustand';
import { remoteNames, type RemoteName } from '../config/site-config';
import { REMOTE_LOAD_TIMEOUT_MS } from '../federation/bounded-loading-plugin';
import { loadRouteTable, resetRemote } from '../federation/remotes';

export type RemoteStatus =
  | { state: 'loading' }
  | { state: 'ready'; routes: PageRoute[] }
  | { state: 'failed'; reason: string };

interface CompositionState {
  remotes: Record<RemoteName, RemoteStatus>;
  /** Fetches one remote's route table; a failure marks only that remote. */
  load: (name: RemoteName) => Promise<void>;
  loadAll: () => Promise<void>;
  /** Tries every failed remote again, from a clean runtime cache. */
  retryFailed: () => Promise<void>;
}

/**
 * A remote's route table, tried once more after a failure that came before the time was up (a connection
 * dropped on a flaky mobile link, a blip of a server). A remote that used its whole time has had its
 * chance: the visitor is not made to wait twice.
 */
async function loadRouteTableWithOneRetry(name: RemoteName) {
  const started = Date.now();
  try {
    return await loadRouteTable(name);
  } catch (error) {
    if (Date.now() - started >= REMOTE_LOAD_TIMEOUT_MS) throw error;
    resetRemote(name);
    return loadRouteTable(name);
  }
}

const allLoading = Object.fromEntries(remoteNames.map((name) => [name, { state: 'loading' }])) as Record<
  RemoteName,
  RemoteStatus
>;

export const useComposition = create<CompositionState>((set, get) => ({
  remotes: allLoading,
  load: async (name) => {
    set((state) => ({ remotes: { ...state.remotes, [name]: { state: 'loading' } } }));
    let status: RemoteStatus;
    try {
      const { routes } = await loadRouteTableWithOneRetry(name);
      status = { state: 'ready', routes };
    } catch (error) {
      status = { state: 'failed', reason: error instanceof Error ? error.message : String(error) };
      console.error(`[shell] remote "${name}" is unavailable:`, error);
    }
    set((state) => ({ remotes: { ...state.remotes, [name]: status } }));
  },
  loadAll: async () => {
    await Promise.all(remoteNames.map((name) => get().load(name)));
  },
  retryFailed: async () => {
    const failed = remoteNames.filter((name) => get().remotes[name].state === 'failed');
    for (const name of failed) resetRemote(name);
    await Promise.all(failed.map((name) => get().load(name)));
  },
}));

export const selectMountedRoutes = (state: CompositionState): PageRoute[] =>
  remoteNames.flatMap((name) => {
    const status = state.remotes[name];
    return status.state === 'ready' ? status.routes : [];
  });

export const selectIsSettled = (state: CompositionState): boolean =>
  remoteNames.every((name) => state.remotes[name].state !== 'loading');

export const selectHasFailedRemote = (state: CompositionState): boolean =>
  remoteNames.some((name) => state.remotes[name].state === 'failed');
