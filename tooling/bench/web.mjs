// `npm run bench:web`: the price of composition. The site is built twice, composed (the shell and three
// remotes, released and promoted to a channel, as npm start serves it) and as one app (npm run
// build:monolith), each prerendered with the same API's data and served the same way
// (tooling/serve/static-server.mjs, its compression and headers). For five public routes it prints, for both,
// the first-load JavaScript and requests, and the medians of Lighthouse 12 (mobile, default simulated
// throttling), with the ratio composed/monolith (the figures and the table: lighthouse-table.mjs). Takes
// about ten minutes; run it on a quiet machine.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ensurePnpm, installDependencies, rootDir } from '../machine/pnpm.mjs';
import { benchmarkIndexLine, lighthouseFigures, medians, resultsTable } from './lighthouse-table.mjs';

const pnpm = ensurePnpm();
installDependencies(pnpm);

// After the install: these import packages it brings.
const { buildAll } = await import('../build/build.mjs');
const { promote } = await import('../delivery/channels.mjs');
const { prerenderChannel } = await import('../delivery/prerender-channel.mjs');
const { release } = await import('../delivery/release.mjs');
const { serveChannel } = await import('../delivery/serve-channel.mjs');
const { readChannel, writeChannel } = await import('../delivery/store.mjs');
const { ensureChromium } = await import('../machine/chromium.mjs');
const { measureFirstLoadJs } = await import('./first-load.mjs');
const { CHROMIUM, prerenderSite, waitForApi } = await import('../prerender/prerender.mjs');
const { securityHeaders } = await import('../serve/security-headers.mjs');
const { remoteApps } = await import('../build/apps.mjs');
const { localApiSettings } = await import('../build/site-config.mjs');
const { serveStatic } = await import('../serve/static-server.mjs');

const ROUTES = ['/', '/courses', '/course/:id', '/blogs', '/blog/:id'];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORTS = { composed: 5700, monolith: 5701, api: 5704 };
// Its own deploy folder's production channel: served as production is, for search engines too (SEO score).
const BENCH_CHANNEL = 'production';
const origin = (port) => `http://localhost:${port}`;
const log = (line) => console.log(`[bench] ${line}`);

ensureChromium();
buildAll(pnpm);
execFileSync(join(rootDir, 'node_modules/.bin/rspack'), ['build', '-c', 'tooling/bench/monolith/rspack.config.mjs'], { cwd: rootDir, stdio: 'inherit' });

const scratch = mkdtempSync(join(tmpdir(), 'agri-bench-web-'));
// A deploy folder of its own: nothing of npm start's is touched.
process.env.DEPLOY_DIR = join(scratch, 'deploy');

const api = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: join(rootDir, 'apps/api'),
  stdio: 'ignore',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    MAIL_TO_TERMINAL: 'on',
    JWT_SECRET: randomBytes(32).toString('hex'),
    PORT: String(PORTS.api),
    DATA_DIR: join(scratch, 'data'),
    ALLOWED_ORIGINS: [origin(PORTS.composed), origin(PORTS.monolith)].join(','),
  },
});
const servers = [];
try {
  await waitForApi(origin(PORTS.api));
  const apiSettings = localApiSettings(origin(PORTS.api));

  // Composed: released and promoted to a channel, served as npm start serves production.
  log('composed: releasing and promoting the four apps');
  for (const app of ['shell', ...remoteApps.map(({ name }) => name)]) {
    const made = app === 'shell' ? release('shell') : release(app, { dist: join(rootDir, 'apps', app, 'dist') });
    promote(app, made.version, BENCH_CHANNEL);
  }
  writeChannel({ ...readChannel(BENCH_CHANNEL), api: apiSettings, siteUrl: origin(PORTS.composed) });
  const composedPages = await prerenderChannel(BENCH_CHANNEL);
  log(`composed: ${composedPages.written.length} pages prerendered`);
  servers.push(await serveChannel({ channel: BENCH_CHANNEL, port: PORTS.composed }));

  // Monolith: the same pages, one app, served the same way.
  const monolithDir = join(rootDir, 'tooling/bench/monolith/dist');
  const config = {
    remotes: Object.fromEntries(remoteApps.map((app) => [app.name, { manifest: '/built-in', routes: app.routes }])),
    api: apiSettings,
  };
  const files = { '/config.json': JSON.stringify(config) };
  const headers = securityHeaders(config);
  const pagesDir = join(scratch, 'monolith-pages');
  const staging = await serveStatic({ dir: monolithDir, port: 0, files, headers });
  const monolithPages = await prerenderSite({
    siteUrl: origin(PORTS.monolith),
    template: readFileSync(join(monolithDir, 'index.html'), 'utf8'),
    outDir: pagesDir,
    serveFrom: `http://127.0.0.1:${staging.address().port}`,
  });
  staging.close();
  log(`monolith: ${monolithPages.written.length} pages prerendered`);
  servers.push(await serveStatic({ dir: monolithDir, port: PORTS.monolith, files, headers, pages: pagesDir }));

  const [course] = await (await fetch(`${apiSettings.apiBaseUrl}course`)).json();
  const [post] = await (await fetch(`${apiSettings.apiBaseUrl}blog`)).json();
  const paths = ROUTES.map((route) => route.replace('/course/:id', `/course/${course._id}`).replace('/blog/:id', `/blog/${post._id}`));

  const results = [];
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  for (const [index, path] of paths.entries()) {
    const runs = { composed: [], monolith: [] };
    // The two builds take turns, run by run, so that what else the machine does weighs on both alike.
    for (let run = 0; run < RUNS; run += 1) {
      for (const site of ['composed', 'monolith']) runs[site].push(await lighthouse(`${origin(PORTS[site])}${path}`));
    }
    for (const site of ['composed', 'monolith']) {
      const context = await browser.newContext();
      const { totalKb, requests } = await measureFirstLoadJs(await context.newPage(), `${origin(PORTS[site])}${path}`);
      await context.close();
      results.push({ route: ROUTES[index], site, totalKb, requests, ...medians(runs[site].filter(Boolean)) });
      log(`${ROUTES[index]} ${site}: ${totalKb.toFixed(1)} KB, Lighthouse ${JSON.stringify(results.at(-1))}`);
    }
  }
  await browser.close();
  console.log(`\n${resultsTable({ routes: ROUTES, results, runs: RUNS, date: new Date().toISOString().slice(0, 10) })}`);
  console.log(`\n${benchmarkIndexLine(results)}`);
} finally {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
  api.kill('SIGTERM');
  rmSync(scratch, { recursive: true, force: true });
}

/**
 * One Lighthouse 12 run (mobile, simulated throttling): the figures the issue names, or null if it failed.
 * Asynchronous: the sites it measures are served by this process.
 */
async function lighthouse(url) {
  try {
    const { stdout } = await promisify(execFile)(
      join(rootDir, 'node_modules/.bin/lighthouse'),
      [url, '--output=json', '--output-path=stdout', '--quiet', '--only-categories=performance,accessibility,seo',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking'],
      { cwd: rootDir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 180_000, env: { ...process.env, CHROME_PATH: CHROMIUM } },
    );
    return lighthouseFigures(JSON.parse(stdout));
  } catch (error) {
    log(`a Lighthouse run of ${url} failed: ${String(error.stderr || error.message).split('\n').find(Boolean)}`);
    return null;
  }
}

