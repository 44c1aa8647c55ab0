import { useEffect } from 'react';
import type { StoreApi, UseBoundStore } from 'zustand';
import { isApiError, messageOf } from './errors';
import { holdAnswers } from './http';
import { createLiveStore } from './live-store';

/** The spec's data-area states: a pending call sets loading; success stores the result; failure the message. */
export interface DataAreaState<T> {
  data: T | null;
  isLoading: boolean;
  isSuccess: boolean;
  isError: boolean;
  message: string;
  /** HTTP status of the last failure (404 tells "not found" from "could not load"), else null. */
  errorStatus: number | null;
}

export interface DataAreaActions<T, Args extends unknown[]> {
  /** Calls the API; resolves with the result, or null after a failure (the state holds the message). */
  run: (...args: Args) => Promise<T | null>;
  /**
   * What a page asks for when it shows. Runs the call unless the area already holds or awaits the answer for
   * these arguments (the shell may have asked already: route prefetch). An answer held for longer than a
   * moment, or handed over by a prerendered page, is shown as it is and asked again in the background
   * (stale-while-revalidate): the page ends up showing what the API says now.
   */
  load: (...args: Args) => Promise<T | null>;
  /** A newer answer for the area from another call (the cart after a change); calls still in flight are dropped. */
  replace: (data: T) => void;
  /** Returns the area to its initial empty state; calls still in flight are dropped. */
  reset: () => void;
}

export type DataArea<T, Args extends unknown[]> = DataAreaState<T> & DataAreaActions<T, Args>;
export type DataAreaStore<T, Args extends unknown[]> = UseBoundStore<StoreApi<DataArea<T, Args>>>;

export interface DataAreaOptions {
  /** The message of a failure that carries none (spec section 8: 'Something went wrong!'). */
  fallback?: string;
}

const initialState = {
  data: null,
  isLoading: false,
  isSuccess: false,
  isError: false,
  message: '',
  errorStatus: null,
} as const;

/** What a prerendered page carries of one data area: the arguments of its call and the answer it showed. */
export interface DataAreaSnapshot {
  key: string;
  data: unknown;
}

/** What a prerendered page carries of its data: its areas' answers, and the ETags of the API answers, by URL. */
export interface PageData {
  areas: Record<string, DataAreaSnapshot>;
  validators?: Record<string, string>;
}

interface RegisteredArea {
  snapshot: () => DataAreaSnapshot | 'failed' | null;
  restore: (snapshot: DataAreaSnapshot) => void;
}

const areas = new Map<string, RegisteredArea>();
let restored: Record<string, DataAreaSnapshot> = {};

/** An answer younger than this is current: the page that shows it was just asked for (prefetch, then mount). */
const CURRENT_FOR_MS = 5_000;

/**
 * A prerendered page's answers are asked again only once the shell has taken the page over: an answer that
 * changed before would make React's first render differ from the page's HTML. Pages rendered in the
 * browser have nothing to wait for.
 */
let pageTakenOver = true;
const waitingForTakeOver = new Set<() => void>();

/**
 * The shell has taken the prerendered page over: the answers it carried are asked again once the browser is
 * idle, so that the API client's code (axios, about 21 KB gzip) and the answers do not share a phone's link and
 * processor with the page's own code while it becomes usable.
 */
export function markPageTakenOver(): void {
  pageTakenOver = true;
  const revalidateWaiting = () => {
    for (const revalidate of waitingForTakeOver) revalidate();
    waitingForTakeOver.clear();
  };
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window) window.requestIdleCallback(revalidateWaiting, { timeout: 3000 });
  else setTimeout(revalidateWaiting, 500);
}

/**
 * What the data areas of the page hold, by name, for a prerendered page to carry (the areas the page did
 * not use hold nothing); `failed` names the areas whose call failed, so that no page is made of an error.
 */
export function snapshotDataAreas(): { areas: Record<string, DataAreaSnapshot>; failed: string[] } {
  const snapshot: Record<string, DataAreaSnapshot> = {};
  const failed: string[] = [];
  for (const [name, area] of areas) {
    const state = area.snapshot();
    if (state === 'failed') failed.push(name);
    else if (state) snapshot[name] = state;
  }
  return { areas: snapshot, failed };
}

/**
 * Gives the data areas what a prerendered page showed, before the page is taken over: an area made later
 * (its remote's code arrives after this) starts from it, so the page is taken over as it is. Once it is
 * (markPageTakenOver), each area on the page asks the API again, sending the ETag of the answer the page
 * was made with, so an answer that did not change costs a 304.
 */
export function restoreDataAreas({ areas: snapshot, validators = {} }: PageData): void {
  pageTakenOver = false;
  holdAnswers(validators);
  restored = { ...snapshot };
  for (const [name, area] of areas) if (restored[name]) area.restore(restored[name]);
}

/**
 * One zustand store per data area of the spec, around one api-client call. Every remote makes its
 * areas with it (events, blog, enquiry, courses, booking, course request, and the account's cart,
 * orders and address), so every area has the same states and the same rules. `name` (e.g.
 * 'catalog/courses') is how a prerendered page hands the area its answer.
 */
export function createDataArea<T, Args extends unknown[]>(
  name: string,
  request: (...args: Args) => Promise<T>,
  { fallback = 'Something went wrong!' }: DataAreaOptions = {},
): DataAreaStore<T, Args> {
  // Only the latest call may write: a slow answer for an earlier page must not replace a newer one.
  let latestCall = 0;
  let latestKey: string | null = null;
  /** When the answer shown was received (0: handed over by a prerendered page). */
  let answeredAt = 0;
  let revalidating = false;

  /**
   * Asks again, in the background, for the answer the area shows: a new answer replaces it in place, the same
   * one (or a 304) changes nothing, and a failure keeps what is shown (spec section 8: load failures are silent).
   */
  let argsAfterTakeOver: Args | null = null;
  const revalidateAfterTakeOver = () => {
    if (argsAfterTakeOver) void revalidate(argsAfterTakeOver);
    argsAfterTakeOver = null;
  };
  const revalidate = async (args: Args) => {
    if (!pageTakenOver) {
      argsAfterTakeOver = args;
      waitingForTakeOver.add(revalidateAfterTakeOver);
      return;
    }
    if (revalidating) return;
    revalidating = true;
    const call = latestCall;
    try {
      const data = await request(...args);
      answeredAt = Date.now();
      if (call === latestCall && JSON.stringify(data) !== JSON.stringify(store.getState().data)) store.setState({ data });
    } catch (error) {
      if (isApiError(error) && error.status === 304) answeredAt = Date.now();
    } finally {
      revalidating = false;
    }
  };

  const store = createLiveStore<DataArea<T, Args>>((set, get) => ({
    ...initialState,
    load: (...args) => {
      const state = get();
      if (JSON.stringify(args) === latestKey && (state.isLoading || state.isSuccess)) {
        if (state.isSuccess && Date.now() - answeredAt > CURRENT_FOR_MS) void revalidate(args);
        return Promise.resolve(state.data);
      }
      return state.run(...args);
    },
    run: async (...args) => {
      const call = ++latestCall;
      const key = JSON.stringify(args);
      // Data for other arguments (another course) is dropped; the same list stays while it refreshes.
      set(
        key === latestKey
          ? { isLoading: true, isError: false, message: '', errorStatus: null }
          : { ...initialState, isLoading: true },
      );
      latestKey = key;
      try {
        const data = await request(...args);
        if (call === latestCall) {
          answeredAt = Date.now();
          set({ ...initialState, data, isSuccess: true });
        }
        return data;
      } catch (error) {
        if (call === latestCall) {
          set({
            ...initialState,
            isError: true,
            message: messageOf(error, fallback),
            errorStatus: isApiError(error) ? error.status : null,
          });
        }
        return null;
      }
    },
    replace: (data) => {
      latestCall++;
      answeredAt = Date.now();
      set({ ...initialState, data, isSuccess: true });
    },
    reset: () => {
      latestCall++;
      latestKey = null;
      set(initialState);
    },
  }));

  const restore = ({ key, data }: DataAreaSnapshot) => {
    latestCall++;
    latestKey = key;
    answeredAt = 0;
    store.setState({ ...initialState, data: data as T, isSuccess: true });
  };
  if (restored[name]) restore(restored[name]);
  areas.set(name, {
    snapshot: () => {
      const state = store.getState();
      if (state.isError) return 'failed';
      return state.isSuccess && latestKey !== null ? { key: latestKey, data: state.data } : null;
    },
    restore,
  });
  return store;
}

/** The data area of a page: it loads the answer for the page's arguments, again whenever they change. */
export function useDataAreaFor<T, Args extends unknown[]>(useArea: DataAreaStore<T, Args>, ...args: Args): DataArea<T, Args> {
  const area = useArea();
  const key = JSON.stringify(args);
  useEffect(() => {
    void useArea.getState().load(...(JSON.parse(key) as Args));
  }, [useArea, key]);
  return area;
}
