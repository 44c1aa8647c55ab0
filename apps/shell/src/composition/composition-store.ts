import type { PageRoute } from '@agri/ui/federation';
import { createLiveStore } from '@agri/api-client';
import type { RemoteEntry } from '../config/site-config';
import { ownerOf } from '../config/route-owners';
import { REMOTE_LOAD_TIMEOUT_MS } from '../federation/remote-timeout';
import { loadRouteTable, resetRemote } from '../federation/remotes';

export type RemoteStatus = { state: 'idle' } | { state: 'loading' } | { state: 'ready'; routes: PageRoute[] } | { state: 'failed'; reason: string };

interface CompositionState {
  /** The route prefixes each remote owns, from config.json. */
  routePrefixes: Record<string, readonly string[]>;
  remotes: Record<string, RemoteStatus>;
  /** Takes the remotes config.json names; none is loaded until a route needs it. */
  configure: (remotes: Record<string, RemoteEntry>) => void;
  /** Loads a remote's route table unless it is loaded or failed; resolves when it is in (or failed). */
  ensure: (name: string) => Promise<void>;
  /** Fetches a remote's route table; a failure marks only that remote. */
  load: (name: string) => Promise<void>;
  /** Tries a failed remote again, from a clean runtime cache. */
  retry: (name: string) => Promise<void>;
}

/**
 * A remote's route table, tried once more after a failure that came before the time was up (a connection
 * dropped on a flaky mobile link, a blip of a server). A remote that used its whole time has had its
 * chance: the visitor is not made to wait twice.
 */
async function loadRouteTableWithOneRetry(name: string) {
  const started = Date.now();
  try {
    return await loadRouteTable(name);
  } catch (error) {
    if (Date.now() - started >= REMOTE_LOAD_TIMEOUT_MS) throw error;
    resetRemote(name);
    return loadRouteTable(name);
  }
}

/** Route tables on their way in, so that whoever else needs one waits for the same load. */
const loading = new Map<string, Promise<void>>();

// Live: a prerendered page is made, and taken over, with the routes that are in now.
export const useComposition = createLiveStore<CompositionState>((set, get) => ({
  routePrefixes: {},
  remotes: {},
  configure: (remotes) =>
    set({
      routePrefixes: Object.fromEntries(Object.entries(remotes).map(([name, remote]) => [name, remote.routes])),
      remotes: Object.fromEntries(Object.keys(remotes).map((name) => [name, { state: 'idle' }])),
    }),
  ensure: async (name) => {
    if (get().remotes[name]?.state === 'idle') await get().load(name);
    else await loading.get(name);
  },
  load: async (name) => {
    set((state) => ({ remotes: { ...state.remotes, [name]: { state: 'loading' } } }));
    const done = (async () => {
      let status: RemoteStatus;
      try {
        const { routes } = await loadRouteTableWithOneRetry(name);
        status = { state: 'ready', routes };
      } catch (error) {
        status = { state: 'failed', reason: error instanceof Error ? error.message : String(error) };
        console.error(`[shell] remote "${name}" is unavailable:`, error);
      }
      set((state) => ({ remotes: { ...state.remotes, [name]: status } }));
    })();
    loading.set(name, done);
    await done;
    loading.delete(name);
  },
  retry: async (name) => {
    resetRemote(name);
    await get().load(name);
  },
}));

export const selectMountedRoutes = (state: CompositionState): PageRoute[] =>
  Object.values(state.remotes).flatMap((status) => (status.state === 'ready' ? status.routes : []));

/** The remote that owns a path, or null when no remote does (a page that does not exist). */
export const selectOwnerOf = (pathname: string) => (state: CompositionState) => ownerOf(pathname, state.routePrefixes);
