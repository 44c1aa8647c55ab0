import type { DataAreaStore } from '@agri/api-client';
import { Placeholders, Skeleton } from '@agri/ui';
import { useEffect } from 'react';

/** The catalogue's fallback for the account's reads that fail without a message. */
export const ACCOUNT_FALLBACK = 'Something Went Wrong!';

/**
 * Loads one of the customer's data areas while a page shows it (shown with DataAreaView). The area is
 * emptied when the page goes, so the next visit (perhaps by another customer) starts from loading, never
 * from what was shown before.
 */
export function useAccountArea<T>(useArea: DataAreaStore<T, []>) {
  const area = useArea();
  useEffect(() => {
    void useArea.getState().run();
    return () => useArea.getState().reset();
  }, [useArea]);
  return area;
}

/** The account's placeholders: grey lines in the height of what will come. */
export function PlaceholderLines({ lines = 3, lineHeight = '1.25rem' }: { lines?: number; lineHeight?: string }) {
  return (
    <div className="loading-block">
      <Placeholders count={lines}>
        <Skeleton height={lineHeight} />
      </Placeholders>
    </div>
  );
}
