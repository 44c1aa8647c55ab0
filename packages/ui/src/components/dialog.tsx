import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode, type RefObject } from 'react';
import './dialog.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  open: boolean;
  /** Called on Escape, the close button and (unless turned off) a tap beside the dialog. */
  onClose: () => void;
  /** Shown as the dialog's heading and used as its accessible name. */
  title: string;
  /** Hides the heading visually while keeping it as the accessible name (e.g. a video player). */
  hideTitle?: boolean;
  children: ReactNode;
  /** Forms set this to false so a stray tap does not throw away what was typed. */
  closeOnBackdropClick?: boolean;
  /** The element that receives focus on open; else the first focusable element of the content. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Where focus returns on close; else where it was when the dialog opened. */
  returnFocusRef?: RefObject<HTMLElement | null>;
  size?: 'small' | 'medium' | 'large';
  className?: string;
  /** Label of the close button. */
  closeLabel?: string;
  /**
   * Kept in the page while closed, under this id, so that a button opens it from the page alone (usePageDialog):
   * on a document with islands, at the visitor's first tap, before any code has come. Its content is then in the
   * page's HTML, and `onOpened` says when the page opened it so.
   */
  pageId?: string;
  /** The page opened it before this code ran (pageId): the owner's state follows. */
  onOpened?: () => void;
}

/** What makes a button close the dialog kept in the page as `pageId` before any code has run (nothing for another). */
export const closesDialog = (pageId: string | undefined) => (pageId ? { commandfor: pageId, command: 'close' } : {});

/** What a dialog kept in the page (`pageId`) takes from its owner: usePageDialog gives it. */
export type PageDialogState = Pick<DialogProps, 'open' | 'onClose' | 'onOpened' | 'pageId' | 'returnFocusRef'>;

/**
 * A dialog kept in the page and the button that opens it. The button opens it with no code of the site's: the
 * browser's invoker command (`commandfor`; a document's loader carries it out where the browser has none:
 * apps/shell/src/islands/loader/held-taps.ts); once the code runs, its click handler does, on every browser. Focus
 * returns to the button when it closes.
 */
export function usePageDialog(pageId: string) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const dialog: PageDialogState = { pageId, open, onClose: () => setOpen(false), onOpened: () => setOpen(true), returnFocusRef: opener };
  const button = {
    ref: opener,
    commandfor: pageId,
    command: 'show-modal',
    onClick: (event: MouseEvent) => {
      event.preventDefault(); // the browser's command would do the same
      setOpen(true);
    },
  };
  return { open, button, dialog };
}

/**
 * A modal dialog: the browser's <dialog>, shown modal (the rest of the page inert, focus moved in and kept there,
 * Escape closes, focus returns to where it was). Focus goes to the first focusable element of its content, never an
 * embedded frame (a video player, whose keys would not reach the dialog).
 */
export function Dialog(props: DialogProps) {
  return props.open || props.pageId ? <DialogElement {...props} /> : null;
}

/**
 * Shows the <dialog> modal while `open`, focus on `initialFocusRef`, the content's first focusable element or the
 * close button (never an embedded frame, whose keys would not reach the dialog); takes
 * over one the page opened before this code ran (onOpened), focus where the visitor left it. `closed` goes on its
 * close event: however it closed (Escape, a tap beside it, the close button, the owner), focus goes back where it is
 * told to, and the owner hears of it.
 */
function useShownModal({
  open,
  onClose,
  onOpened,
  initialFocusRef,
  returnFocusRef,
}: Pick<DialogProps, 'open' | 'onClose' | 'onOpened' | 'initialFocusRef' | 'returnFocusRef'>) {
  const dialog = useRef<HTMLDialogElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const state = useRef({ open, onClose, onOpened, returnFocusRef, adopting: true });
  useEffect(() => {
    Object.assign(state.current, { open, onClose, onOpened, returnFocusRef });
  });
  useEffect(() => {
    const element = dialog.current!;
    const first = state.current.adopting;
    state.current.adopting = false;
    if (first && element.open && !open) state.current.onOpened?.();
    else if (open && !element.open) {
      element.showModal();
      (initialFocusRef?.current ?? content.current!.querySelector<HTMLElement>(FOCUSABLE) ?? close.current)?.focus();
    } else if (!open && element.open) element.close();
  }, [open, initialFocusRef]);
  const closed = () => {
    state.current.returnFocusRef?.current?.focus();
    if (state.current.open) state.current.onClose();
  };
  return { dialog, content, close, closed };
}

function DialogElement({
  open,
  onClose,
  title,
  hideTitle = false,
  children,
  closeOnBackdropClick = true,
  initialFocusRef,
  returnFocusRef,
  size = 'medium',
  className,
  closeLabel = 'Close',
  pageId,
  onOpened,
}: DialogProps) {
  const titleId = useId();
  const { dialog, content, close, closed } = useShownModal({ open, onClose, onOpened, initialFocusRef, returnFocusRef });
  // The dialog itself is hit only beside its panel: a browser without `closedby` closes it too.
  const tappedBeside = (event: MouseEvent<HTMLDialogElement>) => {
    if (closeOnBackdropClick && event.target === event.currentTarget && !('closedBy' in event.currentTarget)) event.currentTarget.close();
  };

  return (
    <dialog
      ref={dialog}
      id={pageId}
      aria-labelledby={titleId}
      closedby={closeOnBackdropClick ? 'any' : 'closerequest'}
      className={['ui-dialog', `ui-dialog--${size}`, className].filter(Boolean).join(' ')}
      onClose={closed}
      onClick={tappedBeside}
      // The page may have opened it (its `open`) before this code came to hydrate it.
      suppressHydrationWarning
    >
      <div className="ui-dialog__panel">
        <div className="ui-dialog__header">
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'ui-dialog__title'}>
            {title}
          </h2>
        </div>
        <div ref={content} className="ui-dialog__content">
          {children}
        </div>
        {/* Last, drawn at the top: the browser's first focus, opening it before any code, is the content's first field. */}
        <button
          ref={close}
          type="button"
          className="ui-dialog__close"
          aria-label={closeLabel}
          {...closesDialog(pageId)}
          onClick={(event) => {
            event.preventDefault();
            dialog.current?.close();
          }}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </dialog>
  );
}
