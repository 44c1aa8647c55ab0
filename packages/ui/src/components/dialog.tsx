import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import './dialog.css';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusablesIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => !element.closest('[inert]') && element.getClientRects().length > 0);
}

/** jsdom lays nothing out, so tests fall back to document order without the visibility check. */
function focusableOrAll(root: HTMLElement): HTMLElement[] {
  const visible = focusablesIn(root);
  return visible.length > 0 ? visible : Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/** Dialogs open on top of each other; only the top one answers Escape and holds focus. */
const openDialogs: HTMLElement[] = [];

export interface DialogProps {
  open: boolean;
  /** Called on Escape, the close button and (unless turned off) a click on the backdrop. */
  onClose: () => void;
  /** Shown as the dialog's heading and used as its accessible name. */
  title: string;
  /** Hides the heading visually while keeping it as the accessible name (e.g. a video player). */
  hideTitle?: boolean;
  children: ReactNode;
  /** Forms set this to false so a stray click does not throw away what was typed. */
  closeOnBackdropClick?: boolean;
  /** The element that receives focus on open; else the first focusable element of the content. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Where focus returns on close; else where it was when the dialog opened. */
  returnFocusRef?: RefObject<HTMLElement | null>;
  size?: 'small' | 'medium' | 'large';
  className?: string;
  /** Label of the close button. */
  closeLabel?: string;
}

/** Tab and Shift+Tab go round the panel's focusable elements, so that focus never leaves it. */
function keepTabInside(event: KeyboardEvent, panel: HTMLElement): void {
  const focusables = focusableOrAll(panel);
  if (focusables.length === 0) {
    event.preventDefault();
    panel.focus();
    return;
  }
  const firstFocusable = focusables[0]!;
  const lastFocusable = focusables[focusables.length - 1]!;
  const active = document.activeElement;
  if (event.shiftKey && (active === firstFocusable || active === panel)) {
    event.preventDefault();
    lastFocusable.focus();
  } else if (!event.shiftKey && active === lastFocusable) {
    event.preventDefault();
    firstFocusable.focus();
  }
}

/** Everything on the page but the dialog's root becomes inert, so neither Tab nor a screen reader can leave the dialog. */
function makeTheRestInert(root: HTMLElement): HTMLElement[] {
  const madeInert = Array.from(document.body.children).filter(
    (element): element is HTMLElement => element instanceof HTMLElement && element !== root && !element.hasAttribute('inert'),
  );
  madeInert.forEach((element) => element.setAttribute('inert', ''));
  return madeInert;
}

/**
 * What makes the dialog modal while it is open: the rest of the page is inert and does not scroll, focus moves
 * in, Tab stays inside, Escape closes, and focus returns to where it was on close. Returns the refs to attach.
 */
function useModal({ open, onClose, initialFocusRef, returnFocusRef }: Pick<DialogProps, 'open' | 'onClose' | 'initialFocusRef' | 'returnFocusRef'>) {
  const panelRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open) return undefined;
    const panel = panelRef.current;
    const root = rootRef.current;
    if (!panel || !root) return undefined;
    const opener = returnFocusRef?.current ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    openDialogs.push(panel);

    const madeInert = makeTheRestInert(root);
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    // Never into an embedded frame (a video player): its keys go to the other document, so Escape could not close.
    const first =
      initialFocusRef?.current ?? (contentRef.current ? focusableOrAll(contentRef.current).find((element) => element.tagName !== 'IFRAME') : undefined);
    (first ?? panel).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== panel) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key === 'Tab') keepTabInside(event, panel);
    };
    // Focus that escapes anyway (a click on the page behind, a script) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      if (openDialogs[openDialogs.length - 1] !== panel) return;
      if (event.target instanceof Node && !panel.contains(event.target)) panel.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      openDialogs.splice(openDialogs.indexOf(panel), 1);
      madeInert.forEach((element) => element.removeAttribute('inert'));
      document.body.style.overflow = previousOverflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [open, initialFocusRef, returnFocusRef]);

  return { panelRef, contentRef, rootRef };
}

/**
 * A modal dialog: focus moves in on open, Tab stays inside, Escape closes, the
 * rest of the page is inert, and focus returns to where it was on close.
 */
export function Dialog({
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
}: DialogProps) {
  const titleId = useId();
  const { panelRef, contentRef, rootRef } = useModal({ open, onClose, initialFocusRef, returnFocusRef });

  if (!open) return null;

  return createPortal(
    <div ref={rootRef} className="ui-dialog-root">
      <div className="ui-dialog-backdrop" aria-hidden="true" data-testid="dialog-backdrop" onClick={closeOnBackdropClick ? onClose : undefined} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={['ui-dialog', `ui-dialog--${size}`, className].filter(Boolean).join(' ')}
      >
        <div className="ui-dialog__header">
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'ui-dialog__title'}>
            {title}
          </h2>
          <button type="button" className="ui-dialog__close" aria-label={closeLabel} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div ref={contentRef} className="ui-dialog__content">
          {children}
        </div>
      </div>
    </div>,
    document.body,
  );
}
