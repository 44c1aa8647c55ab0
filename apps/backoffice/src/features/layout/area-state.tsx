import type { ReactNode } from 'react';
import { Button, Spinner, StatusPanel } from '@agri/ui';

interface AreaStateProps {
  area: { isLoading: boolean; isError: boolean; message: string; data: unknown };
  /** What the area is, for the loading and failure texts: 'the inbox'. */
  what: string;
  onRetry: () => void;
  children: ReactNode;
}

/** A list page's one switch: loading, failed with Try again, or its content (kept while it reloads). */
export function AreaState({ area, what, onRetry, children }: AreaStateProps) {
  if (area.isError) {
    return (
      <StatusPanel title={`Could not load ${what}`} role="alert" actions={<Button onClick={onRetry}>Try again</Button>}>
        {area.message}
      </StatusPanel>
    );
  }
  if (area.data === null) return <Spinner label={`Loading ${what}`} />;
  return <>{children}</>;
}
