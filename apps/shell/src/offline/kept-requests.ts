import { sendKeptRequests } from '@agri/api-client';
import { toast } from '@agri/ui';

/**
 * Sends what the visitor sent while offline (an enquiry, a booking, a call request: the API client's outbox)
 * once the connection is back, now and whenever it returns, and says what became of each.
 */
export function sendKeptRequestsWhenOnline(): void {
  const send = () =>
    void sendKeptRequests().then(
      (outcomes) => outcomes.forEach(({ sent, message }) => (sent ? toast.success(message) : toast.error(message))),
      (error: unknown) => console.warn('[shell] the requests kept offline could not be sent yet:', error),
    );
  window.addEventListener('online', send);
  send();
}
