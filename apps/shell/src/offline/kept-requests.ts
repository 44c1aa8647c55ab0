import { keptRequests, sendKeptRequests } from '@agri/api-client';
import { toast } from '@agri/ui';
import { RETRY_AFTER_MS } from '@agri/ui/island-protocol';

/**
 * Sends what the visitor sent while offline (an enquiry, a booking, a call request: the API client's outbox)
 * once the connection is back, now and whenever it returns, and says what became of each. A send that finds the
 * API still out of reach while the browser says it is online is tried again after RETRY_AFTER_MS, the last wait
 * repeated for as long as the page lives and something is kept.
 */
export function sendKeptRequestsWhenOnline(retryAfterMs = RETRY_AFTER_MS): void {
  let retries = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const send = () => {
    clearTimeout(timer);
    void sendKeptRequests().then(
      (outcomes) => {
        outcomes.forEach(({ sent, message }) => (sent ? toast.success(message) : toast.error(message)));
        // Offline, the next 'online' event sends.
        if (keptRequests().length && navigator.onLine) {
          timer = setTimeout(send, retryAfterMs[Math.min(retries, retryAfterMs.length - 1)]);
          retries += 1;
        } else {
          retries = 0;
        }
      },
      (error: unknown) => console.warn('[shell] the requests kept offline could not be sent yet:', error),
    );
  };
  window.addEventListener('online', () => {
    retries = 0;
    send();
  });
  send();
}
