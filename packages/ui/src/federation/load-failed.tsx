import { Button } from '@agri/ui';

interface LoadFailedProps {
  /** What could not arrive, as the visitor knows it: 'form', 'payment'. */
  what: string;
  onRetry: () => void;
  className?: string;
}

/** A slot whose code could not arrive (LazyMount's fallback): says so where it would have been, with Try again. */
export function LoadFailed({ what, onRetry, className }: LoadFailedProps) {
  return (
    <p role="alert" className={className}>
      The {what} could not be loaded. Check your connection.{' '}
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </p>
  );
}
