import { useSyncExternalStore } from 'react';
import type { ToastOptions } from 'react-toastify';

type Kind = 'success' | 'error' | 'info';

// react-toastify (and its container) arrive with the first toast: most visits show none, and a toast
// answers an action that itself waits on the network. Toasts shown before the container is up wait in
// react-toastify's own queue.
let requested = false;
const listeners = new Set<() => void>();

function show(kind: Kind, message: string, options?: ToastOptions): void {
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
