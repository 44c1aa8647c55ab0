// @ts-check
// `npm run bench:web`: the price of composition. The site is built twice, composed (the shell and three
// remotes, released and promoted to a channel, as npm start serves it) and as one app (npm run
// build:monolith), each prerendered with the same API's data and served the same way
// (tooling/serve/static-server.mjs, its compression and headers, behind an HTTPS front with HTTP/2 as production
// has: bench-sites.mjs). For five public routes it prints, for both,
// the first-load JavaScript and requests, and the medians of Lighthouse 12 (mobile, default simulated
// throttling), with the ratio composed/monolith (the figures and the table: lighthouse-table.mjs). With
// BENCH_PHOTOS=on every article and event has a camera photo from the media library (withCameraPhotos, two
// minutes more) and the routes are the five that show them. Takes about ten minutes; run it on a quiet machine.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ensurePnpm, installDependencies, rootDir } from '../machine/pnpm.mjs';
import { benchmarkIndexLine, lighthouseFigures, medians, resultsTable } from './lighthouse-table.mjs';

/** @typedef {import('./bench-sites.mjs').Site} Site */
/** @typedef {import('./lighthouse-table.mjs').Figures} Figures */

const pnpm = ensurePnpm();
installDependencies(pnpm);

// After the install: these import packages it brings.
const { CHROMIUM, CHROMIUM_ARGS } = await import('../machine/chromium.mjs');
const { measureFirstLoadJs } = await import('./first-load.mjs');
const { SITES, runBench, withCameraPhotos } = await import('./bench-sites.mjs');

const photos = process.env.BENCH_PHOTOS === 'on';
// With photos, the five routes that show them (courses have no pictures).
const ROUTES = photos ? ['/', '/blogs', '/blog/:id', '/events', '/event/:id'] : ['/', '/courses', '/course/:id', '/blogs', '/blog/:id'];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORTS = { composed: 5700, monolith: 5701, api: 5704 };
/** @param {string} line */
const log = (line) => console.log(`[bench] ${line}`);

const prepareData = photos ? withCameraPhotos : undefined;
await runBench({ pnpm, ports: PORTS, log, prepareData }, async ({ sites, browser }) => {
  const paths = sites.paths(ROUTES);
  /** @type {import('./lighthouse-table.mjs').ResultRow[]} */
  const results = [];
  for (const [index, path] of paths.entries()) {
    /** @type {Record<Site, (Figures | null)[]>} */
    const runs = { composed: [], monolith: [] };
    // The two builds take turns, run by run, so that what else the machine does weighs on both alike.
    for (let run = 0; run < RUNS; run += 1) {
      for (const site of SITES) runs[site].push(await lighthouse(`${sites.origins[site]}${path}`, sites.chromiumArgs));
    }
    for (const site of SITES) {
      const context = await browser.newContext();
      const { totalKb, requests } = await measureFirstLoadJs(await context.newPage(), `${sites.origins[site]}${path}`);
      await context.close();
      results.push({ route: ROUTES[index], site, totalKb, requests, ...medians(/** @type {Figures[]} */ (runs[site].filter(Boolean))) });
      log(`${ROUTES[index]} ${site}: ${totalKb.toFixed(1)} KB, Lighthouse ${JSON.stringify(results.at(-1))}`);
    }
  }
  console.log(`\n${resultsTable({ routes: ROUTES, results, runs: RUNS, date: new Date().toISOString().slice(0, 10) })}`);
  console.log(`\n${benchmarkIndexLine(results)}`);
});

/**
 * One Lighthouse 12 run (mobile, simulated throttling) in a Chromium started with `chromiumArgs` too: the figures
 * the issue names, or null if it failed.
 * Asynchronous: the sites it measures are served by this process.
 *
 * @param {string} url
 * @param {string[]} chromiumArgs
 * @returns {Promise<Figures | null>}
 */
async function lighthouse(url, chromiumArgs) {
  try {
    const { stdout } = await promisify(execFile)(
      join(rootDir, 'node_modules/.bin/lighthouse'),
      [
        url,
        '--output=json',
        '--output-path=stdout',
        '--quiet',
        '--only-categories=performance,accessibility,seo',
        `--chrome-flags=${['--headless=new', ...CHROMIUM_ARGS, ...chromiumArgs].join(' ')}`,
      ],
      { cwd: rootDir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 180_000, env: { ...process.env, CHROME_PATH: CHROMIUM } },
    );
    return lighthouseFigures(/** @type {import('./lighthouse-table.mjs').LighthouseReport} */ (JSON.parse(stdout)));
  } catch (error) {
    // execFile's error: its stderr too.
    const failure = /** @type {Error & { stderr?: string }} */ (error);
    log(
      `a Lighthouse run of ${url} failed: ${String(failure.stderr || failure.message)
        .split('\n')
        .find(Boolean)}`,
    );
    return null;
  }
}
