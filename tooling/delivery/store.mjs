// @ts-check
// The deploy folder: plain files that any static host or CDN can serve.
//
//   deploy/releases/<app>/<version>/   one immutable release: the build, its release.json
//   deploy/releases/<app>/index.json   the releases of that app open to preview (the shell reads it)
//   deploy/channels/<channel>/         one servable site root: config.json, app.html (the live shell's page,
//                                      rendered in the browser) and a prerendered page per public path
//                                      (<path>/index.html; index.html is the home page)
//   deploy/channels/<channel>.json     what is live on the channel and its settings (not served)
//   deploy/journal/                    what was done, by whom and why (journal.mjs; not served)
//
// A team's release writes only under its own releases/<app>/; promotion is the only shared write, made
// under the channel's lock, each file replaced whole (write-file-atomic: never seen half-written).
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import lockfile from 'proper-lockfile';
import writeFileAtomicLibrary from 'write-file-atomic';
import { localApiSettings, reportSettings } from '../build/site-config.mjs';
import { rootDir } from '../machine/pnpm.mjs';
import { findReportsToken, reportGrant } from './report-grant.mjs';

/**
 * A release.json (release.mjs, describeRelease): what the release is, and what it requires, provides,
 * exposes, consumes and owns.
 *
 * @typedef {object} Release
 * @property {string} app
 * @property {string} version
 * @property {string | null} [commit]          null: made where git could not say
 * @property {boolean} [dirty]                 the tree had uncommitted changes
 * @property {string} builtAt                  an ISO time
 * @property {Record<string, string>} [provides]  the shell's singletons, one exact version each
 * @property {Record<string, string>} [requires]  a remote's singletons, the ranges it works with
 * @property {string | null} [contract]        the version of the API client it is built on
 * @property {string[]} [exposes]
 * @property {string[]} [consumes]             modules of other apps it loads ('catalog/upcoming-events')
 * @property {string[]} [routes]               the route prefixes it owns
 */

/**
 * The API settings of a channel's config.json (site-config.mjs, localApiSettings).
 *
 * @typedef {{ apiBaseUrl: string, requestsApiBaseUrl: string, picturesPath?: string | null, imageOrigins?: string[], chatNumber?: string,
 *   mpesa?: boolean }} ApiSettings
 */

/**
 * An app's release live for a share of the channel's visitors (`held`: by the canary watcher, and why).
 *
 * @typedef {{ version: string, share: number, since: string, held?: { reason: string, at: string } }} Canary
 */

/**
 * A channel's state (deploy/channels/<channel>.json, readChannel).
 *
 * @typedef {object} ChannelState
 * @property {string} channel
 * @property {ApiSettings} api
 * @property {string} siteUrl
 * @property {number} reportSampleRate
 * @property {boolean} [offline]                      false: no service worker
 * @property {Record<string, string[]>} stacks        each app's releases that have been live, the last live now
 * @property {Record<string, Canary>} canaries        by app
 * @property {string[]} pages                         the paths of its prerendered pages
 * @property {import('../prerender/fresh-pages.mjs').PageSources & { madeWith: Record<string, string> }} [pageSources]
 *   what its pages were made from, and with which releases
 */

/**
 * One remote in a channel's config.json.
 *
 * @typedef {{ entry: string, requires: Record<string, string>, routes: string[] | undefined, version: string, manifest: string }} RemoteEntry
 */

/**
 * A channel's config.json (channelConfig): what its visitors' shell reads.
 *
 * @typedef {object} ChannelConfig
 * @property {string} channel
 * @property {string} releases
 * @property {Record<string, RemoteEntry & { canary?: RemoteEntry & { share: number } }>} remotes
 * @property {ApiSettings} api
 * @property {{ version: string }} [shell]
 * @property {{ url: string, sampleRate: number, grant?: string }} reports
 * @property {false} [offline]
 */

export const deployDir = () => process.env.DEPLOY_DIR ?? join(rootDir, 'deploy');
export const releasesDir = () => join(deployDir(), 'releases');
/** @param {string} channel */
export const channelDir = (channel) => join(deployDir(), 'channels', channel);
/** @param {string} channel */
const channelFile = (channel) => join(deployDir(), 'channels', `${channel}.json`);
/** @param {string} channel */
export const channelLock = (channel) => join(deployDir(), 'channels', `${channel}.lock`);

/** Where the browser finds the releases: the channel's own origin by default, or a CDN (RELEASES_BASE_URL). */
export const releasesBaseUrl = () => process.env.RELEASES_BASE_URL ?? '/releases/';

/** The channel visitors get: the one search engines index (the others answer noindex). */
export const PRODUCTION = 'production';

export const APP_NAME = /^[a-z][a-z0-9_]*$/;
export const CHANNEL_NAME = /^[a-z][a-z0-9-]*$/;
export const VERSION = /^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$/;

export class DeliveryError extends Error {
  /** @override */
  name = 'DeliveryError';
}

/**
 * The name, if `pattern` takes it; else this throws. (None of the name patterns takes '', so a name that is
 * not there is never returned.)
 *
 * @param {string} kind
 * @param {string | undefined} value
 * @param {RegExp} pattern
 * @returns {string}
 */
export function checkName(kind, value, pattern) {
  if (!pattern.test(value ?? '')) throw new DeliveryError(`"${value ?? ''}" is not a valid ${kind} name.`);
  return /** @type {string} */ (value);
}

/**
 * Writes a file whole (write-file-atomic: a temporary file beside it, flushed to the disk, renamed over the old one).
 *
 * @param {string} file
 * @param {string | Buffer} content
 */
export function writeFileAtomic(file, content) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileAtomicLibrary.sync(file, content);
}

/** @type {(file: string, value: unknown) => void} */
export const writeJsonAtomic = (file, value) => writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`);
/** @type {(file: string) => unknown} */
export const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** @param {number} ms */
const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * A lock nobody has touched for this long was left by a process that died (on this host or another sharing the
 * deploy folder): it is taken over. Longer than any work done under one (a release's build), which runs without
 * giving the lock's own timer a turn to touch it.
 */
const STALE_MS = 10 * 60 * 1000;

/**
 * Runs `work` holding the lock `lock` (proper-lockfile: a directory made exclusively, stale by its age, so it
 * holds across hosts and containers that share the deploy folder). Two promotions to one channel, or two
 * releases of one app, run one after the other; past `waitMs` the second is refused.
 */
/**
 * @template T
 * @param {string} lock
 * @param {() => T} work
 * @param {{ waitMs?: number, staleMs?: number }} [options]
 * @returns {T}
 */
export function withLock(lock, work, { waitMs = 30_000, staleMs = STALE_MS } = {}) {
  mkdirSync(dirname(lock), { recursive: true });
  const deadline = Date.now() + waitMs;
  /** @type {() => void} */
  let release;
  for (;;) {
    try {
      release = lockfile.lockSync(lock, { realpath: false, lockfilePath: lock, stale: staleMs });
      break;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ELOCKED') throw error;
      if (Date.now() > deadline) throw new DeliveryError(`${lock} is held by another release or promotion; try again when it is done.`);
      pause(100);
    }
  }
  try {
    return work();
  } finally {
    release();
  }
}

// ---- releases -------------------------------------------------------------------------------------

/** @type {(app: string, version: string) => string} */
export const releaseDir = (app, version) => join(releasesDir(), app, version);
/**
 * Held while an app's releases or their index change: one release or withdrawal of an app at a time.
 *
 * @type {(app: string) => string}
 */
export const releaseLock = (app) => join(releasesDir(), app, '.lock');

/**
 * @param {string} app
 * @param {string} version
 * @returns {Release}
 */
export function readRelease(app, version) {
  const file = join(releaseDir(app, version), 'release.json');
  if (!VERSION.test(version) || !existsSync(file)) throw new DeliveryError(`${app}@${version} is not a published release (see npm run releases).`);
  return /** @type {Release} */ (readJson(file));
}

/**
 * Every release of an app, oldest first.
 *
 * @param {string} app
 * @returns {Release[]}
 */
export function listReleases(app) {
  const dir = join(releasesDir(), app);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && VERSION.test(entry.name) && existsSync(join(dir, entry.name, 'release.json')))
    .map((entry) => /** @type {Release} */ (readJson(join(dir, entry.name, 'release.json'))))
    .sort((a, b) => a.builtAt.localeCompare(b.builtAt) || a.version.localeCompare(b.version));
}

export function listApps() {
  const dir = releasesDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && APP_NAME.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/**
 * Moves a finished release folder into place; a release that exists is never overwritten.
 *
 * @param {string} staging
 * @param {string} app
 * @param {string} version
 */
export function publishRelease(staging, app, version) {
  const target = releaseDir(app, version);
  if (existsSync(target)) throw new DeliveryError(`${app}@${version} exists already; a release is never overwritten.`);
  renameSync(staging, target);
}

/**
 * The symbolic links under `dir` (paths relative to it): a release holds none, whatever they point at.
 *
 * @param {string} dir
 * @param {string} [prefix]
 * @returns {string[]}
 */
export function findLinks(dir, prefix = '') {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = join(prefix, entry.name);
    if (entry.isSymbolicLink()) return [path];
    return entry.isDirectory() ? findLinks(dir, path) : [];
  });
}

// Times kept: a file's .br and .gz are used only while they are not older than it (static-server.mjs).
/** @type {(from: string, to: string) => void} */
export const copyTree = (from, to) => cpSync(from, to, { recursive: true, preserveTimestamps: true });

// ---- channels -------------------------------------------------------------------------------------

/** Where a channel is published unless its state says (`siteUrl`): npm start serves production there. */
export const LOCAL_SITE_URL = 'http://localhost:3000';

/**
 * A channel's state: its settings (`api`: the API settings of its config.json; `siteUrl`: the public
 * origin its pages are prerendered for; `reportSampleRate`: the share of visits that send browser reports),
 * the stack of releases each app has had live (the last is live; a rollback pops it), the canaries (an app's
 * release live for a share of visitors: `{ version, share }`) and the paths of its prerendered pages. What
 * was done to it is in its journal.
 *
 * @param {string} channel
 * @returns {ChannelState}
 */
export function readChannel(channel) {
  const file = channelFile(channel);
  // A channel's file written before a setting existed has none: the defaults below are its value.
  const state = existsSync(file)
    ? /** @type {Pick<ChannelState, 'channel' | 'api' | 'stacks'> & Partial<ChannelState>} */ (readJson(file))
    : { channel, api: localApiSettings(), stacks: {} };
  return { siteUrl: LOCAL_SITE_URL, pages: [], canaries: {}, reportSampleRate: 1, ...state };
}

/**
 * Each app's live release: the last of its stack.
 *
 * @type {(state: Pick<ChannelState, 'stacks'>) => Record<string, string>}
 */
export const liveVersions = (state) =>
  Object.fromEntries(Object.entries(state.stacks).flatMap(([app, stack]) => (stack.length ? [[app, /** @type {string} */ (stack.at(-1))]] : [])));

/** @returns {string[]} */
export function listChannels() {
  const dir = join(deployDir(), 'channels');
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .filter((name) => CHANNEL_NAME.test(name));
  // production first: it is what visitors see.
  return names.sort((a, b) => (a === PRODUCTION ? -1 : b === PRODUCTION ? 1 : a.localeCompare(b)));
}

/**
 * The config.json the channel's visitors get: every live remote's entry script by a URL that holds its
 * version, with the singletons it requires (the shell checks them before running it) and the route prefixes
 * it owns, and a canary's beside it with its share; the shell's release; where browser reports go.
 *
 * @param {ChannelState} state
 * @returns {ChannelConfig}
 */
export function channelConfig(state) {
  const base = releasesBaseUrl();
  /** @type {(app: string, version: string) => RemoteEntry} */
  const entry = (app, version) => {
    const { routes, requires = {} } = readRelease(app, version);
    return {
      entry: `${base}${app}/${version}/remoteEntry.js`,
      requires,
      routes,
      version,
      // What shells released before 2026-11-25 read (they fetch the manifest): a rollback to one keeps working.
      manifest: `${base}${app}/${version}/mf-manifest.json`,
    };
  };
  /** @type {ChannelConfig['remotes']} */
  const remotes = {};
  const live = liveVersions(state);
  for (const [app, version] of Object.entries(live)) {
    if (app === 'shell') continue;
    const canary = state.canaries[app];
    remotes[app] = { ...entry(app, version), ...(canary ? { canary: { ...entry(app, canary.version), share: canary.share } } : {}) };
  }
  return {
    channel: state.channel,
    releases: base,
    remotes,
    api: state.api,
    ...(live.shell ? { shell: { version: live.shell } } : {}),
    reports: { ...reportSettings(state.api, state.reportSampleRate), ...sessionGrant(state, live) },
    // The service worker (offline reading) is on unless the channel's settings say `"offline": false`.
    ...(state.offline === false ? { offline: false } : {}),
  };
}

/**
 * The grant with which the channel's visits start their report sessions: what the channel serves, live and
 * canary, signed with the API's reports read token. Without a token here there is none, and an API that has
 * one starts no session for the channel (write the config again where the token is: npm start does).
 *
 * @param {ChannelState} state
 * @param {Record<string, string>} live
 * @returns {{ grant?: string }}
 */
function sessionGrant(state, live) {
  const token = findReportsToken();
  if (!token) return {};
  const served = Object.fromEntries(
    Object.entries(live).map(([app, version]) => [app, state.canaries[app] ? [version, state.canaries[app].version] : [version]]),
  );
  return { grant: reportGrant(state.channel, served, token) };
}

/** The client-rendered page of a channel: every path without a prerendered page of its own gets it. */
export const CLIENT_PAGE = 'app.html';

/**
 * Files of the shell's release a site serves at its root (apps/shell/public, and its build's service worker): the
 * icon, the logo and picture that structured data and shared links name by their root URL, the service worker
 * (it controls only the paths below its own) and the web app manifest.
 */
const SHELL_ROOT_FILES = ['favicon.svg', 'logo.png', 'share-card.png', 'sw.js', 'manifest.webmanifest'];

/**
 * Writes what the channel serves at its root (the rest of the shell is under /releases/shell/<version>/):
 * config.json, the live shell's page as app.html, its root files (SHELL_ROOT_FILES), and, while there is no
 * prerendered home page, its page as index.html too.
 *
 * @param {ChannelState} state
 */
export function writeChannel(state) {
  const dir = channelDir(state.channel);
  const shell = liveVersions(state).shell;
  if (shell) {
    const page = readFileSync(join(releaseDir('shell', shell), 'index.html'));
    writeFileAtomic(join(dir, CLIENT_PAGE), page);
    if (!state.pages.includes('/')) writeFileAtomic(join(dir, 'index.html'), page);
    for (const name of SHELL_ROOT_FILES) {
      const file = join(releaseDir('shell', shell), name);
      if (existsSync(file)) writeFileAtomic(join(dir, name), readFileSync(file));
    }
  }
  writeJsonAtomic(join(dir, 'config.json'), channelConfig(state));
  writeJsonAtomic(channelFile(state.channel), state);
}
