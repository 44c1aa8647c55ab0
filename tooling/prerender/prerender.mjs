// @ts-check
// Prerendering: every public page of a site, made in Chromium by the shell and remotes that are live, written
// as plain HTML files that any static host serves (a page per path: <path>/index.html; and 404.html, the page for
// every path that is not one). A visitor gets the page's content, head tags and data in the first answer; the
// shell then hydrates its islands, each when it is needed.
//
// The page is opened as a visitor's browser would open it, rendered, and scrolled through so that every
// section loads; then the shell writes it with React's server renderer (apps/shell/src/prerender). Pages
// whose data could not be read are not written: their path is served the client-rendered page instead.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { writeCompressed } from '../build/precompress.mjs';
import { CHROMIUM_ARGS, HEADLESS_CHROMIUM } from '../machine/chromium.mjs';
import { pageHtml } from './page-html.mjs';
import { sitemapEntryOf } from './site-files.mjs';

// What the shell hands the prerenderer on window.__prerender (which the contract declares), and what the page it
// renders was made from (the islands protocol's PageState, whose module declares window.agriIslands).
/**
 * @typedef {import('../../apps/shell/src/prerender/prerender-contract.js').PrerenderHooks<PageState>} PrerenderHooks
 * @typedef {import('../../packages/ui/src/federation/island-protocol.js').PageState} PageState
 * @typedef {import('@playwright/test').Browser} Browser
 * @typedef {import('@playwright/test').BrowserContext} BrowserContext
 * @typedef {import('@playwright/test').Page} Page
 * @typedef {import('@playwright/test').Request} Request
 * @typedef {import('./fresh-pages.mjs').Answer} Answer
 * @typedef {import('./site-files.mjs').SitemapEntry} SitemapEntry
 * @typedef {(line: string) => void} Log
 * @typedef {{ apiBases: string[], answers: Map<string, Answer> }} Sources  the API the pages read, and the run's answers (noteApiReads)
 * @typedef {object} Site  a run of prerenderSite
 * @property {string} origin
 * @property {string | undefined} serveFrom
 * @property {{ template: string, loader: string }} shell
 * @property {string} outDir
 * @property {Sources} sources
 * @property {Log} log
 * @typedef {{ context: BrowserContext, visitor: BrowserContext }} Views  the browser's two views of the site (openViews)
 * @typedef {Map<string, { status: number, headers: Record<string, string>, body: Buffer }>} Immutable  the site's hashed
 *   files, by path, as answered once for every page (answerForTheSite)
 * @typedef {object} MadePages  what makePages made
 * @property {string[]} written
 * @property {{ path: string, reason: string }[]} failed
 * @property {Record<string, string[]>} reads     the API URLs each page read, by path
 * @property {Record<string, Map<string, Answer>>} madeFrom  the answers each page was made from, by path
 * @property {Record<string, SitemapEntry>} seo
 */

const BROWSER_ARGS = [
  ...CHROMIUM_ARGS,
  // A page answered by the prerenderer (not by a server) counts as public; let it reach a site and an API
  // on this machine, as the visitor's page does from the site's own origin.
  '--disable-features=LocalNetworkAccessChecks',
];
const PAGE_TIMEOUT_MS = 30_000;
const PAGES_AT_A_TIME = 3;

/**
 * The first line of a message: Playwright's errors go on with a call log.
 *
 * @param {string} message
 */
const firstLine = (message) => message.split('\n')[0] ?? '';

/** A path that may name a file under the output folder: absolute, no dot segments, no backslashes. */
const SAFE_PATH = /^\/(?:[A-Za-z0-9_~!$&'()*+,;=:@%-]+(?:\.[A-Za-z0-9_~!$&'()*+,;=:@%-]+)*\/?)*$/;

/**
 * Where a path's page goes: /courses → <out>/courses/index.html, / → <out>/index.html.
 *
 * @param {string} outDir
 * @param {string} path
 */
export function pageFile(outDir, path) {
  if (!SAFE_PATH.test(path) || path.includes('//')) throw new Error(`${path} is not a path a page can be written for`);
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => decodeURIComponent(segment));
  if (segments.some((segment) => segment === '.' || segment === '..' || segment.includes('/') || segment.includes('\\') || segment.includes('\0'))) {
    throw new Error(`${path} is not a path a page can be written for`);
  }
  const root = resolve(outDir);
  const file = join(root, ...segments, 'index.html');
  if (!file.startsWith(root + sep)) throw new Error(`${path} is not a path a page can be written for`);
  return file;
}

/** The not-found page, made for every path that is not a page of the site: served with 404 (static-server.mjs). */
export const NOT_FOUND_FILE = '404.html';

/** Where the prerenderer makes the not-found page: a path no route of the site renders. */
const NOT_FOUND_PROBE = '/not-a-page-of-the-site';

/** A page's file and its brotli and gzip forms. */
export const PAGE_FILES = ['', '.br', '.gz'];

/**
 * Removes a page's files, and the folders it leaves empty (never `dir` itself).
 *
 * @param {string} dir
 * @param {string} path
 */
export function removePage(dir, path) {
  const file = pageFile(dir, path);
  for (const suffix of PAGE_FILES) rmSync(`${file}${suffix}`, { force: true });
  for (let folder = dirname(file); folder !== resolve(dir) && existsSync(folder) && readdirSync(folder).length === 0; folder = dirname(folder)) {
    rmdirSync(folder);
  }
}

/**
 * Resolves once the API at `origin` answers /api/ready (it creates and seeds its database first).
 *
 * @param {string} origin
 */
export async function waitForApi(origin, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${origin}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the API at ${origin} was not ready within ${timeoutMs / 1000} s`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

/**
 * Scrolls to the bottom a screen at a time, so that sections that load near the screen load.
 *
 * @param {Page} page
 */
async function scrollThrough(page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((done) => requestAnimationFrame(done));
    }
    window.scrollTo(0, 0);
  });
}

/**
 * Waits until the page is whole: its heading shows, nothing is loading, the network is quiet.
 *
 * @param {Page} page
 */
async function settle(page) {
  await page.locator('#root h1').first().waitFor({ timeout: PAGE_TIMEOUT_MS });
  await scrollThrough(page);
  await page.waitForLoadState('networkidle', { timeout: PAGE_TIMEOUT_MS });
  await page.waitForFunction(() => !document.querySelector('#root [aria-busy="true"]'), undefined, { timeout: PAGE_TIMEOUT_MS });
}

/**
 * Notes the API answers a page reads (GET under one of `apiBases`): the page's list of URLs, and each
 * answer's ETag and body hash, in `own` (this page's) and in `answers` (the run's, shared by every page; when
 * the data changes during a run, the last one read). That is what the page is made from: the shell asks with
 * the ETags whether it changed, and fresh-pages.mjs remakes the page when one does.
 *
 * @param {Page} page
 * @param {string[]} apiBases
 * @param {Map<string, Answer>} answers
 * @returns {{ urls: () => Promise<string[]>, own: Map<string, Answer> }}
 */
function noteApiReads(page, apiBases, answers) {
  /** @type {Set<string>} */
  const reads = new Set();
  /** @type {Map<string, Answer>} */
  const own = new Map();
  /** @type {Promise<void>[]} */
  const pending = [];
  page.on('response', (response) => {
    const request = response.request();
    const url = request.url();
    if (request.method() !== 'GET' || !apiBases.some((base) => url.startsWith(base)) || response.status() !== 200) return;
    reads.add(url);
    pending.push(
      response.body().then(
        (body) => {
          /** @type {Answer} */
          const answer = { etag: response.headers().etag ?? null, hash: bodyHash(body) };
          own.set(url, answer);
          answers.set(url, answer);
        },
        () => undefined, // the page closed meanwhile: its answer is noted by the page that kept it
      ),
    );
  });
  return { urls: async () => (await Promise.all(pending), [...reads].sort()), own };
}

/**
 * The hash of an answer's body, to tell a changed answer from an API that sends no ETag: SHA-256 in base64, as the
 * page's loader makes it (apps/shell/src/islands/loader/fresh-answers.ts) in the fewest bytes.
 *
 * @param {Buffer} body
 */
export const bodyHash = (body) => createHash('sha256').update(body).digest('base64');

/**
 * Opens a page of the site with `context`, noting every request and reporting the page's errors.
 *
 * @param {BrowserContext} context
 * @param {string} url
 * @param {Log} log
 */
async function openPage(context, url, log) {
  const page = await context.newPage();
  /** @type {Request[]} */
  const requests = [];
  page.on('request', (request) => requests.push(request));
  page.on('requestfailed', (request) => {
    // Aborted: the page was closed with the request on its way (a data area asking again once the page is
    // taken over, say): nothing went wrong.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') log(`  ${url}: ${request.url()} failed: ${request.failure()?.errorText}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') log(`  ${url}: console: ${message.text()}`);
  });
  return { page, requests };
}

/**
 * The page made in the browser: its content and state (the shell's hooks), head tags and style sheets.
 *
 * @param {BrowserContext} context
 * @param {string} url
 * @param {Sources} sources
 * @param {Log} log
 */
async function makePage(context, url, { apiBases, answers }, log) {
  const { page } = await openPage(context, url, log);
  const apiReads = noteApiReads(page, apiBases, answers);
  try {
    await page.goto(url, { timeout: PAGE_TIMEOUT_MS });
    await page.waitForFunction(() => typeof window.__prerender === 'object', undefined, { timeout: PAGE_TIMEOUT_MS });
    await settle(page);
    // The shell's hooks are in (waited for above).
    const rendered = await page.evaluate(() => /** @type {PrerenderHooks} */ (window.__prerender).render());
    if (rendered.failed.length) throw new Error(`its data could not be read (${rendered.failed.join(', ')})`);
    const head = await page.evaluate(() => ({
      title: document.title,
      description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
      keywords: document.querySelector('meta[name="keywords"]')?.getAttribute('content') ?? '',
      image: document.querySelector('meta[property="og:image"]')?.getAttribute('content') ?? null,
      siteName: document.querySelector('meta[property="og:site_name"]')?.getAttribute('content') ?? null,
      noindex: document.querySelector('meta[name="robots"]')?.getAttribute('content')?.includes('noindex') ?? false,
    }));
    const stylesheets = await page.evaluate(() =>
      [.../** @type {NodeListOf<HTMLLinkElement>} */ (document.querySelectorAll('link[rel="stylesheet"]'))].map((link) => ({
        href: link.href,
        dataRspack: link.getAttribute('data-rspack'),
      })),
    );
    const reads = await apiReads.urls();
    const structuredData = await page.evaluate(() =>
      [...document.querySelectorAll('#root script[type="application/ld+json"]')].map((script) => /** @type {unknown} */ (JSON.parse(script.textContent))),
    );
    /** @type {Record<string, string>} */
    const validators = {};
    // The page's loader confirms an answer that came without an ETag by its hash (apps/shell/src/islands/loader/fresh-answers.ts).
    /** @type {Record<string, string>} */
    const answerHashes = {};
    for (const read of reads) {
      const answer = apiReads.own.get(read);
      if (answer?.etag) validators[read] = answer.etag;
      else if (answer) answerHashes[read] = answer.hash;
    }
    return {
      rendered: { ...rendered, page: { ...rendered.page, validators, answerHashes } },
      head,
      stylesheets,
      reads,
      madeFrom: apiReads.own,
      structuredData,
    };
  } finally {
    await page.close();
  }
}

/** The islands protocol's attributes (ISLAND.name, ISLAND.state), as the type-check holds them to its values. */
/** @type {typeof import('../../packages/ui/src/federation/island-protocol.js').ISLAND['name']} */
const ISLAND_NAME = 'data-island';
/** @type {typeof import('../../packages/ui/src/federation/island-protocol.js').ISLAND['state']} */
const ISLAND_STATE = 'data-island-state';
/** How long the page asks for nothing before an owner's turn is over. */
const QUIET_MS = 500;

/**
 * Opens the made page as a visitor's browser does and asks for its islands, owner by owner: the shell's first
 * (every island needs the shell's code), then each remote's. Each must hydrate as it was made (an island rendered
 * afresh is a defect: refused), and what an owner's turn asks for, until the page is quiet, is that owner's part
 * of the page's list of code: a tap on the footer's Subscribe fetches the shell's part alone, not the date
 * library a remote's list of articles needed. The visitor's link says 2G, so the shell fetches nothing ahead: the
 * next pages' code (a few seconds after the load event) is not this page's, and on a busy machine it was counted in.
 *
 * @param {BrowserContext} context
 * @param {{ url: string, source: string }} page  the page's URL, and where the site's server answers for it
 * @param {string} html  the page as made
 * @param {string} template  the shell's page
 * @param {Log} log
 */
async function visitPage(context, { url, source }, html, template, log) {
  const { page, requests } = await openPage(context, url, log);
  await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { effectiveType: '2g' } }));
  /** @type {string[]} */
  const problems = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/\[shell\] an island was rendered afresh|\[shell\] the island .* could not load/.test(text)) problems.push(firstLine(text));
  });
  /** @type {Set<Request>} */
  const inFlight = new Set();
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  try {
    // The page itself, with the headers the site sends for it (the security policy among them).
    await page.route(url, async (route) => {
      try {
        const response = await route.fetch({ url: source, headers: { ...route.request().headers(), 'accept-encoding': 'identity' } });
        const { 'content-length': _length, ...headers } = response.headers();
        await route.fulfill({ status: 200, headers, body: html });
      } catch (error) {
        problems.push(`the page could not be served: ${firstLine(/** @type {Error} */ (error).message)}`);
        await route.abort('failed').catch(() => undefined);
      }
    });
    await page.goto(url, { timeout: PAGE_TIMEOUT_MS });
    await page.waitForLoadState('networkidle', { timeout: PAGE_TIMEOUT_MS });
    const names = await page.locator(`[${ISLAND_NAME}]`).evaluateAll((islands, name) => islands.map((island) => island.getAttribute(name) ?? ''), ISLAND_NAME);
    const owners = [...new Set(['shell', ...names.map((name) => name.split('/')[0] ?? '')])];
    /** @type {{ owner: string, scripts: string[] }[]} */
    const turns = [];
    for (const owner of owners) {
      const from = requests.length;
      const islands = `[${ISLAND_NAME}^="${owner}/"]`;
      await page.evaluate(
        (islands) => document.querySelectorAll(islands).forEach((island) => window.agriIslands?.ask(/** @type {HTMLElement} */ (island))),
        islands,
      );
      await page.waitForFunction(
        ({ islands, state }) =>
          [...document.querySelectorAll(islands)].every((island) => island.getAttribute(state) === 'ready' || island.getAttribute(state) === 'failed'),
        { islands, state: ISLAND_STATE },
        { timeout: PAGE_TIMEOUT_MS },
      );
      await quiet(page, inFlight);
      const scripts = requests.slice(from).filter((request) => request.resourceType() === 'script');
      turns.push({ owner, scripts: scripts.map((request) => request.url()) });
    }
    if (problems.length) throw new Error(`its islands could not be hydrated as they were made: ${problems[0]}`);
    const failed = await page.locator(`[${ISLAND_STATE}="failed"]`).count();
    if (failed) throw new Error(`${failed} of its islands could not load`);
    return preloadsOf(turns, { template, pageUrl: url });
  } finally {
    await page.close();
  }
}

/**
 * Resolves once `page` has had no request on its way for QUIET_MS.
 *
 * @param {Page} page
 * @param {Set<unknown>} inFlight  the page's requests on their way
 */
async function quiet(page, inFlight) {
  const deadline = Date.now() + PAGE_TIMEOUT_MS;
  let quietSince = Date.now();
  while (Date.now() - quietSince < QUIET_MS) {
    if (Date.now() > deadline) throw new Error(`the page did not go quiet within ${PAGE_TIMEOUT_MS} ms`);
    await page.waitForTimeout(50);
    if (inFlight.size) quietSince = Date.now();
  }
}

/**
 * The page's list of code, by owner (the islands protocol's PageCode.preloads), from its islands asked for owner by
 * owner (visitPage): each script in the list of the first owner whose turn asked for it, but the shell's entry,
 * which the page names itself. A remote's list holds what only its islands need, wherever it is served from (the
 * shared libraries the shell provides, a date library among them); the shell's, what every island needs.
 *
 * @param {{ owner: string, scripts: string[] }[]} turns  the shell's first
 * @param {{ template: string, pageUrl: string }} page  the shell's page, and the page's URL, which relative ones are read against
 * @returns {Record<string, string[]>}
 */
export function preloadsOf(turns, { template, pageUrl }) {
  const [, entrySrc] = /<script defer src="([^"]+)"><\/script>/.exec(template) ?? [];
  if (!entrySrc) throw new Error("the shell's page has no entry script: it cannot be prerendered");
  const listed = new Set([new URL(entrySrc, pageUrl).href]);
  /** @type {Record<string, string[]>} */
  const preloads = { shell: [] };
  for (const { owner, scripts } of turns) {
    for (const script of scripts.map((url) => new URL(url, pageUrl).href)) {
      if (listed.has(script)) continue;
      listed.add(script);
      (preloads[owner] ??= []).push(script);
    }
  }
  return preloads;
}

/**
 * Prerenders the pages the site's remotes declare (their route tables' `prerender`): all of them, or those
 * `select` picks from the list (fresh-pages.mjs: the pages whose data changed, and new ones).
 *
 * @param {object} options
 * @param {string} options.siteUrl    the origin the pages are for: canonical links, and the origin the API
 *                                    is asked from (it must allow it)
 * @param {{ template: string, loader: string }} options.shell   the shell's client-rendered page (its index.html)
 *        and its island loader, as shellPage (tooling/build/island-loader.mjs) reads them from a build of the shell
 * @param {string} options.outDir     where the pages are written
 * @param {string} [options.serveFrom]  an origin that serves the site's files (a channel's, on a spare port):
 *        the browser asks it in place of siteUrl, so the pages are made for siteUrl before anything is there
 * @param {(paths: string[]) => string[]} [options.select]  the pages to make, of every page the site has
 * @param {(line: string) => void} [options.log]
 * @returns {Promise<import('./fresh-pages.mjs').PrerenderResult>}
 */
export async function prerenderSite({ siteUrl, shell, outDir, serveFrom, select = (paths) => paths, log = () => {} }) {
  const { chromium } = await import('@playwright/test');
  const origin = new URL(siteUrl).origin;
  // The API the site's config.json names: what its pages read from it is noted (noteApiReads).
  const { api } = /** @type {{ api: { apiBaseUrl: string, requestsApiBaseUrl: string } }} */ (await (await fetch(`${serveFrom ?? origin}/config.json`)).json());
  /** @type {Sources} */
  const sources = { apiBases: [api.apiBaseUrl, api.requestsApiBaseUrl], answers: new Map() };
  const browser = await chromium.launch({ executablePath: HEADLESS_CHROMIUM, args: BROWSER_ARGS });
  /** @type {Site} */
  const site = { origin, serveFrom, shell, outDir, sources, log };
  let listed;
  let made;
  try {
    const views = await openViews(browser, site);
    listed = await listPages(views.context, site);
    const chosen = select(listed.paths);
    log(`prerendering ${chosen.length} of ${listed.paths.length} pages for ${origin}`);
    const pages = await makePages(chosen, views, site);
    settleRun(pages, sources.answers, listed.listAnswers);
    pages.written.sort();
    made = { ...pages, notFound: chosen.length === listed.paths.length && (await makeNotFoundPage(views, site)) };
  } finally {
    await browser.close();
  }
  const { paths, clientRoutes, pageRoutes, listReads } = listed;
  const { written, failed, reads, seo, notFound } = made;
  return { paths, clientRoutes, pageRoutes, written, notFound, failed, reads, seo, listReads, answers: Object.fromEntries(sources.answers) };
}

/**
 * The browser's two views of the site: the prerenderer's own (`context`: the shell hands it its hooks instead
 * of taking a page over) and a visitor's (`visitor`, for visitPage). No service worker: its own requests would
 * escape the routing of the site's origin (answerForTheSite).
 *
 * @param {Browser} browser
 * @param {Site} site
 * @returns {Promise<Views>}
 */
async function openViews(browser, site) {
  /** @type {Immutable} */
  const immutable = new Map();
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });
  await context.addInitScript(() => {
    window.__prerender = true;
  });
  await answerForTheSite(context, site, immutable);

  const visitor = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });
  await answerForTheSite(visitor, site, immutable);
  return { context, visitor };
}

/**
 * The site's requests go to serveFrom; third parties (map, video) are not part of a page: refused at once.
 * Hashed files are fetched once (`immutable`, shared by the views). The prerenderer is not a visitor: its
 * config.json names no report endpoint, or each page it makes would count as a visit, with its vitals, in the
 * evidence on the releases it was made with (docs/releasing.md, "Browser reports").
 *
 * @param {BrowserContext} context
 * @param {Site} site
 * @param {Immutable} immutable
 */
async function answerForTheSite(context, { origin, serveFrom, log }, immutable) {
  if (serveFrom) {
    await context.route(`${origin}/**`, async (route) => {
      const { pathname, search } = new URL(route.request().url());
      // Uncompressed: the answer is handed to the browser as a body, not as bytes on the wire.
      const headers = { ...route.request().headers(), 'accept-encoding': 'identity' };
      const fetchOnce = () => route.fetch({ url: `${serveFrom}${pathname}${search}`, headers });
      try {
        let answer = immutable.get(pathname);
        if (!answer) {
          // A kept-alive connection the server closes just as it is reused: once more on a new one.
          const response = await fetchOnce().catch(fetchOnce);
          answer = { status: response.status(), headers: response.headers(), body: await response.body() };
          // Hashed files never change: every page after the first gets them from here.
          if (answer.headers['cache-control']?.includes('immutable')) immutable.set(pathname, answer);
        }
        await route.fulfill(answer);
      } catch (error) {
        log(`  ${pathname}: ${firstLine(/** @type {Error} */ (error).message)}`);
        await route.abort('failed').catch(() => undefined); // the page may have closed meanwhile
      }
    });
  }
  await context.route(
    (url) => url.origin !== origin && !/^(localhost|127\.0\.0\.1)$/.test(url.hostname),
    (route) => route.abort(),
  );
  // Registered last, so met first: the site's config.json (from serveFrom, as above), without `reports`.
  await context.route(`${origin}/config.json`, async (route) => {
    try {
      const headers = { ...route.request().headers(), 'accept-encoding': 'identity' };
      const response = await route.fetch({ headers, ...(serveFrom ? { url: `${serveFrom}/config.json` } : {}) });
      const { reports: _uncounted, ...config } = /** @type {Record<string, unknown>} */ (await response.json());
      await route.fulfill({ response, json: config });
    } catch (error) {
      log(`  /config.json: ${firstLine(/** @type {Error} */ (error).message)}`);
      await route.abort('failed').catch(() => undefined);
    }
  });
}

/**
 * What the shell lists: the site's pages (their paths and routes) and the routes rendered in the browser; and the API reads the list took.
 *
 * @param {BrowserContext} context
 * @param {Site} site
 */
async function listPages(context, { origin, sources, log }) {
  const { page: first } = await openPage(context, `${origin}/`, log);
  await first.goto(`${origin}/`, { timeout: PAGE_TIMEOUT_MS });
  await first.waitForFunction(() => typeof window.__prerender === 'object', undefined, { timeout: PAGE_TIMEOUT_MS });
  const listing = noteApiReads(first, sources.apiBases, sources.answers);
  // The shell's hooks are in (waited for above).
  const declared = await first.evaluate(() => /** @type {PrerenderHooks} */ (window.__prerender).pages());
  const paths = declared.pages.map(({ path }) => path);
  const listReads = await listing.urls();
  await first.close();
  return { paths, clientRoutes: declared.clientRoutes, pageRoutes: declared.pageRoutes, listReads, listAnswers: listing.own };
}

/**
 * Makes the chosen pages, a few at a time (most of a page's time is spent waiting on the network): the pages
 * written, those that failed and why, and for each page written what it read, from which answers, and its
 * sitemap entry.
 *
 * @param {string[]} chosen
 * @param {Views} views
 * @param {Site} site
 * @returns {Promise<MadePages>}
 */
async function makePages(chosen, views, site) {
  /** @type {MadePages} */
  const made = { written: [], failed: [], reads: {}, madeFrom: {}, seo: {} };
  const queue = [...chosen];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await prerenderPath(next);
  };
  // A page that fails is tried once more at the end of the run: on a loaded machine a page can miss its
  // time limit once (one page of 34 was left out now and then, in the e2e suites and the benchmarks).
  /** @type {Set<string>} */
  const triedOnce = new Set();
  /** @param {string} path */
  const prerenderPath = async (path) => {
    try {
      const { reads, madeFrom, structuredData, noindex } = await makeAndWritePage(path, views, site);
      made.written.push(path);
      made.reads[path] = reads;
      made.madeFrom[path] = madeFrom;
      const entry = sitemapEntryOf(structuredData);
      made.seo[path] = { ...entry, listed: entry.listed && !noindex };
    } catch (error) {
      if (!triedOnce.has(path)) {
        triedOnce.add(path);
        queue.push(path);
        return;
      }
      made.failed.push({ path, reason: firstLine(/** @type {Error} */ (error).message) });
    }
  };
  await Promise.all(Array.from({ length: PAGES_AT_A_TIME }, worker));
  return made;
}

/**
 * One page: made in the prerenderer's view (makePage), taken over in a visitor's (visitPage), which finds
 * what it preloads, and written.
 *
 * @param {string} path
 * @param {Views} views
 * @param {Site} site
 */
async function makeAndWritePage(path, { context, visitor }, { origin, serveFrom, shell, outDir, sources, log }) {
  const url = `${origin}${path}`;
  const { rendered, head, stylesheets, reads, madeFrom, structuredData } = await makePage(context, url, sources, log);
  const notFound = path === NOT_FOUND_PROBE;
  // '*': the islands protocol's ANY_PATH (packages/ui/src/federation/island-protocol.ts), the page no route renders.
  if (notFound && rendered.page.path !== '*') throw new Error(`a route of the site renders ${NOT_FOUND_PROBE}: the not-found page cannot be made there`);
  // Made on full runs only, it must not show what the API says (nothing would make it again when that changed).
  if (notFound && reads.length) throw new Error(`the not-found page reads the API (${reads.join(', ')})`);
  // The not-found page has no address of its own.
  const page = { ...shell, origin, html: rendered.html, state: rendered.page, head: { ...head, canonical: notFound ? null : url }, stylesheets };
  const source = serveFrom ? `${serveFrom}${path}` : url;
  const preloads = await visitPage(visitor, { url, source }, pageHtml({ ...page, preloads: {} }), shell.template, log);
  writeCompressed(notFound ? join(resolve(outDir), NOT_FOUND_FILE) : pageFile(outDir, path), pageHtml({ ...page, preloads }));
  return { reads, madeFrom, structuredData, noindex: head.noindex };
}

/**
 * The not-found page, on a run that makes every page (the first, and the one after a promotion or rollback):
 * whether it was written. A run that fails to make it leaves the one before, which the shell renders afresh
 * if it was made with other releases.
 *
 * @param {Views} views
 * @param {Site} site
 */
async function makeNotFoundPage(views, site) {
  try {
    await makeAndWritePage(NOT_FOUND_PROBE, views, site);
    return true;
  } catch (error) {
    site.log(`  the not-found page was not made: ${firstLine(/** @type {Error} */ (error).message)}`);
    return false;
  }
}

/**
 * What a run keeps of the answers it read (`answers`, by URL, the last read of each), once its pages are made.
 * - The paths were listed from the lists' answers as the run began (`listAnswers`): those are kept for the
 *   lists' URLs. Kept as a page read them later, a list that changed meanwhile (a course added) would answer
 *   the next check with a 304, and the new item's page, not among the paths, would never be made. A page made
 *   from a later answer of a list is kept: the next check finds the list changed, and makes it again.
 * - A page made from any other answer than the one kept for its URL would be believed current (a check gets a
 *   304) and never made again. It counts as not made, so it is not served and the next check makes it.
 *
 * @param {Pick<MadePages, 'written' | 'failed' | 'madeFrom'>} made
 * @param {Map<string, Answer>} answers
 * @param {Map<string, Answer>} listAnswers
 */
export function settleRun({ written, failed, madeFrom }, answers, listAnswers) {
  for (const [url, answer] of listAnswers) answers.set(url, answer);
  for (const path of [...written]) {
    // Every page written was made from something (makePages notes both).
    if ([.../** @type {Map<string, Answer>} */ (madeFrom[path])].some(([url, { hash }]) => !listAnswers.has(url) && answers.get(url)?.hash !== hash)) {
      written.splice(written.indexOf(path), 1);
      failed.push({ path, reason: 'its data changed while it was made' });
    }
  }
}
