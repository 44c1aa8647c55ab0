import { useSession } from './session/session-store';
import { logout } from './user';

/** The info toast every Logout control shows (spec section 8). */
export const LOGGED_OUT_MESSAGE = 'User Logged Out Successfully';

/**
 * Logs the customer out in one call, for every app's Logout control: the server forgets the
 * token, then the session and all browser storage are cleared. On failure the ApiError is
 * thrown and the session is kept, so the customer can try again (a 401 has already signed
 * them out in the HTTP layer).
 */
export async function logOutCustomer(): Promise<void> {
  await logout();
  useSession.getState().signOut();
}
