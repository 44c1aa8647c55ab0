// `npm run bench:web`: the price of composition. The site is built twice, composed (the shell and three
// remotes, released and promoted to a channel, as npm start serves it) and as one app (npm run
// build:monolith), each prerendered with the same API's data and served the same way (tooling/static-server,
// its compression and headers). For five public routes it prints, for both, the first-load JavaScript and
// requests, and the medians of Lighthouse 12 (mobile, default simulated throttling), with the ratio
// composed/monolith. Takes about ten minutes; run it on a quiet machine.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ensurePnpm, installDependencies, rootDir } from './pnpm.mjs';

const pnpm = ensurePnpm();
installDependencies(pnpm);

// After the install: these import packages it brings.
const { buildAll } = await import('./build.mjs');
const { promote } = await import('./delivery/channels.mjs');
const { prerenderChannel } = await import('./delivery/prerender-channel.mjs');
const { release } = await import('./delivery/release.mjs');
const { serveChannel } = await import('./delivery/serve-channel.mjs');
const { readChannel, writeChannel } = await import('./delivery/store.mjs');
const { ensureChromium } = await import('./chromium.mjs');
const { measureFirstLoadJs } = await import('./first-load.mjs');
const { CHROMIUM, prerenderSite, waitForApi } = await import('./prerender/prerender.mjs');
const { securityHeaders } = await import('./security-headers.mjs');
const { localApiSettings, remoteApps, remoteFacts } = await import('./site-config.mjs');
const { serveStatic } = await import('./static-server.mjs');

const ROUTES = ['/', '/courses', '/course/:id', '/blogs', '/blog/:id'];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORTS = { composed: 5700, monolith: 5701, api: 5704 };
const origin = (port) => `http://localhost:${port}`;
const log = (line) => console.log(`[bench] ${line}`);

ensureChromium();
buildAll(pnpm);
execFileSync(join(rootDir, 'node_modules/.bin/rspack'), ['build', '-c', 'tooling/monolith/rspack.config.mjs'], { cwd: rootDir, stdio: 'inherit' });

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
    promote(app, made.version, 'bench');
  }
  writeChannel({ ...readChannel('bench'), api: apiSettings, siteUrl: origin(PORTS.composed) });
  const composedPages = await prerenderChannel('bench');
  log(`composed: ${composedPages.written.length} pages prerendered`);
  servers.push(await serveChannel({ channel: 'bench', port: PORTS.composed }));

  // Monolith: the same pages, one app, served the same way.
  const monolithDir = join(rootDir, 'tooling/monolith/dist');
  const config = {
    remotes: Object.fromEntries(remoteApps.map((app) => [app.name, { manifest: '/built-in', routes: remoteFacts(app).routes }])),
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
  printTable(results);
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
    const { categories, audits, environment } = JSON.parse(stdout);
    return {
      benchmarkIndex: environment.benchmarkIndex,
      performance: Math.round(categories.performance.score * 100),
      lcp: audits['largest-contentful-paint'].numericValue / 1000,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      accessibility: Math.round(categories.accessibility.score * 100),
      seo: Math.round(categories.seo.score * 100),
    };
  } catch (error) {
    log(`a Lighthouse run of ${url} failed: ${String(error.stderr || error.message).split('\n').find(Boolean)}`);
    return null;
  }
}

function medians(runs) {
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  };
  const keys = ['benchmarkIndex', 'performance', 'lcp', 'tbt', 'cls', 'accessibility', 'seo'];
  return Object.fromEntries(keys.map((key) => [key, runs.length ? median(runs.map((run) => run[key])) : NaN]));
}

function printTable(results) {
  const lines = [
    '| route | build | first-load JS (KB gzip) | requests | perf | LCP (s) | TBT (ms) | CLS | a11y | SEO |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const route of ROUTES) {
    const [composed, monolith] = ['composed', 'monolith'].map((site) => results.find((row) => row.route === route && row.site === site));
    for (const row of [composed, monolith]) {
      lines.push(
        `| ${route} | ${row.site} | ${row.totalKb.toFixed(1)} | ${row.requests} | ${row.performance} | ${row.lcp.toFixed(2)} | ${Math.round(row.tbt)} | ${row.cls.toFixed(3)} | ${row.accessibility} | ${row.seo} |`,
      );
    }
    lines.push(`| ${route} | composed / monolith | ×${(composed.totalKb / monolith.totalKb).toFixed(2)} | | | ×${(composed.lcp / monolith.lcp).toFixed(2)} | | | | |`);
  }
  console.log(`\nLighthouse 12, mobile, median of ${RUNS} (${new Date().toISOString().slice(0, 10)}):\n`);
  console.log(lines.join('\n'));
  // Simulated throttling scales what this machine's CPU did: its speed moves LCP and TBT of both builds.
  const indices = results.map((row) => row.benchmarkIndex).sort((a, b) => a - b);
  console.log(
    `\nLighthouse's CPU benchmark index of this machine: ${Math.round(indices[Math.floor(indices.length / 2)])} ` +
      `(${Math.round(indices[0])}–${Math.round(indices.at(-1))}); times from machines with other indices are not comparable, ratios are.`,
  );
}
