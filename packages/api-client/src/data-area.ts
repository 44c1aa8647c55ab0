import { useEffect } from 'react';
import type { StoreApi, UseBoundStore } from 'zustand';
import { isApiError, messageOf } from './errors';
import { holdAnswers } from './held-answers';
import { wasKeptOffline } from './outbox';
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
  /**
   * The request was kept on the phone, offline, and goes when the connection returns (an enquiry, a booking, a
   * call request: outbox.ts); `message` tells the visitor so. Neither a success nor a failure yet.
   */
  isKept: boolean;
  /** The arguments (as JSON) the state is for; null before any call. A page never shows another's answer. */
  key: string | null;
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
  /**
   * What the next page will ask for (the shell fetches ahead on the visitor's intent): asked now and kept
   * aside, so that the page shown keeps its answer; the next page's `load` takes it if it is still current.
   */
  prefetch: (...args: Args) => void;
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
  isKept: false,
  key: null,
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
 * idle, so that the answers do not share a phone's link and processor with the page's own code while it becomes
 * usable (they are confirmed by fetch alone, without the API client's transport: held-answers.ts).
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
  /** An answer asked for ahead of its page (`prefetch`), by its arguments. */
  let ahead: { key: string; answer: Promise<T>; askedAt: number } | null = null;
  const takeAhead = (key: string): Promise<T> | null => {
    const kept = ahead?.key === key && Date.now() - ahead.askedAt < CURRENT_FOR_MS ? ahead.answer : null;
    ahead = null;
    return kept;
  };

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
    // This read answers the one queued for the take-over too: a second would find no held ETag.
    argsAfterTakeOver = null;
    waitingForTakeOver.delete(revalidateAfterTakeOver);
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
    prefetch: (...args) => {
      const key = JSON.stringify(args);
      if (key === latestKey) {
        void get().load(...args);
        return;
      }
      if (ahead?.key === key && Date.now() - ahead.askedAt < CURRENT_FOR_MS) return;
      const answer = request(...args);
      answer.catch(() => undefined); // met again, and shown, by the page's own load
      ahead = { key, answer, askedAt: Date.now() };
    },
    run: async (...args) => {
      const call = ++latestCall;
      const key = JSON.stringify(args);
      // Data for other arguments (another course) is dropped; the same list stays while it refreshes.
      set(key === latestKey ? { isLoading: true, isError: false, message: '', errorStatus: null } : { ...initialState, isLoading: true, key });
      latestKey = key;
      try {
        const data = await (takeAhead(key) ?? request(...args));
        if (call === latestCall) {
          answeredAt = Date.now();
          set({ ...initialState, data, isSuccess: true, key });
        }
        return data;
      } catch (error) {
        if (call === latestCall && wasKeptOffline(error)) set({ ...initialState, isKept: true, message: (error as Error).message, key });
        else if (call === latestCall) {
          set({
            ...initialState,
            key,
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
      set({ ...initialState, data, isSuccess: true, key: latestKey });
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
    store.setState({ ...initialState, data: data as T, isSuccess: true, key });
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
  // Until its own call starts, the area still holds the previous page's answer (another course): never shown.
  return area.key === null || area.key === key ? area : { ...area, ...initialState, isLoading: true, key };
}
