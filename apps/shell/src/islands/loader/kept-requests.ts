import { ISLAND, OUTBOX_KEY, TAB_KEYS } from '@agri/ui/island-protocol';
import type { PageLoader } from './islands-loader';
import { each } from './page';

/**
 * What the visitor sent offline waits in the API client's outbox, and is sent by the site's code: it comes for that
 * alone when the connection is there; so it does for the toasts the page before kept for this one (a password
 * reset's, on the log-in page it loads). When the connection returns, an island whose code could not come comes now.
 */
export function sendKeptRequests(loader: PageLoader): void {
  const sendKept = () => {
    try {
      if ((navigator.onLine && localStorage.getItem(OUTBOX_KEY)) || sessionStorage.getItem(TAB_KEYS.toastsForNextPage)) loader.askForCode([]);
    } catch {
      // Storage refused (a private window's settings): there is no outbox, nor any kept toast, either.
    }
  };
  sendKept();
  addEventListener('online', () => {
    sendKept();
    each(`[${ISLAND.state}="failed"]`, loader.tryAgain);
  });
}
