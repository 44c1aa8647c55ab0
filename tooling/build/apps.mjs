// @ts-check
// The one list of apps. Every folder under apps/ is an app, and each declares itself once, in its
// package.json: the shell in a `shell` field ({ port }), a remote in a `remote` field ({ port, the route
// prefixes it owns, the modules it consumes from other remotes }), the API in an `api` field ({ port }).
// Builds, dev servers, npm start, the e2e harness, the lint zones, the jest roots and the type-check read it
// from here; a new remote is a new folder (ARCHITECTURE.md, "a new remote").
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rootDir } from '../machine/pnpm.mjs';

/**
 * An app's package.json.
 *
 * @type {(dir: string) => any}
 */
export const readPackage = (dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));

/**
 * The remotes in an order that releases each after the remotes it consumes from (content consumes catalog's
 * upcoming-events, so catalog comes first), then by name.
 *
 * @template {{ name: string, consumes: string[] }} Remote
 * @param {Remote[]} remotes
 */
function inDependencyOrder(remotes) {
  /** @type {Remote[]} */
  const ordered = [];
  const pending = [...remotes].sort((a, b) => a.name.localeCompare(b.name));
  while (pending.length) {
    const next = pending.findIndex((app) => app.consumes.every((module) => !pending.some((other) => other !== app && module.startsWith(`${other.name}/`))));
    if (next === -1) throw new Error(`apps: the remotes ${pending.map(({ name }) => name).join(', ')} consume each other's modules in a cycle`);
    ordered.push(...pending.splice(next, 1));
  }
  return ordered;
}

/**
 * Reads the apps of the folder `appsDir` (apps/ of this repository, or a test's own).
 *
 * @param {string} appsDir
 */
export function readApps(appsDir) {
  const appNames = readdirSync(appsDir)
    .filter((name) => existsSync(join(appsDir, name, 'package.json')))
    .sort();
  const described = appNames.map((name) => ({ ...readPackage(join(appsDir, name)), name, dir: join(appsDir, name) }));
  const shells = described.filter((app) => app.shell);
  if (shells.length !== 1) throw new Error(`apps: exactly one app declares a \`shell\` field in its package.json (found ${shells.length})`);
  const shellApp = { name: shells[0].name, dir: shells[0].dir, port: shells[0].shell.port };
  /** @type {{ name: string, dir: string, port: number, routes: string[], consumes: string[] }[]} */
  const remoteApps = inDependencyOrder(
    described
      .filter((app) => app.remote)
      .map(({ name, dir, remote }) => ({ name, dir, port: remote.port, routes: remote.routes, consumes: remote.consumes ?? [] })),
  );
  const apiPort = described.find((app) => app.api)?.api.port ?? 4000;
  /** @type {{ name: string, dir: string, port: number, routes?: string[], consumes?: string[] }[]} */
  const apps = [shellApp, ...remoteApps];
  const ports = [...apps.map(({ port }) => port), apiPort];
  if (ports.some((port) => !Number.isInteger(port))) throw new Error('apps: every app declares its port');
  if (new Set(ports).size !== ports.length) throw new Error(`apps: two apps declare the same port (${ports.join(', ')})`);
  return { appNames, shellApp, remoteApps, apps, apiPort };
}

const here = readApps(join(rootDir, 'apps'));

/** Every app's folder name (the API's too): what lint keeps apart. */
export const appNames = here.appNames;
/** The shell: the host. */
export const shellApp = here.shellApp;
/** The remotes, each with its dev port, the route prefixes it owns and the modules it consumes, in release order. */
export const remoteApps = here.remoteApps;
/** The apps of the site: the shell first (it provides the shared libraries), then the remotes. */
export const apps = here.apps;
/** The reference API's port on this machine. */
export const apiPort = here.apiPort;

/**
 * Where an app's dev server (and npm start's copy of it) serves it on this machine.
 *
 * @param {string} name
 */
export function devOrigin(name) {
  const app = apps.find((candidate) => candidate.name === name);
  if (!app) throw new Error(`apps: there is no app ${name}`);
  return `http://localhost:${app.port}`;
}
