// @ts-check
// The two sites the benchmarks compare, built and served side by side from a scratch folder: the composed site
// (the shell and the remotes, released and promoted to a production channel of its own deploy folder,
// prerendered and served as `npm start` serves production) and the monolith (`npm run build:monolith`: the
// same pages as one app), prerendered with the same API's data and served the same way
// (tooling/serve/static-server.mjs, its compression and headers), each behind an HTTPS front with HTTP/2 as
// production has (https-front.mjs). Used by the benchmarks (bench:web, bench:phone, bench:first-tap,
// bench:untouched) through runBench, which starts their browser trusting the front's certificate.
// Imported after the dependencies are installed (it imports packages they bring).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { apps, remoteApps } from '../build/apps.mjs';
import { buildAll } from '../build/build.mjs';
import { shellPage } from '../build/island-loader.mjs';
import { localApiSettings, reportSettings } from '../build/site-config.mjs';
import { promote } from '../delivery/channels.mjs';
import { prerenderChannel } from '../delivery/prerender-channel.mjs';
import { release } from '../delivery/release.mjs';
import { serveChannel } from '../delivery/serve-channel.mjs';
import { readChannel, writeChannel } from '../delivery/store.mjs';
import { CHROMIUM, CHROMIUM_ARGS, ensureChromium } from '../machine/chromium.mjs';
import { rootDir } from '../machine/pnpm.mjs';
import { prerenderSite, waitForApi } from '../prerender/prerender.mjs';
import { securityHeaders } from '../serve/security-headers.mjs';
import { apiPicturesOf } from '../serve/api-pictures.mjs';
import { serveStatic } from '../serve/static-server.mjs';
import { localhostCertificate, serveHttpsFront } from './https-front.mjs';
import { printedMails } from './printed-mail.mjs';
import { API_DIR, spawnApi } from '../serve/api-process.mjs';
import { startDarajaSimulatorFor } from '../serve/daraja-simulator.mjs';
import { createInterface } from 'node:readline';
import raisedLimits from '../../apps/api/src/raised-limits.json' with { type: 'json' };

// Its own deploy folder's production channel: served as production is, for search engines too (SEO score).
const BENCH_CHANNEL = 'production';
/** @param {number} port */
const origin = (port) => `http://localhost:${port}`;
// The sites' addresses: an IP address, which a browser never notes for HSTS (RFC 6797 §8.1), so the channel's
// Strict-Transport-Security does not turn the API's http://localhost into an HTTPS address it does not serve.
/** @param {number} port */
const siteOrigin = (port) => `https://127.0.0.1:${port}`;

/** The two sites, in the order the benchmarks visit and print them. */
export const SITES = /** @type {const} */ (['composed', 'monolith']);
/** @typedef {(typeof SITES)[number]} Site */

/**
 * The seed data given the business's camera photos (apps/api/bench/photo-site.ts), for `prepareData`: every
 * article and event with a photo of its own from the media library (about two minutes).
 *
 * @param {NodeJS.ProcessEnv} apiEnv
 */
export function withCameraPhotos(apiEnv) {
  execFileSync(process.execPath, ['--import', 'tsx', 'bench/photo-site.ts'], { cwd: API_DIR, stdio: 'inherit', env: apiEnv });
}

/**
 * The limits a benchmark's buyers meet (bench:purchase): every one comes from this machine's address and pays from
 * the simulator's paying number, as no real visitors would: the ones the API's tests raise, and the payments'.
 */
const BUYERS_LIMITS = {
  ...raisedLimits,
  RATE_LIMIT_PAYMENTS_SOURCE: '1000',
  RATE_LIMIT_PAYMENTS_PHONE: '1000',
  RATE_LIMIT_PAYMENT_FOLLOWS: '100000',
};

/**
 * The sites started: their origins, the seed data's paths of routes, the flags a browser that visits them starts with,
 * the newest mail to an address, and how to stop it all.
 * @typedef {{ origins: Record<Site, string>, paths: (routes: string[]) => string[], chromiumArgs: string[],
 *   latestMailTo: ReturnType<typeof printedMails>['latestTo'], stop: () => void }} BenchSites
 */

/**
 * Builds both sites, starts an API with its seed data and serves both; `paths` turns routes such as
 * '/course/:id' (and '/blog/:id', '/event/:id') into paths of the seed data; a browser that visits them starts
 * with `chromiumArgs`; `latestMailTo(email)` is the newest mail the API printed to an address (it has no SMTP
 * server). `prepareData(apiEnv)`, if given, works on the API's data folder before the API starts
 * (withCameraPhotos); `payments` gives the API the kit's Daraja simulator, and limits that the buyers of one machine
 * do not meet. `stop()` ends it all and removes the scratch folder.
 *
 * @param {{ pnpm: string, ports: { composed: number, monolith: number, api: number }, log: (line: string) => void, prepareData?: (apiEnv: NodeJS.ProcessEnv) => void, payments?: boolean }} options
 * @returns {Promise<BenchSites>}
 */
export async function startBenchSites({ pnpm, ports, log, prepareData, payments = false }) {
  buildAll(pnpm);
  execFileSync(join(rootDir, 'node_modules/.bin/rspack'), ['build', '-c', 'tooling/bench/monolith/rspack.config.mjs'], { cwd: rootDir, stdio: 'inherit' });

  const scratch = mkdtempSync(join(tmpdir(), 'agri-bench-'));
  // A deploy folder of its own: nothing of npm start's is touched.
  process.env.DEPLOY_DIR = join(scratch, 'deploy');
  const apiEnv = {
    ...process.env,
    NODE_ENV: 'production',
    MAIL_TO_TERMINAL: 'on',
    JWT_SECRET: randomBytes(32).toString('hex'),
    PORT: String(ports.api),
    DATA_DIR: join(scratch, 'data'),
    ALLOWED_ORIGINS: [siteOrigin(ports.composed), siteOrigin(ports.monolith)].join(','),
  };
  try {
    prepareData?.(apiEnv);
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true });
    throw error;
  }
  /** @type {(() => void)[]} */
  const closers = [];
  if (payments) {
    const daraja = await startDarajaSimulatorFor({ apiOrigin: origin(ports.api), env: apiEnv }).catch((error) => {
      rmSync(scratch, { recursive: true, force: true });
      throw error;
    });
    Object.assign(apiEnv, daraja.settings, BUYERS_LIMITS);
    closers.push(() => daraja.child?.kill('SIGTERM'));
  }
  const api = spawnApi(apiEnv, { stdio: ['ignore', 'pipe', 'ignore'] });
  const mails = printedMails();
  createInterface({ input: /** @type {import('node:stream').Readable} */ (api.stdout) }).on('line', mails.take);
  const stop = () => {
    for (const close of closers) close();
    api.kill('SIGTERM');
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    const certificate = localhostCertificate(scratch);
    // Each site over HTTPS on its port, from the kit's server on a port of its own.
    /**
     * @param {number} port
     * @param {import('node:http').Server} backend
     */
    const serveBehindFront = async (port, backend) => closers.push((await serveHttpsFront({ port, backend, certificate })).close);
    await waitForApi(origin(ports.api));
    const apiSettings = localApiSettings(origin(ports.api));

    // Composed: released and promoted to a channel, served as npm start serves production.
    log('composed: releasing and promoting the apps');
    for (const { name, dir } of apps) promote(name, release(name, { dist: join(dir, 'dist') }).version, BENCH_CHANNEL);
    writeChannel({ ...readChannel(BENCH_CHANNEL), api: apiSettings, siteUrl: siteOrigin(ports.composed) });
    const composedPages = await prerenderChannel(BENCH_CHANNEL);
    log(`composed: ${composedPages.written.length} pages prerendered`);
    await serveBehindFront(ports.composed, await serveChannel({ channel: BENCH_CHANNEL, port: 0 }));

    // Monolith: the same pages, one app, served the same way.
    await serveBehindFront(ports.monolith, await serveMonolith({ apiSettings, siteUrl: siteOrigin(ports.monolith), scratch, log }));

    const paths = await seedDataPaths(apiSettings);
    return {
      origins: { composed: siteOrigin(ports.composed), monolith: siteOrigin(ports.monolith) },
      paths,
      chromiumArgs: certificate.chromiumArgs,
      latestMailTo: mails.latestTo,
      stop,
    };
  } catch (error) {
    stop();
    throw error;
  }
}

/**
 * Turns routes such as '/course/:id' (and '/blog/:id', '/event/:id') into paths of the API's seed data: its first
 * course and post, and an event still to come.
 *
 * @param {import('../delivery/store.mjs').ApiSettings} apiSettings
 * @returns {Promise<(routes: string[]) => string[]>}
 */
async function seedDataPaths(apiSettings) {
  const [course] = /** @type {{ _id: string }[]} */ (await (await fetch(`${apiSettings.apiBaseUrl}course`)).json());
  const [post] = /** @type {{ _id: string }[]} */ (await (await fetch(`${apiSettings.apiBaseUrl}blog`)).json());
  // An event still to come (a past one has no Book Event).
  const today = new Date().toISOString().slice(0, 10);
  const events = /** @type {{ data: { _id: string, endDate: string }[] }} */ (await (await fetch(`${apiSettings.apiBaseUrl}event`)).json());
  const event = events.data.find((candidate) => candidate.endDate >= today);
  return (routes) =>
    routes.map((route) =>
      route.replace('/course/:id', `/course/${course._id}`).replace('/blog/:id', `/blog/${post._id}`).replace('/event/:id', `/event/${event?._id}`),
    );
}

/**
 * The monolith's build, its pages prerendered as the channel's are, served on a spare port.
 *
 * @param {{ apiSettings: import('../delivery/store.mjs').ApiSettings, siteUrl: string, scratch: string, log: (line: string) => void }} options
 * @returns {Promise<import('node:http').Server>}
 */
async function serveMonolith({ apiSettings, siteUrl, scratch, log }) {
  const monolithDir = join(rootDir, 'tooling/bench/monolith/dist');
  const config = {
    remotes: Object.fromEntries(remoteApps.map((app) => [app.name, { entry: '/built-in', routes: app.routes }])),
    api: apiSettings,
    // Browser reports as the channel has them: a prerendered page of either build adds reports.js.
    reports: reportSettings(apiSettings),
  };
  const files = { '/config.json': JSON.stringify(config) };
  const shell = shellPage(monolithDir);
  const headers = securityHeaders(config, { loaders: [shell.loader] });
  const pictures = apiPicturesOf(apiSettings);
  const pagesDir = join(scratch, 'monolith-pages');
  const staging = await serveStatic({ dir: monolithDir, port: 0, files, headers, pictures });
  const monolithPages = await prerenderSite({
    siteUrl,
    shell,
    outDir: pagesDir,
    serveFrom: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (staging.address()).port}`,
    log: (line) => log(`monolith: ${line}`),
  });
  staging.close();
  log(`monolith: ${monolithPages.written.length} pages prerendered`);
  return serveStatic({ dir: monolithDir, port: 0, files, headers, pages: pagesDir, pictures });
}

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');

/**
 * One benchmark's run: both sites started (startBenchSites) and a browser that trusts them, for `visit` to measure
 * with; then the machine's load before and after the visits, and everything stopped however it ends.
 *
 * @param {Parameters<typeof startBenchSites>[0]} options
 * @param {(bench: { sites: Awaited<ReturnType<typeof startBenchSites>>, browser: import('@playwright/test').Browser }) => Promise<void>} visit
 */
export async function runBench({ pnpm, ports, log, prepareData, payments }, visit) {
  ensureChromium();
  const sites = await startBenchSites({ pnpm, ports, log, prepareData, payments });
  const loadBefore = loadAverage();
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...sites.chromiumArgs] });
    try {
      await visit({ sites, browser });
    } finally {
      await browser.close();
    }
    console.log(
      `\nThe machine's load average (1, 5, 15 min): ${loadBefore} before the visits, ${loadAverage()} after; times from a loaded machine are not comparable, ratios of one run are.`,
    );
  } finally {
    sites.stop();
  }
}
