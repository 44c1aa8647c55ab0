import { Suspense, lazy } from 'react';
import { useToastsRequested } from './toast';

const SiteToastContainer = lazy(() => import('./toast-container'));

/** Where toasts appear: one per page (the shell's frame, a remote running alone, a test's page). */
export function ToastArea() {
  const requested = useToastsRequested();
  return requested ? (
    <Suspense fallback={null}>
      <SiteToastContainer />
    </Suspense>
  ) : null;
}
