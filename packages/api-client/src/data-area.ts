import { useEffect } from 'react';
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { isApiError, messageOf } from './errors';

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

/**
 * One zustand store per data area of the spec, around one api-client call. Every remote makes its
 * areas with it (events, blog, enquiry, courses, booking, course request, and the account's cart,
 * orders and address), so every area has the same states and the same rules.
 */
export function createDataArea<T, Args extends unknown[]>(
  request: (...args: Args) => Promise<T>,
  { fallback = 'Something went wrong!' }: DataAreaOptions = {},
): DataAreaStore<T, Args> {
  // Only the latest call may write: a slow answer for an earlier page must not replace a newer one.
  let latestCall = 0;
  let latestKey: string | null = null;

  return create<DataArea<T, Args>>()((set) => ({
    ...initialState,
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
        if (call === latestCall) set({ ...initialState, data, isSuccess: true });
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
      set({ ...initialState, data, isSuccess: true });
    },
    reset: () => {
      latestCall++;
      latestKey = null;
      set(initialState);
    },
  }));
}

/** The data area of a detail page: it runs the call for the page's id, again whenever the id changes. */
export function useDataAreaFor<T>(useArea: DataAreaStore<T, [string]>, id: string): DataArea<T, [string]> {
  const area = useArea();
  useEffect(() => {
    void useArea.getState().run(id);
  }, [useArea, id]);
  return area;
}
