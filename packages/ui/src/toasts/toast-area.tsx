import { Suspense, lazy, useEffect } from 'react';
import { showKeptToasts, useToastsRequested } from './toast';

const SiteToastContainer = lazy(() => import('./toast-container'));

/** Where toasts appear: one per page (the shell's frame, a remote running alone, a test's page). */
export function ToastArea() {
  const requested = useToastsRequested();
  // What the page before said as it loaded this one (keepToastsForNextPage).
  useEffect(showKeptToasts, []);
  return requested ? (
    <Suspense fallback={null}>
      <SiteToastContainer />
    </Suspense>
  ) : null;
}
