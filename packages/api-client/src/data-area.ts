import { useEffect } from 'react';
import type { StateCreator, StoreApi, UseBoundStore } from 'zustand';
import { answersReadBy } from './answer-reads';
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
  /**
   * Read again on every visit to its page, never shown from an earlier one: the back office's areas, whose data
   * staff change (one member, on an item's page, or another member) and act on.
   */
  everyVisit?: boolean;
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
  /** The URLs of the API answers its answer was read from. */
  answers: () => string[];
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

/** The areas a render read (answersShownBy). */
let shownDuringRender: Set<string> | null = null;

/**
 * Renders a part of a page being prerendered (an island), and says which API answers it shows: the URLs its data
 * areas' answers were read from.
 */
export function answersShownBy<T>(render: () => T): { result: T; answers: string[] } {
  const shown = new Set<string>();
  shownDuringRender = shown;
  try {
    const result = render();
    const answers = new Set([...shown].flatMap((name) => areas.get(name)?.answers() ?? []));
    return { result, answers: [...answers].sort() };
  } finally {
    shownDuringRender = null;
  }
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

/** A call of the area's request, with the URLs of the API answers it reads (answer-reads.ts). */
interface AreaCall<T> {
  answer: Promise<T>;
  answers: string[];
}

/** What an area knows beside what it shows: which call may still write, when its answer came, what is asked ahead. */
interface AreaCalls<T, Args extends unknown[]> {
  request: (...args: Args) => Promise<T>;
  /** Only the latest call may write: a slow answer for an earlier page must not replace a newer one. */
  latest: number;
  latestKey: string | null;
  /** The URLs the latest call read. */
  latestAnswers: string[];
  /** When the answer shown was received (0: handed over by a prerendered page). */
  answeredAt: number;
  /** An answer asked for ahead of its page (`prefetch`), by its arguments. */
  ahead: (AreaCall<T> & { key: string; askedAt: number }) | null;
}

/** Starts the area's request, noting the URLs it reads. */
function startCall<T, Args extends unknown[]>(calls: AreaCalls<T, Args>, args: Args): AreaCall<T> {
  const { result: answer, urls: answers } = answersReadBy(() => calls.request(...args));
  return { answer, answers };
}

/** The answer asked for ahead for these arguments, if it is still current; either way it is no longer kept. */
function takeAhead<T, Args extends unknown[]>(calls: AreaCalls<T, Args>, key: string): AreaCall<T> | null {
  const kept = calls.ahead?.key === key && Date.now() - calls.ahead.askedAt < CURRENT_FOR_MS ? calls.ahead : null;
  calls.ahead = null;
  return kept;
}

/**
 * Asks again, in the background, for the answer the area shows: a new answer replaces it in place, the same
 * one (or a 304) changes nothing, and a failure keeps what is shown (spec section 8: load failures are silent).
 */
function backgroundRevalidation<T, Args extends unknown[]>(calls: AreaCalls<T, Args>, area: () => DataAreaStore<T, Args>): (args: Args) => Promise<void> {
  let revalidating = false;
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
    const call = calls.latest;
    try {
      const data = await calls.request(...args);
      calls.answeredAt = Date.now();
      if (call === calls.latest && JSON.stringify(data) !== JSON.stringify(area().getState().data)) area().setState({ data });
    } catch (error) {
      if (isApiError(error) && error.status === 304) calls.answeredAt = Date.now();
    } finally {
      revalidating = false;
    }
  };
  return revalidate;
}

/** What a failed call leaves in the area: kept offline for later (outbox.ts), or the failure's message. */
function stateAfterFailure<T>(error: unknown, key: string, fallback: string): Partial<DataAreaState<T>> {
  if (wasKeptOffline(error)) return { ...initialState, isKept: true, message: (error as Error).message, key };
  return { ...initialState, key, isError: true, message: messageOf(error, fallback), errorStatus: isApiError(error) ? error.status : null };
}

/** The area's state and its actions (DataAreaActions), over its calls. */
function areaActions<T, Args extends unknown[]>(
  calls: AreaCalls<T, Args>,
  revalidate: (args: Args) => Promise<void>,
  { fallback, everyVisit }: Required<DataAreaOptions>,
): StateCreator<DataArea<T, Args>, [], []> {
  return (set, get) => ({
    ...initialState,
    load: (...args) => {
      const state = get();
      if (JSON.stringify(args) === calls.latestKey && (state.isLoading || (state.isSuccess && !everyVisit))) {
        if (state.isSuccess && Date.now() - calls.answeredAt > CURRENT_FOR_MS) void revalidate(args);
        return Promise.resolve(state.data);
      }
      return state.run(...args);
    },
    prefetch: (...args) => {
      const key = JSON.stringify(args);
      if (key === calls.latestKey) {
        void get().load(...args);
        return;
      }
      if (calls.ahead?.key === key && Date.now() - calls.ahead.askedAt < CURRENT_FOR_MS) return;
      const call = startCall(calls, args);
      call.answer.catch(() => undefined); // met again, and shown, by the page's own load
      calls.ahead = { ...call, key, askedAt: Date.now() };
    },
    run: async (...args) => {
      const call = ++calls.latest;
      const key = JSON.stringify(args);
      // Data for other arguments (another course) is dropped; the same list stays while it refreshes.
      set(key === calls.latestKey ? { isLoading: true, isError: false, message: '', errorStatus: null } : { ...initialState, isLoading: true, key });
      calls.latestKey = key;
      const started = takeAhead(calls, key) ?? startCall(calls, args);
      calls.latestAnswers = started.answers;
      try {
        const data = await started.answer;
        if (call === calls.latest) {
          calls.answeredAt = Date.now();
          set({ ...initialState, data, isSuccess: true, key });
        }
        return data;
      } catch (error) {
        if (call === calls.latest) set(stateAfterFailure(error, key, fallback));
        return null;
      }
    },
    replace: (data) => {
      calls.latest++;
      calls.answeredAt = Date.now();
      set({ ...initialState, data, isSuccess: true, key: calls.latestKey });
    },
    reset: () => {
      calls.latest++;
      calls.latestKey = null;
      set(initialState);
    },
  });
}

/** The area, by its name, among those a prerendered page carries: it starts from what the page showed, if it did. */
function registerArea<T, Args extends unknown[]>(name: string, store: DataAreaStore<T, Args>, calls: AreaCalls<T, Args>): void {
  const restore = ({ key, data }: DataAreaSnapshot) => {
    calls.latest++;
    calls.latestKey = key;
    calls.answeredAt = 0;
    store.setState({ ...initialState, data: data as T, isSuccess: true, key });
  };
  if (restored[name]) restore(restored[name]);
  areas.set(name, {
    snapshot: () => {
      const state = store.getState();
      if (state.isError) return 'failed';
      return state.isSuccess && calls.latestKey !== null ? { key: calls.latestKey, data: state.data } : null;
    },
    restore,
    answers: () => calls.latestAnswers,
  });
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
  { fallback = 'Something went wrong!', everyVisit = false }: DataAreaOptions = {},
): DataAreaStore<T, Args> {
  const calls: AreaCalls<T, Args> = { request, latest: 0, latestKey: null, latestAnswers: [], answeredAt: 0, ahead: null };
  const revalidate = backgroundRevalidation(calls, () => store);
  const live: DataAreaStore<T, Args> = createLiveStore(areaActions(calls, revalidate, { fallback, everyVisit }));
  // The hook notes that the part of the page rendering now shows this area (answersShownBy).
  const store = Object.assign(
    ((selector?: (state: DataArea<T, Args>) => unknown) => {
      shownDuringRender?.add(name);
      return live(selector as (state: DataArea<T, Args>) => DataArea<T, Args>);
    }) as DataAreaStore<T, Args>,
    live,
  );
  registerArea(name, store, calls);
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
