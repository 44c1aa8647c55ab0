// @ts-check
// One visit of a page with the library's photos on it, as bench:media measures it (issue 59): on a phone
// (412 px at 2 device pixels per CSS pixel, the link and the processor of phone-visit.mjs) or a desktop
// (1,280 px, 1 device pixel, no throttling: its figure is bytes); cold cache. Figures: the bytes of every
// library picture fetched, of those whose <img> is in the first screen, and of the page's largest picture;
// the largest contentful paint and the layout shift.
import { PHONE, onPhoneLink } from './phone-visit.mjs';

export const SCREENS = {
  phone: { ...PHONE, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
};

/**
 * What recordPaint notes in the page, as `window.__mediaVisit`.
 * @typedef {{ lcpMs: number | null, lcpUrl: string, cls: number }} PaintMarks
 */
/** @typedef {typeof window & { __mediaVisit: PaintMarks }} WatchedWindow */
/**
 * A layout shift's entry (the Layout Instability API's, which TypeScript's DOM library does not name).
 * @typedef {PerformanceEntry & { hadRecentInput: boolean, value: number }} LayoutShift
 */
/**
 * One visit's figures.
 * @typedef {{ lcpMs: number, cls: number, picturesKb: number, firstScreenKb: number, largestKb: number,
 *   firstScreenFiles: (string | undefined)[] }} MediaVisit
 */

/**
 * A library picture's file (pictureFilePath in the API).
 * @param {string} url
 */
const isLibraryFile = (url) => /\/static\/pictures\/files\/[0-9a-f]{20}-\d+\.\w+$/.test(new URL(url).pathname);

/** Notes, in the page, its largest contentful paint (time and picture) and its layout shift. */
function recordPaint() {
  /** @type {PaintMarks} */
  const marks = { lcpMs: null, lcpUrl: '', cls: 0 };
  Object.defineProperty(window, '__mediaVisit', { value: marks });
  new PerformanceObserver((list) => {
    for (const entry of /** @type {LargestContentfulPaint[]} */ (list.getEntries())) Object.assign(marks, { lcpMs: entry.startTime, lcpUrl: entry.url });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of /** @type {LayoutShift[]} */ (list.getEntries())) if (!entry.hadRecentInput) marks.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The pictures an <img> shows in the first screen: the files they chose from their srcset. */
const inFirstScreen = () =>
  [...document.images]
    .filter((image) => {
      const box = image.getBoundingClientRect();
      return image.currentSrc && box.bottom > 0 && box.top < innerHeight && box.width > 0;
    })
    .map((image) => image.currentSrc);

/**
 * Visits `url` in a new context of `browser` on `screen` ('phone' or 'desktop'); resolves with the figures, or
 * null when the page did not settle within `timeoutMs`.
 *
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {keyof typeof SCREENS} screen
 * @param {{ timeoutMs?: number }} [options]
 * @returns {Promise<MediaVisit | null>}
 */
export async function visitWithPictures(browser, url, screen, { timeoutMs = 90_000 } = {}) {
  const context = await browser.newContext(SCREENS[screen]);
  await context.addInitScript(recordPaint);
  const page = await context.newPage();
  /** @type {Map<string, number>} */
  const pictures = new Map();
  if (screen === 'phone') {
    (await onPhoneLink(context, page)).onLoaded(({ url: file, encodedDataLength }) => {
      if (isLibraryFile(file)) pictures.set(file, encodedDataLength);
    });
  } else {
    page.on('requestfinished', async (request) => {
      if (isLibraryFile(request.url())) pictures.set(request.url(), (await request.sizes()).responseBodySize);
    });
  }
  try {
    await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
    await page.waitForLoadState('networkidle', { timeout: timeoutMs });
    const [shown, marks] = await Promise.all([page.evaluate(inFirstScreen), page.evaluate(() => /** @type {WatchedWindow} */ (window).__mediaVisit)]);
    /** @param {string[]} files */
    const kb = (files) => files.reduce((sum, file) => sum + (pictures.get(file) ?? 0), 0) / 1024;
    const firstScreen = [...new Set(shown.filter(isLibraryFile))];
    return {
      lcpMs: Math.round(marks.lcpMs ?? NaN),
      cls: Number(marks.cls.toFixed(3)),
      picturesKb: kb([...pictures.keys()]),
      firstScreenKb: kb(firstScreen),
      largestKb: isLibraryFile(marks.lcpUrl || 'http://x/') ? kb([marks.lcpUrl]) : 0,
      firstScreenFiles: firstScreen.map((file) => file.split('/').pop()),
    };
  } catch (error) {
    console.log(`[bench] ${url} (${screen}): ${/** @type {Error} */ (error).message.split('\n')[0]}`);
    return null;
  } finally {
    await context.close();
  }
}
