import { mayFetchAhead } from '@agri/ui';
import { matchPath, useLocation } from '@agri/ui/router';
import { useEffect } from 'react';
import { ownerOf } from '../config/route-owners';
import { preloadEntry } from '../federation/remotes';
import { useComposition } from './composition-store';

/** The path inside the site a link leads to, or null (another site, a new tab, a download). */
function pathOf(target: EventTarget | null): string | null {
  const link = target instanceof Element ? target.closest<HTMLAnchorElement>('a[href]') : null;
  if (!link || link.origin !== window.location.origin || link.target === '_blank' || link.hasAttribute('download')) return null;
  return link.pathname;
}

/**
 * Gets the next page ready. A link in view: its remote's entry is fetched (not run: running it would add the
 * remote's routes while the page may still be taking over its sections). A link the visitor shows the intent
 * to follow (points at it, touches it, reaches it with the keyboard): the remote and its route table, and, for
 * a public page, the page's code and data. Nothing on Save-Data or a 2G link.
 */
export async function fetchAhead(path: string, intent: boolean): Promise<void> {
  if (!mayFetchAhead() || path === window.location.pathname) return;
  const { routePrefixes, remotes, ensure } = useComposition.getState();
  const owner = ownerOf(path, routePrefixes);
  if (!owner) return;
  if (!intent) {
    if (remotes[owner]?.state === 'idle') preloadEntry(owner);
    return;
  }
  await ensure(owner);
  const status = useComposition.getState().remotes[owner];
  if (status?.state !== 'ready') return;
  for (const route of status.routes) {
    const match = matchPath(route.path, path);
    if (!match) continue;
    if (route.prerender) {
      route.load().catch(() => undefined); // a failure is met again, and shown, when the page mounts
      route.prefetch?.(match.params);
    }
    return;
  }
}

const INTENT_EVENTS = ['pointerover', 'touchstart', 'focusin'] as const;
/** How long after the page's load event the links in view are looked at. */
const QUIET_MS = 3000;

/**
 * Loads ahead, once the page is taken over: the remote of each link in the page's content as it comes into
 * view (a remote's entry and route table, once per remote, whatever the number of links), and what a link
 * needs as the visitor shows the intent to follow it.
 */
export function FetchAhead() {
  const { pathname } = useLocation();

  useEffect(() => {
    const onIntent = (event: Event) => {
      const path = pathOf(event.target);
      if (path) void fetchAhead(path, true);
    };
    for (const name of INTENT_EVENTS) document.addEventListener(name, onIntent, { passive: true });
    return () => {
      for (const name of INTENT_EVENTS) document.removeEventListener(name, onIntent);
    };
  }, []);

  useEffect(() => {
    if (!mayFetchAhead() || !('IntersectionObserver' in window)) return undefined;
    const seen = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        seen.unobserve(entry.target);
        const path = pathOf(entry.target);
        if (path) void fetchAhead(path, false);
      }
    });
    // Well after the page's own code, data and pictures (its load event, then a few quiet seconds): the next
    // page's code never competes with them on a slow link.
    let left = false;
    let timer = 0;
    const start = () => {
      if (!left) document.querySelectorAll('#main a[href]').forEach((link) => seen.observe(link));
    };
    const later = () => (timer = window.setTimeout(start, QUIET_MS));
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
    return () => {
      left = true;
      window.clearTimeout(timer);
      window.removeEventListener('load', later);
      seen.disconnect();
    };
  }, [pathname]);

  return null;
}
