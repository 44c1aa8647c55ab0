// @ts-check
// For the delivery tests: what a production build leaves and what a release stores, made in a moment
// without building, in the deploy folder (DEPLOY_DIR) the test made.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ISLAND_LOADER_FILE } from '../build/island-loader.mjs';
import { deployDir, releaseDir } from './store.mjs';

/** @type {(name: string, version: string, requiredVersion: string) => { name: string, version: string, requiredVersion: string, singleton: true }} */
const shared = (name, version, requiredVersion) => ({ name, version, requiredVersion, singleton: true });

/**
 * A remote's build folder as rspack leaves it (the manifest, app.json and a file), to release with `dist`.
 *
 * @param {string} name
 * @param {{ exposes?: string[], routes?: string[], consumes?: string[], react?: string, marker?: string }} [options]
 *   `react`: the range of React it requires; `marker`: what its one file says
 * @returns {string} the build's folder
 */
export function fakeBuild(name, { exposes = ['routes'], routes = [], consumes = [], react = '^19.2.0', marker = name } = {}) {
  mkdirSync(join(deployDir(), 'builds'), { recursive: true });
  const dir = mkdtempSync(join(deployDir(), 'builds', `${name}-`));
  writeFileSync(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({
      name,
      shared: [shared('react', '19.3.1', react), shared('@agri/api-client', '1.0.0', '^1.0.0')],
      exposes: exposes.map((e) => ({ name: e })),
    }),
  );
  writeFileSync(join(dir, 'app.json'), JSON.stringify({ name, routes, consumes }));
  writeFileSync(join(dir, 'page.js'), `/* ${marker} */`);
  return dir;
}

/**
 * A shell release put in place at a chosen version with its page, release.json and (given one) island loader, for tests of channels and pages.
 *
 * @param {string} version
 * @param {{ page?: string, provides?: Record<string, string>, loader?: string | null }} [options]
 * @returns {string} the version
 */
export function fakeShellRelease(version, { page = '<!doctype html><title>shell</title>', provides = { react: '19.3.1' }, loader = null } = {}) {
  const dir = releaseDir('shell', version);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), page);
  if (loader) writeFileSync(join(dir, ISLAND_LOADER_FILE), loader);
  writeFileSync(
    join(dir, 'release.json'),
    JSON.stringify({ app: 'shell', version, builtAt: new Date().toISOString(), contract: '1.0.0', provides, exposes: [], consumes: [], routes: [] }),
  );
  return version;
}
