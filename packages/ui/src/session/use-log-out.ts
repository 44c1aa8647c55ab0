import { LOGGED_OUT_MESSAGE, logout, messageOf } from '@agri/api-client';
import { useState } from 'react';
import { toast } from '../toasts/toast';

/**
 * Every Logout control (the shell's side menu, the account pages' menu): the API client tells the server
 * and clears the session; this says how it went. `onLoggedOut` runs after a logout that succeeded.
 */
export function useLogOut(onLoggedOut?: () => void): { logOut: () => Promise<void>; isLoggingOut: boolean } {
  const [isLoggingOut, setLoggingOut] = useState(false);

  const logOut = async () => {
    setLoggingOut(true);
    try {
      await logout();
      toast.info(LOGGED_OUT_MESSAGE);
      onLoggedOut?.();
    } catch (error) {
      toast.error(`Logout failed: ${messageOf(error, String(error))}`);
    } finally {
      setLoggingOut(false);
    }
  };

  return { logOut, isLoggingOut };
}
