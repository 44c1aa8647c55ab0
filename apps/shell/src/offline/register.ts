import type { SiteConfig } from '../config/site-config';
import { savingData } from '@agri/ui';

/** The code this tab has loaded (scripts and style sheets), for the service worker to keep with the page. */
const loadedCode = (): string[] =>
  performance
    .getEntriesByType('resource')
    .filter((entry) => ['script', 'link', 'css'].includes((entry as PerformanceResourceTiming).initiatorType))
    .map((entry) => entry.name);

/**
 * Asks the service worker to keep the public page at `path` for offline reading, with the code the tab loaded:
 * the page this tab opened on (read before the worker was in charge) and each one reached inside the site. Not
 * on Save-Data: keeping a page reached inside the site downloads it once more.
 */
export function keepPageOffline(path: string): void {
  if (!('serviceWorker' in navigator) || savingData()) return;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: 'keep-page', path, code: loadedCode() }));
}

/**
 * Starts the service worker (tooling builds it into /sw.js; offline/service-worker.ts), or, when config.json
 * switches it off (`offline: false`), removes one a visitor's browser still has. Production builds only: a dev
 * server's files change under the same names.
 */
export function startOffline(config: SiteConfig): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  if (config.offline === false) {
    void navigator.serviceWorker.getRegistrations().then((registrations) => registrations.forEach((registration) => void registration.unregister()));
    return;
  }
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.warn('[shell] the offline copy cannot start:', error));
}
