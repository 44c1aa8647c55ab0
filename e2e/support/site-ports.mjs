import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { siteConfigFor } from '../../tooling/site-config.mjs';

// Ports of one e2e run: a base port (E2E_PORT_BASE, default 5000) and the next four,
// so that a run never collides with `npm start` or with another run.
export const portBase = Number(process.env.E2E_PORT_BASE ?? 5000);

export const ports = {
  shell: portBase,
  catalog: portBase + 1,
  content: portBase + 2,
  account: portBase + 3,
  api: portBase + 4,
  /** A channel served from a deploy folder (the delivery suite). */
  channel: portBase + 5,
  backoffice: portBase + 6,
};

export const urlOf = (name) => `http://localhost:${ports[name]}`;

/** The harness API's server secret (a file, as `npm start` keeps it): the staff suites run `npm run staff` with it. */
export const apiSecretFile = join(tmpdir(), `agri-e2e-${ports.api}-jwt-secret`);

export const siteConfig = siteConfigFor(urlOf, urlOf('api'));

/** A running site to test instead of the harness's own (QA: npm run test:e2e:journeys -- --base-url <url>). */
export const externalSite = process.env.E2E_BASE_URL || null;

/** Releases to preview on top of that site's channel, as in ?preview= (e.g. catalog@20261123.101500-ab12cd3). */
export const previewRequest = process.env.E2E_PREVIEW || null;
