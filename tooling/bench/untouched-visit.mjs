// @ts-check
// What a public page costs a phone when nobody touches it (issue 36's two figures, measured the way a phone feels
// them): the main thread blocked by long tasks after the first contentful paint, at a real 4× slower processor
// (Chromium's CPU throttling, not Lighthouse's simulation), until 4 s after the network is quiet; and the
// JavaScript fetched meanwhile, until 3 s after the network is quiet, with no service worker, sized as a server
// sends it (gzip). Beside them, the main thread's whole work over the visit (its tasks' time, long or not): an
// animation that styles the page again at every frame blocks nothing, and still takes a phone's processor.
import { gzipSync } from 'node:zlib';

/** The processor of a mid-range phone, against this machine's. */
export const CPU_SLOWDOWN = 4;
/** How long the page is watched once the network is quiet: long tasks, and the scripts it fetches. */
const WATCH_MS = { longTasks: 4000, scripts: 3000 };

/**
 * The blocking time after the paint: of each long task that starts at or after the first contentful paint, its
 * time beyond 50 ms (what a tap made meanwhile waits at worst), summed.
 *
 * @param {{ startTime: number, duration: number }[]} longTasks
 * @param {number} paintMs
 * @returns {number}
 */
export function blockingAfterPaint(longTasks, paintMs) {
  return longTasks.filter((task) => task.startTime >= paintMs).reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
}

/**
 * What watchMainThread notes in the page, as `window.__untouched`.
 * @typedef {{ paint: number | null, longTasks: { startTime: number, duration: number }[] }} MainThread
 */
/** @typedef {typeof window & { __untouched: MainThread }} WatchedWindow */

/**
 * An untouched visit's figures.
 * @typedef {{ blockingMs: number, busyMs: number, scriptKb: number, scripts: number }} Untouched
 */

/** In the page, from its start: the first contentful paint and every long task. */
function watchMainThread() {
  /** @type {MainThread} */
  const seen = { paint: null, longTasks: [] };
  Object.defineProperty(window, '__untouched', { value: seen });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') seen.paint = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.longTasks.push({ startTime: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/**
 * One untouched visit of `url` in a fresh context of `browser` (a cold cache, no service worker): resolves with
 * { blockingMs, busyMs, scriptKb, scripts }, or null when no content was painted. With `refuseScripts`, the page's own
 * scripts are refused: the prerendered document alone.
 *
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {{ refuseScripts?: boolean }} [options]
 * @returns {Promise<Untouched | null>}
 */
export async function visitUntouched(browser, url, { refuseScripts = false } = {}) {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  try {
    await context.addInitScript(watchMainThread);
    if (refuseScripts) await context.route('**/*', (route) => (route.request().resourceType() === 'script' ? route.abort() : route.fallback()));
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await devtools.send('Performance.enable');
    /** @type {Promise<Buffer>[]} */
    const scripts = [];
    let watchingScripts = true;
    page.on('response', (response) => {
      if (watchingScripts && response.request().resourceType() === 'script') scripts.push(response.body().catch(() => Buffer.alloc(0)));
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
    await page.waitForTimeout(WATCH_MS.scripts);
    watchingScripts = false;
    await page.waitForTimeout(WATCH_MS.longTasks - WATCH_MS.scripts);
    const seen = await page.evaluate(() => /** @type {WatchedWindow} */ (window).__untouched);
    if (seen.paint === null) return null;
    const { metrics } = await devtools.send('Performance.getMetrics');
    const bodies = await Promise.all(scripts);
    return {
      blockingMs: Math.round(blockingAfterPaint(seen.longTasks, seen.paint)),
      busyMs: Math.round(/** @type {{ value: number }} */ (metrics.find((metric) => metric.name === 'TaskDuration')).value * 1000),
      scriptKb: bodies.reduce((sum, body) => sum + gzipSync(body).length, 0) / 1024,
      scripts: bodies.length,
    };
  } finally {
    await context.close();
  }
}
