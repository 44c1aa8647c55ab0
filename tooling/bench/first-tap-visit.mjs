// @ts-check
// How soon a phone answers a visitor's first tap (issue 36: within 200 ms, at a real 4× slower processor, a tap
// made 500 ms after the first contentful paint): the Event Timing API's duration of the tap's interaction, from
// the finger down to the next paint after its handlers ran (the dialog or menu shown, or its pending state); and
// (issue 57: within 200 ms on the phone link) when what it opened was first on the screen.
import { PHONE_LINK } from './phone-visit.mjs';
import { CPU_SLOWDOWN } from './untouched-visit.mjs';

/** @typedef {{ name: string, interactionId: number, startTime: number, duration: number }} EventEntry */
/**
 * What watchEvents notes in the page, as `window.__firstTap`: the first contentful paint, the event entries, and
 * when a dialog was first opened (its `open` attribute set), each on the page's clock (performance.now()).
 * @typedef {{ paint: number | null, events: EventEntry[], opened: number | null }} SeenEvents
 */
/** @typedef {typeof window & { __firstTap: SeenEvents }} WatchedWindow */
/**
 * An event's timing entry, with the interaction it is part of (which TypeScript's DOM library does not name yet).
 * @typedef {PerformanceEventTiming & { interactionId: number }} EventTiming
 */

/**
 * A first tap's figures (ms): `latency`, the interaction's; `paintedMs`, from the finger down to the frame that
 * showed the dialog it opened, by the browser's clock (null when it opened none, or after the tap's last frame);
 * `shownMs`, from the tap to what it opens being there as the test driver sees it (its checks before the tap
 * and its polling after it included).
 * @typedef {{ latency: number, paintedMs: number | null, shownMs: number }} FirstTap
 */

/** When the visitor taps: this long after the first contentful paint. */
export const TAP_AFTER_PAINT_MS = 500;

/**
 * The interaction's latency: the longest duration among the event entries of its interaction (pointerdown,
 * pointerup, click share one interactionId), as INP counts one interaction; null when none was recorded.
 *
 * @param {EventEntry[]} entries
 * @returns {number | null}
 */
export function interactionLatency(entries) {
  const durations = entries.filter((entry) => entry.interactionId > 0).map((entry) => entry.duration);
  return durations.length ? Math.max(...durations) : null;
}

/**
 * From the finger down to the frame that first showed the dialog the tap opened, on the page's clock: the end of
 * the first of the interaction's entries (each lasts until the next frame after its handlers) that ended after
 * the dialog opened. A dialog opened by the tap's own click (an invoker command) is in the frame its entry ends on.
 * Null when the tap opened none, or opened it after its last entry's frame (its code came later).
 *
 * @param {EventEntry[]} entries
 * @param {number | null} opened  when the dialog's `open` attribute was set
 * @returns {number | null}
 */
export function dialogPaintedAfter(entries, opened) {
  const tap = entries.filter((entry) => entry.interactionId > 0);
  if (opened === null || !tap.length) return null;
  const fingerDown = Math.min(...tap.map((entry) => entry.startTime));
  const frames = tap.map((entry) => entry.startTime + entry.duration).filter((end) => end >= opened);
  return frames.length && opened >= fingerDown ? Math.min(...frames) - fingerDown : null;
}

/**
 * In the page, from its start: the first contentful paint, every event entry (16 ms or more, the API's floor),
 * and when a dialog was first opened.
 */
function watchEvents() {
  /** @type {SeenEvents} */
  const seen = { paint: null, events: [], opened: null };
  Object.defineProperty(window, '__firstTap', { value: seen });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') seen.paint = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  // durationThreshold is the Event Timing API's, which TypeScript's DOM library does not name.
  /** @type {PerformanceObserverInit & { durationThreshold: number }} */
  const events = { type: 'event', buffered: true, durationThreshold: 16 };
  new PerformanceObserver((list) => {
    for (const entry of /** @type {EventTiming[]} */ (list.getEntries()))
      seen.events.push({ name: entry.name, interactionId: entry.interactionId, startTime: entry.startTime, duration: entry.duration });
  }).observe(events);
  // A mutation record is delivered at the end of the task that opened the dialog: before its frame is drawn.
  new MutationObserver((records) => {
    if (seen.opened === null && records.some((record) => record.target instanceof HTMLDialogElement && record.target.open)) seen.opened = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['open'] });
}

/**
 * Throttles the page's network to the phone link of issue 27 (400 kbps each way, 400 ms round trip).
 * @param {import('@playwright/test').CDPSession} devtools
 */
async function onPhoneLink(devtools) {
  const bytesPerSecond = (PHONE_LINK.kbps * 1000) / 8;
  await devtools.send('Network.enable');
  await devtools.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE_LINK.roundTripMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
}

/**
 * One first visit of `url` in a fresh context of `browser` (a phone's screen, a cold cache, no service worker;
 * `slowLink`: over the phone link): the control `control` finds is tapped TAP_AFTER_PAINT_MS after the paint, and
 * what it showed is awaited (`answered`). Resolves with the tap's figures (FirstTap; `latency` 16 when it was
 * under the API's floor); null when the page painted nothing or the tap was not answered.
 *
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {{ control: (page: import('@playwright/test').Page) => import('@playwright/test').Locator,
 *           answered: (page: import('@playwright/test').Page) => import('@playwright/test').Locator }} tap
 * @param {{ slowLink?: boolean }} [options]
 * @returns {Promise<FirstTap | null>}
 */
export async function visitAndTap(browser, url, { control, answered }, { slowLink = false } = {}) {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  try {
    await context.addInitScript(watchEvents);
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    if (slowLink) await onPhoneLink(devtools);
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    const painted = await page
      .waitForFunction(
        (after) => {
          const { paint } = /** @type {WatchedWindow} */ (window).__firstTap;
          return paint !== null && performance.now() >= paint + after;
        },
        TAP_AFTER_PAINT_MS,
        {
          timeout: 60_000,
          polling: 10,
        },
      )
      .then(
        () => true,
        () => false,
      );
    if (!painted) return null;
    const target = control(page);
    await target.waitFor({ timeout: 30_000 });
    const tappedAt = Date.now();
    await target.tap({ timeout: 30_000 });
    await answered(page).waitFor({ timeout: 60_000 });
    const shownMs = Date.now() - tappedAt;
    // The entry is reported after the next paint: a moment for the observer.
    await page
      .waitForFunction(() => /** @type {WatchedWindow} */ (window).__firstTap.events.some((entry) => entry.interactionId > 0), undefined, { timeout: 5_000 })
      .catch(() => undefined);
    const { events, opened } = await page.evaluate(() => /** @type {WatchedWindow} */ (window).__firstTap);
    return { latency: interactionLatency(events) ?? 16, paintedMs: dialogPaintedAfter(events, opened), shownMs };
  } catch (error) {
    console.log(`[bench] ${url}: the tap was not answered (${/** @type {Error} */ (error).message.split('\n')[0]})`);
    return null;
  } finally {
    await context.close();
  }
}
