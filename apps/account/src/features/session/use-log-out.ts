import { isApiError, LOGGED_OUT_MESSAGE, logOutCustomer } from '@agri/api-client';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';

/** The account pages' Logout: tells the server, clears the session, and goes home. */
export function useLogOut(): { logOut: () => Promise<void>; isLoggingOut: boolean } {
  const navigate = useNavigate();
  const [isLoggingOut, setLoggingOut] = useState(false);

  const logOut = async () => {
    setLoggingOut(true);
    try {
      await logOutCustomer();
      toast.info(LOGGED_OUT_MESSAGE);
      navigate('/', { replace: true });
    } catch (error) {
      toast.error(`Logout failed: ${isApiError(error) ? error.message : String(error)}`);
      setLoggingOut(false);
    }
  };

  return { logOut, isLoggingOut };
}
