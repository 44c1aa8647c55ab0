import type { PageRoute } from '@agri/ui';
import { create } from 'zustand';
import { remoteNames, type RemoteName } from '../config/site-config';
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
      const { routes } = await loadRouteTable(name);
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
