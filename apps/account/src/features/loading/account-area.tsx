import type { DataAreaStore } from '@agri/api-client';
import { useEffect, type ReactNode } from 'react';
import { LoadError } from './load-error';
import { LoadingBlock, type LoadingBlockProps } from './loading-block';

/** The catalogue's fallback for the account's reads that fail without a message. */
export const ACCOUNT_FALLBACK = 'Something Went Wrong!';

/**
 * Loads one of the customer's data areas while a page shows it. The area is emptied when the page
 * goes, so the next visit (perhaps by another customer) starts from loading, never from what was
 * shown before.
 */
export function useAccountArea<T>(useArea: DataAreaStore<T, []>) {
  const area = useArea();
  useEffect(() => {
    void useArea.getState().run();
    return () => useArea.getState().reset();
  }, [useArea]);
  return { ...area, isLoading: area.isLoading || (!area.isSuccess && !area.isError) };
}

interface AccountAreaProps<T> {
  area: DataAreaStore<T, []>;
  loading: LoadingBlockProps;
  /** Names what could not be loaded; the area's message and Try again follow. */
  errorTitle: string;
  /** The loaded data, and a way to show a newer answer (after a change) in its place. */
  children: (data: T, replace: (data: T) => void) => ReactNode;
}

/** One account data area on a page: placeholder lines, then the data, or the error with a retry. */
export function AccountArea<T>({ area, loading, errorTitle, children }: AccountAreaProps<T>) {
  const state = useAccountArea(area);
  if (state.isLoading) return <LoadingBlock {...loading} />;
  if (state.isError) return <LoadError title={errorTitle} message={state.message} onRetry={() => void state.run()} />;
  return children(state.data as T, state.replace);
}
