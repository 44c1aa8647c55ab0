import { LOGGED_OUT_MESSAGE, logout, logoutEverywhere, messageOf } from '@agri/api-client';
import { useState } from 'react';
import { toast } from '../toasts/toast';

/**
 * Every Logout control (the shell's side menu, the account pages' menu, My Profile's "Log Out Everywhere"):
 * the API client tells the server and clears the session; this says how it went. `onLoggedOut` runs after a
 * logout that succeeded. `everywhere` ends every session of the account and every link mailed for it.
 */
export function useLogOut(onLoggedOut?: () => void, { everywhere = false } = {}): { logOut: () => Promise<void>; isLoggingOut: boolean } {
  const [isLoggingOut, setLoggingOut] = useState(false);

  const logOut = async () => {
    setLoggingOut(true);
    try {
      await (everywhere ? logoutEverywhere() : logout());
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
