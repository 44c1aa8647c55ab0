// @ts-check
// Prerendered pages stay as fresh as the API: what each page was made from (the API answers it read, with
// their ETags and body hashes) is kept beside the pages, and a cheap check asks the API whether any of those
// answers changed (a conditional GET each: 304 when not; an API that sends no ETag is compared by body). Only
// the pages that read a changed answer are made again, with the pages that are new (a new course) and without
// those that are gone (a removed event). A page whose course, event or post is deleted or unpublished (its
// answer 404 or 410) is taken off at once, not at the end of a run that takes minutes, and a run that read it
// before does not put it back. npm start and the e2e harness run the check every
// PRERENDER_INTERVAL seconds (keepPagesFresh); production runs `npm run prerender -- --on <channel> --changed`
// from a timer or the API's webhook.

/**
 * @typedef {{ etag: string | null, hash: string }} Answer
 * @typedef {object} PageSources  what a set of pages was made from, and what the site says of them
 * @property {Record<string, string[]>} reads   the API URLs each page read, by path
 * @property {string[]} listReads                the URLs that decide which pages exist (the route tables' lists)
 * @property {Record<string, Answer>} answers    each of those answers, by URL
 * @property {Record<string, { lastmod: string | null, listed: boolean }>} seo   each page's sitemap entry (site-files.mjs)
 * @property {string[]} paths                    every public path of the site, made or not
 * @property {string[]} clientRoutes             the route patterns of the pages rendered in the browser
 * @property {string[]} pageRoutes               the route patterns of the prerendered pages ('/course/:id')
 * @property {string[]} [failed]                  the pages the last run left without a current copy (nextSources)
 * @typedef {Omit<PageSources, 'failed'> & { written: string[], notFound: boolean, failed: { path: string, reason: string }[] }} PrerenderResult
 *   (notFound: whether the run wrote the not-found page, NOT_FOUND_FILE)
 * @typedef {{ fetch?: typeof fetch, log?: (line: string) => void }} Reading  how the API is asked, and where a
 *   failure to read it is said
 */

import { bodyHash, removePage } from './prerender.mjs';
import { writeSiteFiles } from './site-files.mjs';

export const DEFAULT_INTERVAL_S = 60;

/** PRERENDER_INTERVAL in milliseconds (seconds in the environment; 60 by default). */
export function intervalFromEnv(env = process.env) {
  const seconds = Number(env.PRERENDER_INTERVAL ?? DEFAULT_INTERVAL_S);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`PRERENDER_INTERVAL must be a number of seconds, not "${env.PRERENDER_INTERVAL}"`);
  return seconds * 1000;
}

/**
 * The URLs whose answer is no longer the one the pages were made from (`changed`), and of those the ones that
 * are gone (`gone`: 404 or 410, a course, event or post deleted or unpublished). An answer that cannot be read
 * now (the API is down) counts as unchanged: the pages keep what they show until it answers.
 *
 * @param {Record<string, Answer>} answers
 * @param {Reading} [reading]
 */
export async function changedAnswers(answers, { fetch = globalThis.fetch, log = () => {} } = {}) {
  /** @type {Set<string>} */
  const changed = new Set();
  /** @type {Set<string>} */
  const gone = new Set();
  await Promise.all(
    Object.entries(answers).map(async ([url, { etag, hash }]) => {
      try {
        const response = await fetch(url, { headers: { Accept: 'application/json', ...(etag ? { 'If-None-Match': etag } : {}) } });
        if (response.status === 304) return;
        if (!response.ok) {
          // Gone (a removed course): its pages must go too. Any other failure: try again next time.
          if (response.status === 404 || response.status === 410) {
            changed.add(url);
            gone.add(url);
          } else log(`  ${url} answered ${response.status}; its pages are kept as they are`);
          return;
        }
        if (bodyHash(Buffer.from(await response.arrayBuffer())) !== hash) changed.add(url);
      } catch (error) {
        log(`  ${url} could not be read (${error instanceof Error ? error.message : String(error)}); its pages are kept as they are`);
      }
    }),
  );
  return { changed, gone };
}

/**
 * The pages that read an answer now gone: the page of a course, event or post deleted or unpublished (only an
 * item's own page reads its answer; a list is never gone, it leaves the item out).
 *
 * @param {Pick<PageSources, 'reads'>} sources
 * @param {Set<string>} gone
 */
export const pagesReading = (sources, gone) =>
  Object.entries(sources.reads)
    .filter(([, urls]) => urls.some((url) => gone.has(url)))
    .map(([path]) => path);

/**
 * Of the pages `sources` names, those whose course, event or post is gone now: each item's answer is asked.
 *
 * @param {PageSources} sources
 * @param {Reading} [reading]
 */
export async function goneItemPages(sources, { fetch, log } = {}) {
  const items = Object.entries(sources.answers).filter(([url]) => !sources.listReads.includes(url));
  const { gone } = await changedAnswers(Object.fromEntries(items), { fetch, log });
  return pagesReading(sources, gone);
}

/**
 * The site without `withdrawn` pages: not made, out of the sitemap, and no longer paths of the site (404).
 *
 * @template {PageSources} Sources
 * @param {Sources} sources
 * @param {string[]} withdrawn
 * @returns {Sources}
 */
export function withoutPages(sources, withdrawn) {
  /** @type {<T>(record?: Record<string, T>) => Record<string, T>} */
  const kept = (record = {}) => Object.fromEntries(Object.entries(record).filter(([path]) => !withdrawn.includes(path)));
  return { ...sources, reads: kept(sources.reads), seo: kept(sources.seo), paths: sources.paths?.filter((path) => !withdrawn.includes(path)) };
}

/**
 * The pages to make, of every page the site has now: those that read a changed answer, those that are new,
 * and those the last run could not make.
 *
 * @param {Pick<PageSources, 'reads'>} sources
 * @param {Set<string>} changed
 * @returns {(paths: string[]) => string[]}
 */
export const pagesToMake = (sources, changed) => (paths) => paths.filter((path) => !sources.reads[path] || sources.reads[path].some((url) => changed.has(url)));

/**
 * What the pages are made from after a run that made `result.written`: their new reads; the pages kept from
 * before keep theirs; the pages that are gone (no longer in the site's list, or not made again when they had
 * to be) are dropped. A page of the site left without a current copy (not made, or its data changed during the
 * run) keeps its sitemap entry: it is still a page of the site, answered by the browser until it is made again.
 *
 * @param {PageSources | null} previous
 * @param {PrerenderResult} result
 * @returns {PageSources & { failed: string[] }}
 */
export function nextSources(previous, result) {
  /** @type {PageSources['reads']} */
  const reads = {};
  /** @type {PageSources['seo']} */
  const seo = {};
  const failed = result.failed.map((failure) => failure.path);
  for (const path of result.paths) {
    if (result.written.includes(path)) {
      const [made, entry] = [result.reads[path], result.seo[path]];
      if (made) reads[path] = made;
      if (entry) seo[path] = entry;
    } else if (previous?.reads[path] && !failed.includes(path)) {
      // A page kept from before, one of whose answers this run read changed (the data changed during the run,
      // after the check): kept, it would be believed current. Made again at the next check.
      if (previous.reads[path].some((url) => result.answers[url] && previous.answers[url]?.hash !== result.answers[url]?.hash)) {
        failed.push(path);
        if (previous.seo?.[path]) seo[path] = previous.seo[path];
        continue;
      }
      reads[path] = previous.reads[path];
      seo[path] = previous.seo?.[path] ?? { lastmod: null, listed: true };
    } else if (previous?.seo?.[path]) {
      seo[path] = previous.seo[path];
    }
  }
  const needed = new Set([...result.listReads, ...Object.values(reads).flat()]);
  /** @type {PageSources['answers']} */
  const answers = {};
  for (const url of needed) {
    const answer = result.answers[url] ?? previous?.answers[url];
    if (answer) answers[url] = answer;
  }
  return { reads, seo, listReads: result.listReads, answers, paths: result.paths, clientRoutes: result.clientRoutes, pageRoutes: result.pageRoutes, failed };
}

/**
 * The pages a run leaves without a current copy (made before, or written by the run): they must not be served any longer.
 *
 * @param {PageSources | null} previous
 * @param {PageSources} next
 * @param {string[]} [written]
 */
export const pagesToRemove = (previous, next, written = []) =>
  [...new Set([...Object.keys(previous?.reads ?? {}), ...written])].filter((path) => !next.reads[path]);

/**
 * Remakes the pages whose data changed since `sources` (all of them when there are none yet). A page whose
 * course, event or post is gone is handed to `withdraw` as soon as the check sees it, before the run: a run
 * takes minutes. Nor does a run put back a page whose item went while it was in flight.
 *
 * @param {PageSources | null} sources
 * @param {(select: (paths: string[]) => string[]) => Promise<PrerenderResult>} prerender
 * @param {Reading & { withdraw?: (paths: string[]) => void }} [options]
 * @returns {Promise<{ result: PrerenderResult, sources: PageSources, removed: string[] } | null>}
 *   null when nothing changed (no browser was started)
 */
export async function remakeChangedPages(sources, prerender, { fetch, log, withdraw = () => {} } = {}) {
  /** @type {(paths: string[]) => string[]} */
  let select = (paths) => paths;
  let current = sources;
  if (sources) {
    const { changed, gone } = await changedAnswers(sources.answers, { fetch, log });
    const goneNow = pagesReading(sources, gone);
    if (goneNow.length) withdraw(goneNow);
    const kept = goneNow.length ? withoutPages(sources, goneNow) : sources;
    // A page the last run did not make (its call failed or timed out, or the run made only some pages: --pages)
    // is made now, changed data or not.
    const unmade = (kept.paths ?? kept.failed ?? []).some((path) => !kept.reads[path]);
    if (changed.size === 0 && !unmade) return null;
    log?.(`changed: ${[...changed].join(', ')}`);
    select = pagesToMake(kept, changed);
    current = kept;
  }
  const result = await prerender(select);
  const made = nextSources(current, result);
  // Made from what the run read before its item went: not kept, and removed if the run wrote it where it is served.
  const next = withoutPages(made, await goneItemPages(made, { fetch, log }));
  const written = result.written.filter((path) => next.reads[path]);
  return { result: { ...result, written }, sources: next, removed: pagesToRemove(sources, next, result.written) };
}

/**
 * Runs `refresh` every `intervalMs`, one run after the other, until the process ends or it is stopped. A
 * failed run is logged and the next one tries again. A run may take minutes: meanwhile `duringRun` is called at
 * the same interval, for what must not wait for the run's end (a page whose course is gone). The function it
 * returns stops it, and resolves once a run in flight has ended (its files written: the folder may then go).
 *
 * @param {() => Promise<unknown>} refresh
 * @param {{ intervalMs: number, log?: (line: string) => void, duringRun?: () => Promise<unknown> }} options
 * @returns {() => Promise<void>}
 */
export function keepPagesFresh(refresh, { intervalMs, log = console.warn, duringRun }) {
  let stopped = false;
  /** @type {Promise<unknown> | null} */
  let running = null;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  /** @type {(what: string) => (error: unknown) => void} */
  const failed = (what) => (error) =>
    log(`${what} (${(error instanceof Error ? error.message : String(error)).split('\n')[0]}); trying again in ${intervalMs / 1000} s.`);
  const next = () => {
    if (stopped) return;
    timer = setTimeout(async () => {
      running = refresh().catch(failed('The prerendered pages were not refreshed'));
      await running;
      running = null;
      next();
    }, intervalMs);
    timer.unref();
  };
  let checking = false;
  const watch = setInterval(async () => {
    if (!running || checking || !duringRun) return;
    checking = true;
    await duringRun().catch(failed('The pages whose item is gone were not checked'));
    checking = false;
  }, intervalMs);
  watch.unref();
  next();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    clearInterval(watch);
    await running;
  };
}

/**
 * The refresh of a folder of pages served as they are written (the e2e harness, QA): `prerender` writes
 * into `dir` (each file is replaced whole), the pages that are gone are removed from it, and the site's
 * files (sitemap.xml, robots.txt, .routes.json) are made again with them. `refresh` resolves with the run's
 * result, or null when nothing changed; `withdrawGonePages`, called while a run is in flight
 * (keepPagesFresh's `duringRun`), takes off at once the pages whose course, event or post is gone.
 *
 * @param {string} dir
 * @param {(select: (paths: string[]) => string[]) => Promise<PrerenderResult>} prerender
 * @param {{ siteUrl: string, production?: boolean, log?: (line: string) => void, fetch?: typeof fetch }} options
 * @returns {{ refresh: () => Promise<(PrerenderResult & { removed: string[] }) | null>, withdrawGonePages: () => Promise<string[]> }}
 */
export function refreshFolder(dir, prerender, { siteUrl, production = true, log, fetch }) {
  /** @type {PageSources | null} */
  let sources = null;
  /** @param {string[]} paths */
  const withdraw = (paths) => {
    for (const path of paths) removePage(dir, path);
    if (!sources) return;
    sources = withoutPages(sources, paths);
    writeSiteFiles(dir, { siteUrl, production, ...sources });
  };
  return {
    refresh: async () => {
      const remade = await remakeChangedPages(sources, prerender, { fetch, log, withdraw });
      if (!remade) return null;
      for (const path of remade.removed) removePage(dir, path);
      sources = remade.sources;
      writeSiteFiles(dir, { siteUrl, production, ...sources });
      return { ...remade.result, removed: remade.removed };
    },
    withdrawGonePages: async () => {
      const gone = sources ? await goneItemPages(sources, { fetch, log }) : [];
      if (gone.length) withdraw(gone);
      return gone;
    },
  };
}
