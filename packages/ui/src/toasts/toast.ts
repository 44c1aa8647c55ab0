import { useSyncExternalStore } from 'react';
import type { ToastOptions } from 'react-toastify';
import { TAB_KEYS } from '../federation/island-protocol';

type Kind = 'success' | 'error' | 'info';
const KINDS: readonly string[] = ['success', 'error', 'info'] satisfies Kind[];

// react-toastify (and its container) arrive with the first toast: most visits show none, and a toast
// answers an action that itself waits on the network. Toasts shown before the container is up wait in
// react-toastify's own queue.
let requested = false;
const listeners = new Set<() => void>();

/** How long after it was shown a toast is still news for the page a page load opens next. */
const NEWS_FOR_MS = 5000;
/** Where a page keeps its last toasts for the next (sessionStorage: this tab's; the page's loader reads it too). */
const NEXT_PAGE_KEY = TAB_KEYS.toastsForNextPage;
const shown: { kind: Kind; message: string; at: number }[] = [];

function show(kind: Kind, message: string, options?: ToastOptions): void {
  shown.push({ kind, message, at: Date.now() });
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
  import('react-toastify').then(
    ({ toast: library }) => library[kind](message, options),
    // A dropped link: the toast is lost, the page keeps the words where it shows them itself.
    (error: unknown) => console.warn('[ui] a toast could not be shown:', message, error),
  );
}

/** The site's toasts (react-toastify's, with its container mounted by ToastArea). */
export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
};

/**
 * Keeps the toasts of the last few seconds for the page this one loads next: a document's island moves by page
 * loads (a login taken on to My Profile), and what the action said is then read there (ToastArea shows it).
 */
export function keepToastsForNextPage(): void {
  const news = shown.filter(({ at }) => Date.now() - at < NEWS_FOR_MS).map(({ kind, message }) => ({ kind, message }));
  if (news.length === 0) return;
  try {
    sessionStorage.setItem(NEXT_PAGE_KEY, JSON.stringify(news));
  } catch {
    // Storage refused: the next page shows what the action did, without its toast.
  }
}

/** Shows, once, the toasts the page before kept for this one. */
export function showKeptToasts(): void {
  let kept: unknown;
  try {
    kept = JSON.parse(sessionStorage.getItem(NEXT_PAGE_KEY) ?? 'null');
    sessionStorage.removeItem(NEXT_PAGE_KEY);
  } catch {
    return;
  }
  if (!Array.isArray(kept)) return;
  for (const item of kept as { kind?: unknown; message?: unknown }[]) {
    if (typeof item?.kind === 'string' && KINDS.includes(item.kind) && typeof item.message === 'string') show(item.kind as Kind, item.message);
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether a toast has been asked for: until then the container is not loaded. */
export const useToastsRequested = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
