import { isApiError } from '@agri/api-client';
import { create } from 'zustand';

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
  /** Returns the area to its initial empty state. */
  reset: () => void;
}

export type DataArea<T, Args extends unknown[]> = DataAreaState<T> & DataAreaActions<T, Args>;

const FALLBACK_MESSAGE = 'Something went wrong!';

const initialState = {
  data: null,
  isLoading: false,
  isSuccess: false,
  isError: false,
  message: '',
  errorStatus: null,
} as const;

/** One zustand store per data area, around one api-client call. */
export function createDataArea<T, Args extends unknown[]>(request: (...args: Args) => Promise<T>) {
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
            message: error instanceof Error && error.message ? error.message : FALLBACK_MESSAGE,
            errorStatus: isApiError(error) ? error.status : null,
          });
        }
        return null;
      }
    },
    reset: () => {
      latestCall++;
      latestKey = null;
      set(initialState);
    },
  }));
}
