import { isReporting } from './browser-reports';

/**
 * The web vitals are measured by a library loaded only once the page is interactive: at the visitor's first move,
 * or 5 s on (the first-load measure leaves its chunk out: tooling/bench/first-load.mjs).
 */
export function measureVitalsLater(): void {
  if (!isReporting()) return;
  const events = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;
  const load = () => {
    clearTimeout(timer);
    for (const event of events) window.removeEventListener(event, load);
    import(/* webpackChunkName: "web-vitals" */ './vitals').then(({ reportVitals }) => reportVitals()).catch(() => undefined);
  };
  const timer = setTimeout(load, 5000);
  for (const event of events) window.addEventListener(event, load, { once: true, passive: true });
}
