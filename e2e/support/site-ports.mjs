// @ts-check
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apps, shellApp } from '../../tooling/build/apps.mjs';
import { shellPage } from '../../tooling/build/island-loader.mjs';
import { siteConfigFor } from '../../tooling/build/site-config.mjs';

// Ports of a test harness (e2e/support/serve-site.mjs): a base port and the ports after it, so that a harness
// never collides with `npm start` or with another harness. Each app keeps its place from its dev port (the
// shell on the base, catalog on the base + 1…, apps.mjs); the API is on the base + 10. One e2e run starts the
// suites' harness on E2E_PORT_BASE (default 5000) and, for the journeys once more on another API, a harness
// of its own on another base (e2e/playwright.config.ts).

/**
 * Everything a test needs to know of the harness on `portBase`.
 * @param {number} portBase
 */
export function harnessAt(portBase) {
  /** @type {Record<string, number> & { api: number, channel: number, canary: number }} */
  const ports = {
    ...Object.fromEntries(apps.map((app) => [app.name, portBase + app.port - shellApp.port])),
    api: portBase + 10,
    /** A channel served from a deploy folder (the delivery suite). */
    channel: portBase + 11,
    /** Another, for the canary suite (which may run beside the delivery suite). */
    canary: portBase + 12,
  };
  /** @param {string} name an app's name, or api, channel, canary */
  const urlOf = (name) => `http://localhost:${ports[name]}`;
  return {
    portBase,
    ports,
    urlOf,
    /** The harness API's server secret (a file, as `npm start` keeps it): the staff suites run `npm run staff` with it. */
    apiSecretFile: join(tmpdir(), `agri-e2e-${ports.api}-jwt-secret`),
    siteConfig: siteConfigFor(urlOf, urlOf('api')),
    /** The test API's reports read token (test harness only): the delivery suite's canary watcher reads with it. */
    reportsReadToken: process.env.E2E_REPORTS_READ_TOKEN ?? `e2e-reports-${portBase}-not-a-secret`,
  };
}

/** The suites' harness. */
export const portBase = Number(process.env.E2E_PORT_BASE ?? 5000);
const suites = harnessAt(portBase);
export const { ports, urlOf, apiSecretFile, siteConfig, reportsReadToken } = suites;

/** A port for a server a test runs itself (0, 1, 2…), after the harness's own: each suite its own indexes, as suites run side by side (runtime-config 0 and 1, fresh-pages 2 and 3). */
export const testPort = (/** @type {number} */ index) => portBase + 13 + index;

/** A running site to test instead of the harness's own (QA: npm run test:e2e:journeys -- --base-url <url>). */
export const externalSite = process.env.E2E_BASE_URL || null;

/** Releases to preview on top of that site's channel, as in ?preview= (e.g. catalog@20261123.101500-ab12cd3). */
export const previewRequest = process.env.E2E_PREVIEW || null;

/** The shell's build (apps/shell/dist): its page and its island loader, as the harness prerenders and allows them. */
export const builtShell = () => shellPage(join(shellApp.dir, 'dist'));
