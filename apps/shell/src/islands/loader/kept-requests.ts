import { ISLAND, OUTBOX_KEY, RETRY_AFTER_MS, TAB_KEYS } from '@agri/ui/island-protocol';
import type { PageLoader } from './islands-loader';
import { each } from './page';

/**
 * What the visitor sent offline waits in the API client's outbox, and is sent by the site's code: it comes for that
 * alone when the connection is there; so it does for the toasts the page before kept for this one (a password
 * reset's, on the log-in page it loads). When the connection returns, an island whose code could not come comes now,
 * and is asked again after each of `retryAfterMs` while it still cannot (the first requests after 'online' often fail).
 */
export function sendKeptRequests(loader: PageLoader, retryAfterMs = RETRY_AFTER_MS): void {
  const sendKept = () => {
    try {
      if ((navigator.onLine && localStorage.getItem(OUTBOX_KEY)) || sessionStorage.getItem(TAB_KEYS.toastsForNextPage)) loader.askForCode([]);
    } catch {
      // Storage refused (a private window's settings): there is no outbox, nor any kept toast, either.
    }
  };
  sendKept();
  const tryFailedAgain = (attempt: number) => {
    each(`[${ISLAND.state}="failed"]`, loader.tryAgain);
    const wait = retryAfterMs[attempt];
    if (wait !== undefined) setTimeout(() => navigator.onLine && tryFailedAgain(attempt + 1), wait);
  };
  addEventListener('online', () => {
    sendKept();
    tryFailedAgain(0);
  });
}
