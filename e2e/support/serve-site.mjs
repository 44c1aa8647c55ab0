// @ts-check
// The test harness's site: the reference API in test mode on a fresh temporary database, and the apps.
//
//   node e2e/support/serve-site.mjs                    the BUILT apps, each from its own dist/ on the e2e
//                                                      ports (Playwright's webServer for the suites)
//   node e2e/support/serve-site.mjs --client-rendered  the same without prerendered pages: every page is
//                                                      rendered in the browser (the journeys on another
//                                                      API: what they test is the API, not the prerendering)
//   node e2e/support/serve-site.mjs --channel staging  a channel from deploy/ (npm run serve:qa), for QA to
//                                                      run the journeys against a composition
//
// Test mode is what the journeys need from the API: GET /api/test/outbox reads the codes and links it
// mailed (TEST_MAIL_OUTBOX), and the rate limits are high enough for a suite. Never in production.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { prerenderFromChannel } from '../../tooling/delivery/prerender-channel.mjs';
import { serveChannel } from '../../tooling/delivery/serve-channel.mjs';
import { PRODUCTION } from '../../tooling/delivery/store.mjs';
import { intervalFromEnv, keepPagesFresh, refreshFolder } from '../../tooling/prerender/fresh-pages.mjs';
import { prerenderSite, waitForApi } from '../../tooling/prerender/prerender.mjs';
import { apps, shellApp } from '../../tooling/build/apps.mjs';
import { securityHeaders } from '../../tooling/serve/security-headers.mjs';
import { localApiSettings } from '../../tooling/build/site-config.mjs';
import { apiPicturesOf } from '../../tooling/serve/api-pictures.mjs';
import { serveStatic } from '../../tooling/serve/static-server.mjs';
import { startDarajaSimulatorFor } from '../../tooling/serve/daraja-simulator.mjs';
import { apiSecretFile, builtShell, ports, reportsReadToken, siteConfig, urlOf } from './site-ports.mjs';
import { spawnApi } from '../../tooling/serve/api-process.mjs';
// The limits the API's own tests raise: every visitor of the suites is this machine.
import raisedLimits from '../../apps/api/src/raised-limits.json' with { type: 'json' };

const { values: options } = parseArgs({ options: { channel: { type: 'string' }, 'client-rendered': { type: 'boolean' } } });

const dataDir = mkdtempSync(join(tmpdir(), 'agri-e2e-db-'));
const pagesDir = mkdtempSync(join(tmpdir(), 'agri-e2e-pages-'));
/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
/**
 * Ends the API and the simulator with the harness and removes what it made, whenever it ends: stopped (by
 * Playwright, or by hand while the pages are still being made) or failing to start (an app not built).
 */
const stop = (/** @type {number} */ code) => {
  for (const child of children) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(pagesDir, { recursive: true, force: true });
  rmSync(apiSecretFile, { force: true });
  process.exit(code);
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
process.on('uncaughtException', (error) => {
  console.error(`[e2e] the harness could not go on: ${error.stack}`);
  stop(1);
});
// The server secret, where the staff suites' terminal command (npm run staff) finds it, as on the API's machine.
writeFileSync(apiSecretFile, randomBytes(32).toString('hex'), { mode: 0o600 });
// M-Pesa: the kit's Daraja simulator, its customer answering a prompt after a second.
const daraja = await startDarajaSimulatorFor({ apiOrigin: urlOf('api'), answerAfterMs: 1000, env: { ...process.env, DATA_DIR: dataDir } });
if (daraja.child) children.push(daraja.child);
const api = spawnApi({
  ...process.env,
  NODE_ENV: 'test',
  TEST_MAIL_OUTBOX: 'on',
  JWT_SECRET_FILE: apiSecretFile,
  PORT: String(ports.api),
  DATA_DIR: dataDir,
  SITE_URL: urlOf('shell'),
  ALLOWED_ORIGINS: [...apps.map(({ name }) => name), 'channel', 'canary'].map(urlOf).join(','),
  ...raisedLimits,
  // Every test's browser reports, from suites running side by side; and the summary the delivery suite's canary watcher reads.
  RATE_LIMIT_REPORTS: '100000',
  RATE_LIMIT_REPORT_SESSIONS: '100000',
  REPORTS_PER_SECOND: '1000',
  REPORTS_READ_TOKEN: reportsReadToken,
  // The business's inbox for new leads (the back office's journey reads it from the test outbox).
  STAFF_NOTIFY_EMAIL: 'office@mavuno.test',
  STAFF_NOTIFY_INTERVAL_MS: '500',
  ...daraja.settings,
});
children.push(api);

const log = (/** @type {string} */ line) => console.log(`[e2e] ${line}`);
/** @typedef {ReturnType<typeof refreshFolder>} Pages */
/**
 * Prerendering leaves pages out only when their data cannot be read; in a test run that is a defect to see.
 * @param {Awaited<ReturnType<Pages['refresh']>>} result
 */
const report = (result) => {
  if (!result) return;
  log(`prerendered ${result.written.length} pages${result.removed.length ? `, removed ${result.removed.length}` : ''}`);
  for (const { path, reason } of result.failed) console.error(`[e2e] ${path} was not prerendered: ${reason}`);
};
/**
 * The pages are made again when the API's data changes, as on any channel server of the kit (fresh-pages.mjs);
 * checked every 5 s unless PRERENDER_INTERVAL says otherwise, so a test sees a change in the served HTML soon.
 * @param {Pages} pages
 */
const keepFresh = ({ refresh, withdrawGonePages }) =>
  keepPagesFresh(async () => report(await refresh()), {
    intervalMs: intervalFromEnv({ PRERENDER_INTERVAL: '5', ...process.env }),
    duringRun: withdrawGonePages,
  });

const { channel } = options;
if (channel) {
  // The channel's pages are made with its own API's data; QA's are made again with the test-mode API's.
  const api = localApiSettings(urlOf('api'));
  await waitForApi(urlOf('api'));
  const pages = refreshFolder(pagesDir, (select) => prerenderFromChannel({ channel, api, siteUrl: urlOf('shell'), staged: pagesDir, select, log }), {
    siteUrl: urlOf('shell'),
    production: channel === PRODUCTION,
    log,
  });
  report(await pages.refresh());
  await serveChannel({ channel, port: ports.shell, api, pages: pagesDir });
  keepFresh(pages);
  console.log(`Channel ${channel} with a test-mode API: ${urlOf('shell')}/ (API ${urlOf('api')}/api/)`);
} else {
  const shell = builtShell();
  const headers = securityHeaders(siteConfig, { loaders: [shell.loader] });
  for (const app of apps.filter(({ name }) => name !== 'shell')) {
    await serveStatic({ dir: join(app.dir, 'dist'), port: ports[app.name], headers });
  }
  // The public pages, prerendered with this API's data, as a promotion makes them for a channel; the shell's
  // port opens (and Playwright starts the tests) once they are written.
  const shellDir = join(shellApp.dir, 'dist');
  const files = { '/config.json': JSON.stringify(siteConfig) };
  const pictures = apiPicturesOf(siteConfig.api);
  await waitForApi(urlOf('api'));
  if (options['client-rendered']) {
    await serveStatic({ dir: shellDir, port: ports.shell, files, headers, pictures });
  } else {
    // The prerenderer's browser gets the shell's files from a server of its own (the shell's port is not open yet).
    const staging = await serveStatic({ dir: shellDir, port: 0, files, headers, pictures });
    const pages = refreshFolder(
      pagesDir,
      (select) =>
        prerenderSite({
          siteUrl: urlOf('shell'),
          shell,
          outDir: pagesDir,
          serveFrom: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (staging.address()).port}`,
          select,
          log,
        }),
      { siteUrl: urlOf('shell'), log },
    );
    report(await pages.refresh());
    await serveStatic({ dir: shellDir, port: ports.shell, files, headers, pages: pagesDir, pictures });
    keepFresh(pages);
  }
}

api.on('exit', (code) => {
  if (code) console.error(`[e2e] the API exited with code ${code}`);
});
