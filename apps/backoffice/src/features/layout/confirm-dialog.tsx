import type { ReactNode } from 'react';
import { Button, Dialog } from '@agri/ui';

interface ConfirmDialogProps {
  title: string;
  /** What the action does that cannot be undone. */
  children: ReactNode;
  /** The action, as its button says it ('Delete'). */
  confirm: string;
  onConfirm: () => void;
  /** Closes without acting; its button says `keep`. */
  onKeep: () => void;
  keep?: string;
}

/** Asks before an action staff cannot take back: the action on one button, leaving things as they are on the other. */
export function ConfirmDialog({ title, children, confirm, onConfirm, onKeep, keep = 'Keep it' }: ConfirmDialogProps) {
  return (
    <Dialog open title={title} onClose={onKeep}>
      <p>{children}</p>
      <div className="staff-actions">
        <Button onClick={onConfirm}>{confirm}</Button>
        <Button variant="secondary" onClick={onKeep}>
          {keep}
        </Button>
      </div>
    </Dialog>
  );
}
