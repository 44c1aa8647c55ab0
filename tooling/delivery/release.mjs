// @ts-check
// A release (`npm run release -- <app> [--dist <folder>]`, tooling/delivery/cli.mjs): one app built for
// production and stored as an immutable release under deploy/releases/<app>/<version>/, with its
// release.json. `--dist` stores a build made (and tested) before, so that what goes live is the very bytes
// CI tested.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensurePnpm, rootDir } from '../machine/pnpm.mjs';
import { apps } from '../build/apps.mjs';
import { writeCompressed } from '../build/precompress.mjs';
import {
  APP_NAME,
  DeliveryError,
  checkName,
  copyTree,
  publishRelease,
  readJson,
  releaseDir,
  releasesBaseUrl,
  findLinks,
  releaseLock,
  releasesDir,
  withLock,
  writeJsonAtomic,
} from './store.mjs';
import { RELEASES, record } from './journal.mjs';
import { writeReleaseIndex } from './previews.mjs';

/**
 * What this file reads of a build's mf-manifest.json (written by Module Federation's rspack plugin).
 *
 * @typedef {{ shared: { name: string, version: string, requiredVersion?: string | false, singleton?: boolean }[], exposes: { name: string }[] }} Manifest
 */

/**
 * A build's app.json (rspack-app.mjs): the app's name, its route prefixes and the modules of others it loads.
 *
 * @typedef {{ name: string, routes?: string[], consumes?: string[] }} AppFacts
 */

/** @type {(...args: string[]) => string | null} */
const git = (...args) => {
  try {
    return execFileSync('git', args, { cwd: rootDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
};

/**
 * Sortable by time, traceable to the commit: 20261123.142501-084f98c (-dirty when the tree had changes).
 *
 * @param {string} app
 * @param {Date} now
 * @param {string | null} commit
 * @param {boolean} dirty
 */
function newVersion(app, now, commit, dirty) {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '.').slice(0, 15);
  const base = `${stamp}-${commit ? commit.slice(0, 7) : 'nogit'}${dirty ? '-dirty' : ''}`;
  let version = base;
  for (let n = 2; existsSync(releaseDir(app, version)); n += 1) version = `${base}.${n}`;
  return version;
}

/**
 * release.json: what the release is, and what it requires, provides, exposes, consumes and owns.
 *
 * @param {{ app: string, version: string, commit: string | null, dirty: boolean, builtAt: string, dir: string }} release  `dir`: the build
 * @returns {import('./store.mjs').Release}
 */
export function describeRelease({ app, version, commit, dirty, builtAt, dir }) {
  const manifest = /** @type {Manifest} */ (readJson(join(dir, 'mf-manifest.json')));
  const facts = /** @type {AppFacts} */ (readJson(join(dir, 'app.json')));
  if (facts.name !== app) throw new DeliveryError(`this build is of "${facts.name}", not "${app}".`);
  const singletons = manifest.shared.filter((shared) => shared.singleton);
  /** @type {(pick: (shared: Manifest['shared'][number]) => unknown) => Record<string, Manifest['shared'][number]>} */
  const versions = (pick) => Object.fromEntries(singletons.filter(pick).map((shared) => [shared.name, shared]));
  const contract = manifest.shared.find((shared) => shared.name === '@agri/api-client')?.version ?? null;
  const isShell = app === 'shell';
  return {
    app,
    version,
    commit,
    dirty,
    builtAt,
    // The shell provides the singletons, one exact version each; a remote states the ranges it works with.
    ...(isShell
      ? { provides: Object.fromEntries(Object.entries(versions((shared) => shared.version)).map(([name, shared]) => [name, shared.version])) }
      : {
          requires: Object.fromEntries(
            Object.entries(versions((shared) => typeof shared.requiredVersion === 'string')).map(([name, shared]) => [
              name,
              /** @type {string} */ (shared.requiredVersion),
            ]),
          ),
        }),
    contract,
    exposes: manifest.exposes.map((exposed) => exposed.name),
    consumes: facts.consumes ?? [],
    routes: facts.routes ?? [],
  };
}

/**
 * @param {string} app
 * @param {string} outputDir
 */
function buildInto(app, outputDir) {
  const known = apps.find((candidate) => candidate.name === app);
  if (!known) throw new DeliveryError(`no app "${app}" in this repository (${apps.map((a) => a.name).join(', ')}); use --dist for a build made elsewhere.`);
  execFileSync(ensurePnpm(), ['--filter', `@agri/${app}`, 'run', 'build'], {
    cwd: rootDir,
    stdio: 'inherit',
    env: { ...process.env, BUILD_OUTPUT_DIR: outputDir },
  });
}

/**
 * The shell's page is served at every path of the site and names its scripts from the root of its build
 * (`src="/main.….js"`); in a release they are in the release's folder. Only the page changes: the code finds
 * its chunks beside its own script, so the release holds the very build that was tested.
 *
 * @param {string} dir
 * @param {string} version
 */
function placeShellPage(dir, version) {
  const file = join(dir, 'index.html');
  if (!existsSync(file)) throw new DeliveryError(`${dir} holds no index.html: not a build of the shell.`);
  const page = readFileSync(file, 'utf8');
  const placed = page.replace(/(<script\b[^>]*\bsrc=")\/(?!\/)/g, `$1${releasesBaseUrl()}shell/${version}/`);
  if (placed === page) throw new DeliveryError(`the shell's index.html names no script from the root of its build (src="/…").`);
  writeCompressed(file, placed);
}

/**
 * Makes one release; returns its release.json.
 *
 * @param {string} app
 * @param {{ dist?: string, now?: Date }} [options]  `dist`: a build made before, to store as it is (else the app is built)
 * @returns {import('./store.mjs').Release}
 */
export function release(app, { dist, now = new Date() } = {}) {
  checkName('app', app, APP_NAME);
  const commit = git('rev-parse', 'HEAD');
  const dirty = commit ? git('status', '--porcelain', '--untracked-files=no') !== '' : false;
  const appDir = join(releasesDir(), app);
  mkdirSync(appDir, { recursive: true });
  // One release of an app at a time: versions stay unique and the index whole.
  return withLock(releaseLock(app), () => {
    const version = newVersion(app, now, commit, dirty);
    const staging = join(appDir, `.incoming-${version}`);
    rmSync(staging, { recursive: true, force: true });
    try {
      if (dist) {
        const from = resolve(dist);
        if (!existsSync(join(from, 'mf-manifest.json')) || !existsSync(join(from, 'app.json'))) {
          throw new DeliveryError(`${from} is not a production build (no mf-manifest.json and app.json).`);
        }
        copyTree(from, staging);
      } else {
        buildInto(app, staging);
      }
      if (app === 'shell') placeShellPage(staging, version);
      // A link would be served (or copied on to a host) as whatever it points at when it is read, not what was tested.
      const links = findLinks(staging);
      if (links.length) throw new DeliveryError(`a release holds files, not symbolic links: ${links.slice(0, 5).join(', ')}${links.length > 5 ? ', …' : ''}.`);
      const description = describeRelease({ app, version, commit, dirty, builtAt: now.toISOString(), dir: staging });
      writeJsonAtomic(join(staging, 'release.json'), description);
      publishRelease(staging, app, version);
      writeReleaseIndex(app);
      record(RELEASES, { action: 'release', app, version, commit, ...(dist ? { from: resolve(dist) } : {}) }, { now });
      return description;
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  });
}
