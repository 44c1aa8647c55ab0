// @ts-check
// One visit of a page on a phone on a Kenyan mobile link, as bench:phone measures it: Chromium's own throttling
// (DevTools protocol) of the network and the processor, a phone's screen, and three figures: when content
// was first painted, when the page was ready, and the bytes that came over the network (headers included; nothing
// served by the browser's cache or a service worker). Ready (issue 36): a page of the application once the shell
// has taken it over (`<html data-shell="ready">`); a document with islands once its loader answers taps
// (`data-shell="islands"`: a tap on an island not in yet is held and carried out) and every island in the window
// that is hydrated as it comes into view is in, with none still starting.

/** The link of issue 27: 400 kbps each way, 400 ms round trip, a processor 4× slower than this machine's. */
export const PHONE_LINK = { kbps: 400, roundTripMs: 400, cpuSlowdown: 4 };
export const PHONE_LINK_WORDS = 'Chromium throttled to 400 kbps, 400 ms round trip and a 4× slower processor, 412 px screen';

/** A mid-range Android phone's screen. */
export const PHONE = {
  viewport: { width: 412, height: 915 },
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 13; moto g power 5G) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
};

/**
 * What recordMilestones notes in the page, as `window.__phoneVisit` (ms from the start).
 * @typedef {{ content: number | null, ready: number | null }} Milestones
 */
/** @typedef {typeof window & { __phoneVisit: Milestones }} WatchedWindow */
/**
 * One visit's figures.
 * @typedef {{ contentMs: number, readyMs: number, transferredKb: number }} PhoneVisit
 */
/**
 * A response that came over the network, once it is in: its URL and its bytes (headers included).
 * @typedef {{ url: string, encodedDataLength: number }} Loaded
 */

/** Notes, in the page, when its content is painted and when it is ready. */
function recordMilestones() {
  /** @type {Milestones} */
  const marks = { content: null, ready: null };
  Object.defineProperty(window, '__phoneVisit', { value: marks });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') marks.content = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  // An island's element has no box: its content's is where it is (as the page's loader sees it).
  /** @param {HTMLElement} island */
  const inWindow = (island) => {
    const box = (island.firstElementChild ?? island).getBoundingClientRect();
    return box.bottom > 0 && box.top < innerHeight;
  };
  /** @param {HTMLElement} island */
  const islandReady = (island) =>
    island.dataset.islandState === 'ready' || (island.dataset.islandState !== 'starting' && !/\bvisible\b/.test(island.dataset.islandHydration ?? ''));
  const isReady = () => {
    const shell = document.documentElement?.dataset.shell;
    if (shell === 'ready') return true;
    return shell === 'islands' && [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-island]'))].filter(inWindow).every(islandReady);
  };
  const check = () => {
    if (marks.ready === null && isReady()) marks.ready = performance.now();
  };
  // The document, not its element: this runs before the element exists.
  new MutationObserver(check).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-shell', 'data-island-state'] });
}

/**
 * A phone: its own browser context, so its cache starts cold and stays for its next visit.
 * @param {import('@playwright/test').Browser} browser
 * @returns {Promise<import('@playwright/test').BrowserContext>}
 */
export async function newPhone(browser) {
  const context = await browser.newContext(PHONE);
  await context.addInitScript(recordMilestones);
  return context;
}

/**
 * `page` on the link of PHONE_LINK (its processor slowed too), through the DevTools protocol; `onLoaded` is
 * called for each response that came over the network (not from the browser's cache or a service worker) once
 * it is in, with its URL and its bytes (headers included).
 *
 * @param {import('@playwright/test').BrowserContext} context
 * @param {import('@playwright/test').Page} page
 * @param {{ cpuSlowdown?: number }} [options]
 * @returns {Promise<{ onLoaded: (listener: (loaded: Loaded) => void) => void }>}
 */
export async function onPhoneLink(context, page, { cpuSlowdown = PHONE_LINK.cpuSlowdown } = {}) {
  const devtools = await context.newCDPSession(page);
  await devtools.send('Network.enable');
  const bytesPerSecond = (PHONE_LINK.kbps * 1000) / 8;
  await devtools.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE_LINK.roundTripMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  /** @type {Map<string, string>} */
  const overTheNetwork = new Map();
  devtools.on('Network.responseReceived', ({ requestId, response }) => {
    if (!response.fromDiskCache && !response.fromServiceWorker && !response.fromPrefetchCache) overTheNetwork.set(requestId, response.url);
  });
  return {
    onLoaded: (listener) =>
      devtools.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
        if (overTheNetwork.has(requestId)) listener({ url: /** @type {string} */ (overTheNetwork.get(requestId)), encodedDataLength });
      }),
  };
}

/**
 * Visits `url` on `phone` over the throttled link; resolves with { contentMs, readyMs, transferredKb }, or
 * null when the page was not ready within `timeoutMs`.
 *
 * @param {import('@playwright/test').BrowserContext} phone
 * @param {string} url
 * @param {{ timeoutMs?: number }} [options]
 * @returns {Promise<PhoneVisit | null>}
 */
export async function visitOnPhone(phone, url, { timeoutMs = 60_000 } = {}) {
  const page = await phone.newPage();
  const network = await onPhoneLink(phone, page);
  let bytes = 0;
  network.onLoaded(({ encodedDataLength }) => (bytes += encodedDataLength));
  try {
    await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
    await page.waitForFunction(() => /** @type {WatchedWindow} */ (window).__phoneVisit.ready !== null, null, { timeout: timeoutMs, polling: 250 });
    // What the page still asks for once ready (its data confirmed or asked again) is part of the visit.
    await page.waitForLoadState('networkidle', { timeout: timeoutMs });
    const { content, ready } = await page.evaluate(() => /** @type {WatchedWindow} */ (window).__phoneVisit);
    // Not null: the page was waited for until it was ready.
    return { contentMs: content ?? NaN, readyMs: /** @type {number} */ (ready), transferredKb: bytes / 1024 };
  } catch (error) {
    console.log(`[bench] ${url}: ${/** @type {Error} */ (error).message.split('\n')[0]}`);
    return null;
  } finally {
    await page.close();
  }
}
