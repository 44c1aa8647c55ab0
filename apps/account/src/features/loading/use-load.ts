import { isApiError } from '@agri/api-client';
import { useCallback, useEffect, useState } from 'react';

export type LoadState<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'success'; data: T };

export const messageOf = (error: unknown): string =>
  isApiError(error) ? error.message : 'Something Went Wrong!';

/**
 * Runs `load` on mount and keeps its loading / error / success state.
 * `load` must be stable (a module function or a memoised callback).
 */
export function useLoad<T>(load: () => Promise<T>) {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    load().then(
      (data) => active && setState({ status: 'success', data }),
      (error: unknown) => active && setState({ status: 'error', message: messageOf(error) }),
    );
    return () => {
      active = false;
    };
  }, [load, attempt]);

  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  /** Replaces the loaded data with a newer answer (e.g. the cart after a change). */
  const setData = useCallback((data: T) => setState({ status: 'success', data }), []);

  return { state, reload, setData };
}
