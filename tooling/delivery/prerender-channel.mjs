// @ts-check
// A channel's prerendered pages (tooling/prerender): made again after every promotion and rollback, and
// whenever the API's data changes (`npm run prerender -- --on <channel> --changed`, which npm start runs every
// PRERENDER_INTERVAL seconds: only the pages whose data changed, see prerender/fresh-pages.mjs). The pages are
// made from the channel as it is served, into a folder of their own, then put in place under the channel's
// lock, one file at a time (each page is whole, and each names the releases it was made with, so the shell
// renders afresh any page left from before a promotion rather than take it over).
import { mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { shellPage } from '../build/island-loader.mjs';
import { goneItemPages, remakeChangedPages, withoutPages } from '../prerender/fresh-pages.mjs';
import { NOT_FOUND_FILE, PAGE_FILES, pageFile, prerenderSite, removePage } from '../prerender/prerender.mjs';
import { writeSiteFiles } from '../prerender/site-files.mjs';
import { serveChannel } from './serve-channel.mjs';
import { channelDir, channelLock, DeliveryError, liveVersions, PRODUCTION, readChannel, releaseDir, withLock, writeChannel } from './store.mjs';

/**
 * Prerenders the public pages of a channel and publishes them.
 *
 * @param {string} channel
 * @param {object} [options]
 * @param {boolean} [options.changedOnly]  only the pages whose data changed since they were made (and new
 *        ones); nothing at all, and no browser, when nothing changed
 * @param {string[]} [options.only]  of those, only these paths; every other page is served rendered in the
 *        browser until the next run with `changedOnly` makes it (a test that reads one page)
 * @param {(line: string) => void} [options.log]
 * @returns {Promise<{ written: string[], failed: { path: string, reason: string }[], removed: string[], published: boolean, unchanged?: true }>}
 */
export async function prerenderChannel(channel, { changedOnly = false, only, log = () => {} } = {}) {
  const state = readChannel(channel);
  const live = liveVersions(state);
  if (!live.shell) throw new DeliveryError(`channel ${channel} has no live shell yet.`);
  const shell = shellPage(releaseDir('shell', live.shell));
  // What the pages were made from counts only for pages made with the releases live now.
  const madeWithLive = JSON.stringify(state.pageSources?.madeWith) === JSON.stringify(live);
  const sources = changedOnly && madeWithLive ? (state.pageSources ?? null) : null;

  const dir = channelDir(channel);
  mkdirSync(dir, { recursive: true });
  // Beside the channel's folder, so that each page is put in place by a rename; served from nowhere.
  const staged = mkdtempSync(join(dirname(dir), `.${channel}-pages-`));
  try {
    /** @type {(select: (paths: string[]) => string[]) => (paths: string[]) => string[]} */
    const picked = (select) => (only ? (paths) => select(paths).filter((path) => only.includes(path)) : select);
    const remade = await remakeChangedPages(
      sources,
      (select) => prerenderFromChannel({ channel, siteUrl: state.siteUrl, shell, staged, select: picked(select), log }),
      {
        log,
        withdraw: (paths) => withdrawPages(channel, paths),
      },
    );
    if (!remade) return { written: [], failed: [], removed: [], published: false, unchanged: true };
    const { result, sources: next, removed } = remade;
    return { ...result, removed, published: publishPages(channel, live, staged, { written: result.written, notFound: result.notFound, sources: next }) };
  } finally {
    rmSync(staged, { recursive: true, force: true });
  }
}

/**
 * The pages `select` picks, made from the channel as a visitor gets it, served on a spare port, into `staged`.
 *
 * @param {object} options
 * @param {string} options.channel
 * @param {import('./store.mjs').ApiSettings} [options.api]  API settings to make the pages with in place of the channel's
 * @param {string} options.siteUrl
 * @param {{ template: string, loader: string }} [options.shell]  the live shell's page (shellPage), else read
 * @param {string} options.staged
 * @param {(paths: string[]) => string[]} [options.select]
 * @param {(line: string) => void} [options.log]
 * @returns {Promise<import('../prerender/fresh-pages.mjs').PrerenderResult>}
 */
export async function prerenderFromChannel({ channel, api, siteUrl, shell, staged, select, log }) {
  shell ??= shellPage(releaseDir('shell', liveVersions(readChannel(channel)).shell));
  const dir = channelDir(channel);
  const noPages = mkdtempSync(join(dirname(dir), `.${channel}-no-pages-`));
  // The prerenderer's browser asks this server for siteUrl's files.
  const server = await serveChannel({ channel, port: 0, api, pages: noPages });
  try {
    const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
    return await prerenderSite({ siteUrl, shell, outDir: staged, serveFrom: `http://127.0.0.1:${port}`, select, log });
  } finally {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
    rmSync(noPages, { recursive: true, force: true });
  }
}

/**
 * Puts the pages made for `live` (the releases they were made with) in place on the channel, under its
 * lock; the channel's pages are then those `sources` names, and any other page is removed (its path gets the
 * page rendered in the browser). Nothing is put in place if another promotion went live meanwhile: its own
 * prerendering makes the pages. Returns whether the pages were published.
 *
 * @param {string} channel
 * @param {Record<string, string>} live
 * @param {string} staged  the folder the pages were made into
 * @param {{ written: string[], notFound?: boolean, sources: import('../prerender/fresh-pages.mjs').PageSources }} made
 *        (notFound: the run made the not-found page too)
 * @returns {boolean}
 */
export function publishPages(channel, live, staged, { written, notFound = false, sources }) {
  const dir = channelDir(channel);
  return withLock(channelLock(channel), () => {
    const now = readChannel(channel);
    if (JSON.stringify(liveVersions(now)) !== JSON.stringify(live)) return false;
    const moves = written.map((path) => [pageFile(staged, path), pageFile(dir, path)]);
    if (notFound) moves.push([join(staged, NOT_FOUND_FILE), join(dir, NOT_FOUND_FILE)]);
    for (const [from, to] of moves) {
      mkdirSync(dirname(to), { recursive: true });
      for (const suffix of PAGE_FILES) renameSync(`${from}${suffix}`, `${to}${suffix}`);
    }
    const pages = Object.keys(sources.reads).sort();
    for (const path of now.pages.filter((old) => !pages.includes(old))) removePage(dir, path);
    writeSiteFiles(dir, { siteUrl: now.siteUrl, production: channel === PRODUCTION, ...sources });
    now.pages = pages;
    now.pageSources = { ...sources, madeWith: live };
    writeChannel(now);
    return true;
  });
}

/**
 * Takes pages off the channel at once, under its lock: their files, their sitemap entries and their paths
 * (404 from now). For a course, event or post deleted or unpublished: it must not wait for a run's end.
 *
 * @param {string} channel
 * @param {string[]} paths
 */
export function withdrawPages(channel, paths) {
  const dir = channelDir(channel);
  withLock(channelLock(channel), () => {
    const now = readChannel(channel);
    if (!now.pageSources) return;
    for (const path of paths) removePage(dir, path);
    now.pageSources = withoutPages(now.pageSources, paths);
    now.pages = (now.pages ?? []).filter((path) => !paths.includes(path));
    writeSiteFiles(dir, { siteUrl: now.siteUrl, production: channel === PRODUCTION, ...now.pageSources });
    writeChannel(now);
  });
}

/**
 * While a run is in flight: the channel's pages whose course, event or post is gone are taken off at once.
 *
 * @param {string} channel
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {Promise<string[]>} the paths taken off
 */
export async function withdrawGonePages(channel, { log } = {}) {
  const { pageSources } = readChannel(channel);
  const gone = pageSources ? await goneItemPages(pageSources, { log }) : [];
  if (gone.length) withdrawPages(channel, gone);
  return gone;
}
