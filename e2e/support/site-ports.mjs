import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apps, shellApp } from '../../tooling/build/apps.mjs';
import { siteConfigFor } from '../../tooling/build/site-config.mjs';

// Ports of one e2e run: a base port (E2E_PORT_BASE, default 5000) and the ports after it, so that a run never
// collides with `npm start` or with another run. Each app keeps its place from its dev port (the shell on
// the base, catalog on the base + 1…, apps.mjs); the API is on the base + 10.
export const portBase = Number(process.env.E2E_PORT_BASE ?? 5000);

export const ports = {
  ...Object.fromEntries(apps.map((app) => [app.name, portBase + app.port - shellApp.port])),
  api: portBase + 10,
  /** A channel served from a deploy folder (the delivery suite). */
  channel: portBase + 11,
  /** Another, for the canary suite (which may run beside the delivery suite). */
  canary: portBase + 12,
};

/** A port for a server a test runs itself (0, 1, 2…), after the harness's own: each suite its own indexes, as suites run side by side (runtime-config 0 and 1, fresh-pages 2 and 3). */
export const testPort = (index) => portBase + 13 + index;

export const urlOf = (name) => `http://localhost:${ports[name]}`;

/** The harness API's server secret (a file, as `npm start` keeps it): the staff suites run `npm run staff` with it. */
export const apiSecretFile = join(tmpdir(), `agri-e2e-${ports.api}-jwt-secret`);

export const siteConfig = siteConfigFor(urlOf, urlOf('api'));

/** A running site to test instead of the harness's own (QA: npm run test:e2e:journeys -- --base-url <url>). */
export const externalSite = process.env.E2E_BASE_URL || null;

/** Releases to preview on top of that site's channel, as in ?preview= (e.g. catalog@20261123.101500-ab12cd3). */
export const previewRequest = process.env.E2E_PREVIEW || null;

/** The test API's reports read token (test harness only): the delivery suite's canary watcher reads with it. */
export const reportsReadToken = process.env.E2E_REPORTS_READ_TOKEN ?? `e2e-reports-${portBase}-not-a-secret`;
