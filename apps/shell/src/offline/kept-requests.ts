import { keptRequests, sendKeptRequests } from '@agri/api-client';
import { toast } from '@agri/ui';

/**
 * When a send finds the API still out of reach while the browser says it is online (a link coming back
 * slowly: the first requests after the 'online' event often fail), it is tried again after these waits,
 * the last repeated for as long as the page lives and something is kept.
 */
export const RETRY_AFTER_MS = [2000, 5000, 15_000, 30_000, 60_000];

/**
 * Sends what the visitor sent while offline (an enquiry, a booking, a call request: the API client's outbox)
 * once the connection is back, now and whenever it returns, and says what became of each.
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
