// @ts-check
// `npm run bench:media` (issue 59): what the library's photos cost. First the API alone
// (apps/api/bench/picture-processing.ts): a 12-megapixel camera photo made into every variant, its time and the
// site's reads meanwhile. Then both builds (bench-sites.mjs) with every article and event given a camera photo
// (withCameraPhotos), visited cold (media-visit.mjs): the article on a phone at DPR 2 on the Kenyan link and on
// a 1,280 px desktop; the home page, the blog and the events on the phone. Each figure the median of BENCH_RUNS
// (3) runs, the builds taking turns. About fifteen minutes.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ensurePnpm, installDependencies, rootDir } from '../machine/pnpm.mjs';
import { median } from './median.mjs';

const pnpm = ensurePnpm();
installDependencies(pnpm);

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORTS = { composed: 5720, monolith: 5721, api: 5724 };
/** @type {[route: string, screen: keyof typeof import('./media-visit.mjs').SCREENS][]} */
const VISITS = [
  ['/blog/:id', 'phone'],
  ['/blog/:id', 'desktop'],
  ['/', 'phone'],
  ['/blogs', 'phone'],
  ['/events', 'phone'],
];
/** @param {string} line */
const log = (line) => console.log(`[bench] ${line}`);

log('the API: a 12-megapixel photo made into its variants, the reads meanwhile');
execFileSync(process.execPath, ['--import', 'tsx', 'bench/picture-processing.ts'], {
  cwd: join(rootDir, 'apps/api'),
  stdio: 'inherit',
  env: { ...process.env, BENCH_RUNS: String(RUNS) },
});

/** @typedef {import('./bench-sites.mjs').Site} Site */

// After the install: these import packages it brings.
const { SITES, runBench, withCameraPhotos } = await import('./bench-sites.mjs');
const { visitWithPictures } = await import('./media-visit.mjs');

/** @type {[key: 'lcpMs' | 'cls' | 'largestKb' | 'firstScreenKb' | 'picturesKb', words: string][]} */
const FIGURES = [
  ['lcpMs', 'LCP ms'],
  ['cls', 'CLS'],
  ['largestKb', 'largest picture KB'],
  ['firstScreenKb', 'first screen pictures KB'],
  ['picturesKb', 'all pictures fetched KB'],
];
/** @type {string[]} */
const rows = [];
await runBench({ pnpm, ports: PORTS, log, prepareData: withCameraPhotos }, async ({ sites, browser }) => {
  for (const [route, screen] of VISITS) {
    const [path] = sites.paths([route]);
    /** @type {Record<Site, import('./media-visit.mjs').MediaVisit[]>} */
    const runs = { composed: [], monolith: [] };
    for (let run = 0; run < RUNS; run += 1) {
      for (const site of SITES) {
        const visit = await visitWithPictures(browser, `${sites.origins[site]}${path}`, screen);
        log(`${route} ${screen} ${site} run ${run + 1}: ${JSON.stringify(visit)}`);
        if (visit) runs[site].push(visit);
      }
    }
    for (const site of SITES) {
      const figures = FIGURES.map(([key]) => median(runs[site].map((visit) => visit[key])));
      rows.push(
        `| \`${route}\` | ${screen} | ${site} | ${figures.map((value) => (Number.isFinite(value) ? String(Number(value.toFixed(2))) : '—')).join(' | ')} |`,
      );
    }
  }
});
console.log(
  `\nbench:media, ${new Date().toISOString().slice(0, 10)}, median of ${RUNS}; the phone 412 px at DPR 2 on 400 kbps, 400 ms round trip, 4× slower processor; the desktop 1,280 px unthrottled\n`,
);
console.log(`| route | screen | build | ${FIGURES.map(([, words]) => words).join(' | ')} |`);
console.log(`|---|---|---|${FIGURES.map(() => '---').join('|')}|`);
for (const row of rows) console.log(row);
