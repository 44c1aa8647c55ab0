import { onUnauthorized } from '@agri/api-client';
import { toast } from '@agri/ui';

/**
 * Whichever app's call meets a rejected token (the shell's own start-up cart
 * load, catalog's add to cart, an account page), the API client signs the
 * customer out; the frame tells them why, once.
 */
export function announceSessionExpiry(): () => void {
  return onUnauthorized((error) => toast.error(error.message, { toastId: 'session-expired' }));
}
