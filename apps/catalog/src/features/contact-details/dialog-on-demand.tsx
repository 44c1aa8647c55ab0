import { LazyMount, LoadFailed } from '@agri/ui/federation';
import { useRef, useState, type ComponentType } from 'react';

type DialogLoader<P> = () => Promise<{ default: ComponentType<P> }>;

/**
 * A request dialog's state. Its code, and its form's (react-hook-form), arrives when the visitor first
 * opens it: most visits of a course or event page never do. Pointing at or focusing the button that
 * opens it asks for the code sooner (`preload`).
 */
export function useDialogOnDemand<P>(load: DialogLoader<P>) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  // The button that opened it: focus goes back there on close, even if it moved while the code arrived.
  const opener = useRef<HTMLElement | null>(null);
  return {
    open,
    wanted,
    opener,
    show: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setWanted(true);
      setOpen(true);
    },
    close: () => setOpen(false),
    preload: () => void load().catch(() => undefined), // a failure is met, and shown, when it opens
  };
}

interface DialogOnDemandProps<P extends object> {
  name: string;
  load: DialogLoader<P>;
  /** Whether it was ever opened: until then nothing is loaded. */
  wanted: boolean;
  props: P;
}

/** The dialog, once wanted; if its code cannot arrive, says so where it would have opened, with Try again. */
export function DialogOnDemand<P extends object>({ name, load, wanted, props }: DialogOnDemandProps<P>) {
  if (!wanted) return null;
  return (
    <LazyMount
      moduleKey={`catalog/${name}`}
      load={load}
      props={props}
      loading={null}
      fallback={(retry) => <LoadFailed what="form" onRetry={retry} className="dialog-unavailable" />}
    />
  );
}
