import type { DataArea, DataAreaStore } from '@agri/api-client';
import { DataAreaView, Placeholders, Skeleton } from '@agri/ui';
import { useEffect, type ReactNode } from 'react';

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
function PlaceholderLines({ lines = 3, lineHeight = '1.25rem' }: { lines?: number; lineHeight?: string }) {
  return (
    <div className="loading-block">
      <Placeholders count={lines}>
        <Skeleton height={lineHeight} />
      </Placeholders>
    </div>
  );
}

interface AccountAreaViewProps<T> {
  /** The area, as `useAccountArea` gives it; Try again asks it again. */
  area: DataArea<T, []>;
  /** How many placeholder lines stand in for the content, and how tall each is. */
  lines: number;
  lineHeight?: string;
  loadingLabel: string;
  /** The failure panel's title; its text is the area's message. */
  failureTitle: string;
  children: (data: T) => ReactNode;
}

/**
 * How every account area shows itself (the cart, the orders, the saved address): grey lines while it
 * loads, the failure with Try again, then the content. DataAreaView with the account's placeholders.
 */
export function AccountAreaView<T>({ area, lines, lineHeight, loadingLabel, failureTitle, children }: AccountAreaViewProps<T>) {
  return (
    <DataAreaView
      area={area}
      placeholder={<PlaceholderLines lines={lines} lineHeight={lineHeight} />}
      loadingLabel={loadingLabel}
      failure={{ title: failureTitle }}
      onRetry={() => void area.run()}
    >
      {children}
    </DataAreaView>
  );
}
