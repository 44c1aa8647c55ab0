// @ts-check
// The page's island loader as the tooling handles it: the shell's build makes it (island-loader.js, from
// apps/shell/src/islands/loader), each prerendered page carries it inline (prerender/page-html.mjs), and the
// site's policy allows it, and the speculation rules it adds, by their hashes (serve/security-headers.mjs).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The loader's file in a build of the shell (its dist, or a release's folder), beside index.html. */
export const ISLAND_LOADER_FILE = 'island-loader.js';

/**
 * The speculation rules the loader adds (the build gives them to it): the next public page's document is fetched
 * when the visitor points at its link or starts to tap it (`moderate`), so that the page load that moving between
 * documents is has nothing left to wait for.
 */
export const SPECULATION_RULES = JSON.stringify({ prefetch: [{ where: { href_matches: '/*' }, eagerness: 'moderate' }] });

/**
 * What a prerendered page takes from a build of the shell: its client-rendered page (index.html) and the loader,
 * checked to be something a page can carry inline.
 *
 * @param {string} dir  the shell's build (apps/shell/dist, or a release's folder)
 * @returns {{ template: string, loader: string }}
 */
export function shellPage(dir) {
  const loader = readFileSync(join(dir, ISLAND_LOADER_FILE), 'utf8').trim();
  if (/<\/script|<!--/i.test(loader)) throw new Error(`${ISLAND_LOADER_FILE} in ${dir} cannot be put inline in a page as it is`);
  return { template: readFileSync(join(dir, 'index.html'), 'utf8'), loader };
}

/**
 * The policy's `script-src` sources for the inline scripts: the loaders given (one per build of the shell a page may come from) and the speculation rules.
 *
 * @type {(loaders: string[]) => string[]}
 */
export const inlineScriptHashes = (loaders) =>
  [...new Set([...loaders, SPECULATION_RULES])].map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`);
