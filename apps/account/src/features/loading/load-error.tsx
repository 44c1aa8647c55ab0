import { Button, StatusPanel } from '@agri/ui';

/** The error state of a data area: what failed and a way to try again. */
export function LoadError({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <StatusPanel
      role="alert"
      title={title}
      actions={
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {message}
    </StatusPanel>
  );
}
