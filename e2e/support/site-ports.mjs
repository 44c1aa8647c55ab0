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
  /** Another, for the canary suite (which may run beside the delivery suite). */
  canary: portBase + 6,
};

export const urlOf = (name) => `http://localhost:${ports[name]}`;

export const siteConfig = siteConfigFor(urlOf, urlOf('api'));

/** A running site to test instead of the harness's own (QA: npm run test:e2e:journeys -- --base-url <url>). */
export const externalSite = process.env.E2E_BASE_URL || null;

/** Releases to preview on top of that site's channel, as in ?preview= (e.g. catalog@20261123.101500-ab12cd3). */
export const previewRequest = process.env.E2E_PREVIEW || null;

/** The test API's reports read token (test harness only): the delivery suite's canary watcher reads with it. */
export const reportsReadToken = process.env.E2E_REPORTS_READ_TOKEN ?? `e2e-reports-${portBase}-not-a-secret`;
