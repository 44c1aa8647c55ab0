import { CART_COUNT_KEY, CUSTOMER_KEY, cartLabel, FRAME } from '@agri/ui/island-protocol';
import { each } from './page';

/** The header's signed-in links and cart count, from the stored session (session-store.ts keeps both). */
export function showStoredSession(): void {
  try {
    const customer: unknown = JSON.parse(localStorage.getItem(CUSTOMER_KEY) ?? 'null');
    if (!customer || typeof customer !== 'object') return;
    const count = Number(localStorage.getItem(CART_COUNT_KEY)) || 0;
    each(`[${FRAME.signedIn}]`, (element) => (element.hidden = false));
    each(`[${FRAME.signedOut}]`, (element) => (element.hidden = true));
    each(`.${FRAME.cartLink}`, (link) => link.setAttribute('aria-label', cartLabel(count)));
    each(`.${FRAME.cartCount}`, (shown) => (shown.textContent = String(count)));
  } catch {
    // Storage refused, or not what the session store wrote: the header stays signed out until its island says.
  }
}

/** The offline notice, while there is no connection. */
export function showConnection(): void {
  const notice = document.querySelector<HTMLElement>(`[${FRAME.offlineNotice}]`);
  if (!notice) return;
  const show = () => (notice.hidden = navigator.onLine);
  show();
  addEventListener('online', show);
  addEventListener('offline', show);
}
