// @ts-check
// What the apps share through Module Federation: one list, read by the build (rspack-app.mjs) and by the
// config.json of a site whose apps run on their own servers (site-config.mjs), which tells the shell what each
// remote requires so that it can refuse an incompatible one before running any of its code.
import { join } from 'node:path';
import { readPackage } from './apps.mjs';

/** Libraries that must exist once in the browser, whichever app loads them first. */
const singletons = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'zustand', 'react-toastify'];
// Each entry of a workspace package is its own shared module, so a page loads only the entries it uses:
// '@agri/ui/federation' holds the fragment loader registry and the lazy-module cache, which must exist once
// like the rest; '@agri/ui/router' is the one door to React Router (a shared library ships whole, so the
// apps share this small subset instead); '@agri/ui/dates' (moment), '@agri/ui/rich-text' (DOMPurify) and
// '@agri/ui/forms' (react-hook-form) load only with the pages that show dates, server HTML or a form;
// '@agri/ui/payments' (Pay with M-Pesa) only when a customer chooses to pay.
// '@agri/api-client/contract' is not shared: it is the API server's entry; apps never import it (lint), they
// take the contract from '@agri/api-client', which bundles it once.
/** @type {Record<string, string>} */
const workspacePackages = {
  '@agri/ui': 'packages/ui',
  '@agri/ui/federation': 'packages/ui',
  '@agri/ui/router': 'packages/ui',
  '@agri/ui/dates': 'packages/ui',
  '@agri/ui/rich-text': 'packages/ui',
  '@agri/ui/forms': 'packages/ui',
  '@agri/ui/payments': 'packages/ui',
  '@agri/api-client': 'packages/api-client',
};

/**
 * The federation plugin's `shared` option for the app in `appDir`: every one a singleton. The host (the shell)
 * provides every workspace entry, also those its own code never imports (named by file, which the build then
 * includes): an island takes the shell's copy, at one address on every page, which a phone keeps from one document
 * to the next. With each remote's own copy, a buyer downloaded the kit's forms once for the course page (the
 * catalog's) and again for the register page (the account's). A remote's copy stays, for a shell that lacks it.
 *
 * @param {string} appDir
 */
export function sharedConfig(appDir, { host = false } = {}) {
  const { dependencies = {} } = readPackage(appDir);
  /** @type {Record<string, { singleton: true, requiredVersion: string, import?: string, version?: string }>} */
  const shared = {};
  // An app shares what it depends on (a small remote may need React alone).
  for (const name of singletons) {
    const [packageName = name] = name.split('/');
    if (dependencies[packageName]) shared[name] = { singleton: true, requiredVersion: dependencies[packageName] };
  }
  // A workspace package's major is its contract: the API client's is the API contract's (release gate).
  for (const [name, dir] of Object.entries(workspacePackages)) {
    const packageName = name.split('/').slice(0, 2).join('/');
    if (!dependencies[packageName]) continue;
    const packageDir = join(import.meta.dirname, '../..', dir);
    const { version, exports } = readPackage(packageDir);
    shared[name] = { singleton: true, requiredVersion: `^${version}` };
    if (host) Object.assign(shared[name], { import: join(packageDir, exports[`.${name.slice(packageName.length)}`]), version });
  }
  return shared;
}

/**
 * The version range of each singleton the app needs, as its release.json's `requires` states it.
 *
 * @type {(appDir: string) => Record<string, string>}
 */
export const singletonRequirements = (appDir) =>
  Object.fromEntries(Object.entries(sharedConfig(appDir)).map(([name, { requiredVersion }]) => [name, requiredVersion]));
