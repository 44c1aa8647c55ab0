import { onUnauthorized, selectIsSignedIn, useSession } from '@agri/api-client';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { toast } from 'react-toastify';
import { loginPathFor } from './redirect';

const SESSION_EXPIRED_TOAST = 'session-expired';

/**
 * Shows `children` only to a signed-in customer; a signed-out visitor is sent to log in and
 * brought back afterwards. When the server rejects the token, the API client signs the
 * customer out and this tells them why before the redirect.
 */
export function RequireCustomer({ children }: { children: ReactNode }) {
  const isSignedIn = useSession(selectIsSignedIn);
  const { pathname, search } = useLocation();

  useEffect(
    () =>
      onUnauthorized((error) => {
        toast.error(error.message, { toastId: SESSION_EXPIRED_TOAST });
      }),
    [],
  );

  if (!isSignedIn) return <Navigate replace to={loginPathFor(pathname + search)} />;
  return children;
}
