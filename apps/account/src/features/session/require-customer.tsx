import { selectIsSignedIn, useSession } from '@agri/api-client';
import { loginPathFor } from '@agri/ui';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@agri/ui/router';

/**
 * Shows `children` only to a signed-in customer; a signed-out visitor is sent to log in and
 * brought back afterwards. A rejected token signs the customer out in the API client (the
 * shell's frame says why), which lands here as signed out.
 */
export function RequireCustomer({ children }: { children: ReactNode }) {
  const isSignedIn = useSession(selectIsSignedIn);
  const { pathname, search } = useLocation();

  if (!isSignedIn) return <Navigate replace to={loginPathFor(pathname + search)} />;
  return children;
}
