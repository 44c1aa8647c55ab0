import { LOGGED_OUT_MESSAGE, logOutCustomer } from '@agri/api-client';
import { useCallback } from 'react';
import { toast } from 'react-toastify';

/** Logs out on the server, then clears the session (customer and all browser storage). */
export function useLogout(): () => Promise<void> {
  return useCallback(async () => {
    try {
      await logOutCustomer();
      toast.info(LOGGED_OUT_MESSAGE);
    } catch (error) {
      toast.error(`Logout failed: ${(error as Error).message}`);
    }
  }, []);
}
