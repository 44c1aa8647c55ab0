// @ts-check
// First-load JavaScript of a page: every script the page ran until the shell had taken it over and the network
// went quiet, sized as a server would send it (gzip). Not the page's: what is fetched ahead for the next page
// (preloaded, not run), the web vitals' library (loaded by design once the page is interactive), and sections far
// down a page, which load as the visitor scrolls to them. Left out by what they are, not by when they come, so that
// a busy machine, on which the take-over can come after those start, measures the same.
import { gzipSync } from 'node:zlib';

/**
 * First-load JavaScript budget (KB, gzip) of a public page nobody touched: every one is a document with islands
 * (docs/composition.md), which runs no code until one is needed; issue 36's limit for a content page (80 for the
 * home page), all measured at 0 KB on 2026-11-28 (162.2 to 192.1 KB when they were taken over whole, 2026-11-26).
 * React alone (about 60 KB) would break it: a page that starts an island before it is needed fails here.
 */
export const FIRST_LOAD_BUDGET_KB = 60;

/**
 * The island loader every prerendered page carries inline (apps/shell/src/islands/loader), bytes gzip, all measured
 * 2026-12-01: 2,685 B as hand-written JavaScript minified at import; 2,944 B moved to TypeScript in modules of their
 * own (+9.6 %); 2,986 B once it also stood in for the browser's invoker commands (the menu and the request dialogs
 * open at the first tap); 2,993 B on 2026-12-02 once the links between log in and register kept
 * the page's query before any code; 3,037 B the same day once a tap fetched its own island's code alone (the
 * shell's and its owner's lists, issue 57's one wave), a reset link's page was one document for every link, and
 * the toasts the page before kept brought the shell's code to show them (about 110 B, of which about 70 B were won
 * back in the same change: hashes in base64, `each` for the loops, fetch's own default credentials); 3,115 B on
 * 2026-12-03 once an island whose code could not come was asked again after waits when the connection returned,
 * not once (a link coming back slowly fails the first try; about 60 B); 3,090 B the same day without the
 * prerenderer's own switch (it asks for the islands itself, owner by owner); 3,119 B once a button that opens a
 * dialog asked for its island's code at its click, after the dialog. A change that needs more says why here.
 */
export const ISLAND_LOADER_BUDGET_BYTES = 3_150;

/**
 * What a tap on one of the shell's own islands (the header's menu, the footer's Subscribe) fetches (KB, gzip): the
 * shell's entry and the shell's list of the page's code, the same on every page. 154 KB on 2026-12-03 (the entry 30,
 * react-dom 65, the API client with zod 25, React Router 13, the frame 10, the kit 6); 175–187 KB before that day,
 * when the list took the date library and whatever else the remotes' islands loaded from the shell's folder.
 * Issue 57 wants that code in within 4 s of the tap on the phone link (about 50 KB/s): 4.7 s at 154 KB.
 */
export const SHELL_ISLAND_CODE_BUDGET_KB = 160;

/** The web vitals' chunk (apps/shell/src/app.tsx names it): loaded once the page is interactive, not with it. */
const LOADED_WHEN_INTERACTIVE = /\/web-vitals\.[0-9a-f]+\.js$/;

/**
 * A script the page ran, and its size as a server sends it (gzip).
 * @typedef {{ url: string, gzipBytes: number }} ScriptFile
 */
/**
 * A script the page ran whose body could not be read.
 * @typedef {{ url: string, error: Error }} UnreadScript
 */

/**
 * @param {import('@playwright/test').Page} page
 * @param {string} url
 * @returns {Promise<{ files: ScriptFile[], totalKb: number, requests: number, islands: boolean }>}
 */
export async function measureFirstLoadJs(page, url) {
  /** @type {Promise<ScriptFile | UnreadScript>[]} */
  const scripts = [];
  /** @type {import('@playwright/test').Request[]} */
  const requests = [];
  // The scripts the page ran (compiled), as the debugger sees them: a preload the page never ran is not among them.
  /** @type {Set<string>} */
  const ran = new Set();
  const devtools = await page.context().newCDPSession(page);
  devtools.on('Debugger.scriptParsed', ({ url: scriptUrl }) => ran.add(scriptUrl));
  await devtools.send('Debugger.enable');
  // Requests made once the page was committed: one the page before made (a fetch ahead still on its way) is
  // not this page's, and its body goes with that page.
  let committed = false;
  /** @type {WeakSet<import('@playwright/test').Request>} */
  const ofThisPage = new WeakSet();
  /** @param {import('@playwright/test').Frame} frame */
  const onNavigated = (frame) => {
    if (frame === page.mainFrame()) committed = true;
  };
  /** @param {import('@playwright/test').Request} request */
  const onRequest = (request) => {
    requests.push(request);
    if (committed) ofThisPage.add(request);
  };
  /** @param {import('@playwright/test').Response} response */
  const onResponse = (response) => {
    const request = response.request();
    if (!ofThisPage.has(request) || request.resourceType() !== 'script' || !response.ok() || LOADED_WHEN_INTERACTIVE.test(response.url())) return;
    // Read at once, settled at once (a rejection waits for the end, where a script the page ran without a body fails).
    scripts.push(
      response.body().then(
        (body) => ({ url: response.url(), gzipBytes: gzipSync(body).length }),
        /** @param {Error} error */ (error) => ({ url: response.url(), error }),
      ),
    );
  };
  page.on('framenavigated', onNavigated);
  page.on('request', onRequest);
  page.on('response', onResponse);
  await page.goto(url);
  // On a busy machine the network can idle while the first script still runs: wait for the page's
  // heading and for the shell to have taken it over (a document with islands: for its loader), then for the
  // network to settle.
  await page.locator('h1').first().waitFor({ timeout: 30_000 });
  await page.locator('html[data-shell="ready"], html[data-shell="islands"]').waitFor({ state: 'attached', timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  // Nothing more is read: a body asked for after this could still be pending when the caller closes the page.
  page.off('framenavigated', onNavigated);
  page.off('request', onRequest);
  page.off('response', onResponse);
  await devtools.detach();
  const settled = (await Promise.all(scripts)).filter((file) => ran.has(file.url));
  const unread = settled.find((file) => 'error' in file);
  if (unread) throw new Error(`${url}: the body of ${unread.url}, which the page ran, could not be read: ${unread.error.message}`);
  const files = /** @type {ScriptFile[]} */ (settled);
  const totalKb = files.reduce((sum, file) => sum + file.gzipBytes, 0) / 1024;
  const islands = await page.evaluate(() => document.documentElement.dataset.shell === 'islands');
  return { files, totalKb, requests: requests.length, islands };
}
