// A channel's prerendered pages (tooling/prerender): made again after every promotion and rollback, and by
// `npm run prerender -- --on <channel>` when the catalog or the blog changes. The pages are made from the
// channel as it is served, into a folder of their own, then put in place under the channel's lock, one
// file at a time (each page is whole, and each names the releases it was made with, so the shell renders
// afresh any page left from before a promotion rather than take it over).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, rmdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pageFile, prerenderSite } from '../prerender/prerender.mjs';
import { serveChannel } from './serve-channel.mjs';
import { channelDir, channelLock, DeliveryError, liveVersions, readChannel, releaseDir, withLock, writeChannel } from './store.mjs';

const PAGE_FILES = ['', '.br', '.gz'];

/** Removes a page's files, and the folders it leaves empty (never the channel's own). */
function removePage(dir, path) {
  const file = pageFile(dir, path);
  for (const suffix of PAGE_FILES) rmSync(`${file}${suffix}`, { force: true });
  for (let folder = dirname(file); folder !== dir && existsSync(folder) && readdirSync(folder).length === 0; folder = dirname(folder)) {
    rmdirSync(folder);
  }
}

/**
 * Prerenders the public pages of a channel.
 *
 * @param {string} channel
 * @param {object} [options]
 * @param {string} [options.outDir]   write the pages there (QA, with its own API) instead of publishing them
 * @param {object} [options.api]      API settings in place of the channel's
 * @param {string} [options.siteUrl]  the origin the pages are for, in place of the channel's
 * @param {(line: string) => void} [options.log]
 * @returns {Promise<{ written: string[], failed: { path: string, reason: string }[], published: boolean }>}
 */
export async function prerenderChannel(channel, { outDir, api, siteUrl, log = () => {} } = {}) {
  const state = readChannel(channel);
  const live = liveVersions(state);
  if (!live.shell) throw new DeliveryError(`channel ${channel} has no live shell yet.`);
  const template = readFileSync(join(releaseDir('shell', live.shell), 'index.html'), 'utf8');

  const dir = channelDir(channel);
  mkdirSync(dir, { recursive: true });
  // Beside the channel's folder, so that each page is put in place by a rename; served from nowhere.
  const staged = outDir ?? mkdtempSync(join(dirname(dir), `.${channel}-pages-`));
  const noPages = mkdtempSync(join(dirname(dir), `.${channel}-no-pages-`));
  // The channel as a visitor gets it, on a spare port; the prerenderer's browser asks it for siteUrl's files.
  const server = await serveChannel({ channel, port: 0, api, pages: noPages });
  let result;
  try {
    result = await prerenderSite({
      siteUrl: siteUrl ?? state.siteUrl,
      template,
      outDir: staged,
      serveFrom: `http://127.0.0.1:${server.address().port}`,
      log,
    });
  } finally {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
    rmSync(noPages, { recursive: true, force: true });
  }
  if (outDir) return { ...result, published: false };

  try {
    return { ...result, published: publishPages(channel, live, staged, result.written) };
  } finally {
    rmSync(staged, { recursive: true, force: true });
  }
}

/**
 * Puts the pages made for `live` (the releases they were made with) in place on the channel, under its
 * lock, and removes the pages of paths no longer made. Nothing is put in place if another promotion went
 * live meanwhile: its own prerendering makes the pages. Returns whether the pages were published.
 */
export function publishPages(channel, live, staged, written) {
  const dir = channelDir(channel);
  return withLock(channelLock(channel), () => {
    const now = readChannel(channel);
    if (JSON.stringify(liveVersions(now)) !== JSON.stringify(live)) return false;
    for (const path of written) {
      const from = pageFile(staged, path);
      const to = pageFile(dir, path);
      mkdirSync(dirname(to), { recursive: true });
      for (const suffix of PAGE_FILES) renameSync(`${from}${suffix}`, `${to}${suffix}`);
    }
    for (const path of now.pages.filter((old) => !written.includes(old))) removePage(dir, path);
    now.pages = written;
    writeChannel(now);
    return true;
  });
}
