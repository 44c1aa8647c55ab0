// @ts-check
// What `npm run bench:web` (web.mjs) makes of its measures: the figures of one Lighthouse run, their medians,
// and the table it prints with the ratios composed / monolith. Pure, so that it is tested on fixed figures
// (lighthouse-table.test.mjs); web.mjs builds, serves and measures.
import { median } from './median.mjs';

/**
 * The parts of a Lighthouse 12 JSON report that the bench reads.
 * @typedef {{ categories: Record<'performance' | 'accessibility' | 'seo', { score: number }>,
 *   audits: Record<'largest-contentful-paint' | 'total-blocking-time' | 'cumulative-layout-shift', { numericValue: number }>,
 *   environment: { benchmarkIndex: number } }} LighthouseReport
 */
/**
 * The figures of one run: scores out of 100, LCP in seconds, TBT in milliseconds.
 * @typedef {{ benchmarkIndex: number, performance: number, lcp: number, tbt: number, cls: number, accessibility: number,
 *   seo: number }} Figures
 */
/**
 * One row of the table: a route's build, its first-load JavaScript and the medians of its Lighthouse runs.
 * @typedef {Figures & { route: string, site: 'composed' | 'monolith', totalKb: number, requests: number }} ResultRow
 */

/**
 * The figures of one Lighthouse 12 report (its JSON) that the bench compares.
 * @param {LighthouseReport} report
 * @returns {Figures}
 */
export function lighthouseFigures({ categories, audits, environment }) {
  return {
    benchmarkIndex: environment.benchmarkIndex,
    performance: Math.round(categories.performance.score * 100),
    lcp: audits['largest-contentful-paint'].numericValue / 1000,
    tbt: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    accessibility: Math.round(categories.accessibility.score * 100),
    seo: Math.round(categories.seo.score * 100),
  };
}

/** @type {(keyof Figures)[]} */
const FIGURES = ['benchmarkIndex', 'performance', 'lcp', 'tbt', 'cls', 'accessibility', 'seo'];

/**
 * Each figure's median over the runs that succeeded; NaN for every figure when none did.
 * @param {Partial<Figures>[]} runs
 * @returns {Figures}
 */
export function medians(runs) {
  return /** @type {Figures} */ (Object.fromEntries(FIGURES.map((key) => [key, median(runs.map((run) => run[key]))])));
}

/**
 * composed / monolith, as `×1.31`; `—` when both are 0 (a page that runs no JavaScript in either build).
 * @param {number} composed
 * @param {number} monolith
 */
const ratio = (composed, monolith) => (composed === 0 && monolith === 0 ? '—' : `×${(composed / monolith).toFixed(2)}`);

/**
 * The Markdown table of the results: for each route, the composed site's row, the monolith's, and the ratios
 * composed / monolith of the first-load JavaScript and of LCP.
 *
 * @param {object} table
 * @param {string[]} table.routes  in the order of the table
 * @param {ResultRow[]} table.results  one row per route and build (every route has both)
 * @param {number} table.runs  Lighthouse runs per route and build
 * @param {string} table.date  the day of the measures (YYYY-MM-DD)
 * @returns {string}
 */
export function resultsTable({ routes, results, runs, date }) {
  const lines = [
    `Lighthouse 12, mobile, median of ${runs} (${date}):`,
    '',
    '| route | build | first-load JS (KB gzip) | requests | perf | LCP (s) | TBT (ms) | CLS | a11y | SEO |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const route of routes) {
    const [composed, monolith] = ['composed', 'monolith'].map(
      (site) => /** @type {ResultRow} */ (results.find((row) => row.route === route && row.site === site)),
    );
    for (const row of [composed, monolith]) {
      lines.push(
        `| ${route} | ${row.site} | ${row.totalKb.toFixed(1)} | ${row.requests} | ${row.performance} | ${row.lcp.toFixed(2)} | ${Math.round(row.tbt)} | ${row.cls.toFixed(3)} | ${row.accessibility} | ${row.seo} |`,
      );
    }
    lines.push(`| ${route} | composed / monolith | ${ratio(composed.totalKb, monolith.totalKb)} | | | ${ratio(composed.lcp, monolith.lcp)} | | | | |`);
  }
  return lines.join('\n');
}

/**
 * The machine's speed as Lighthouse measured it (the median and range of the rows' indices): simulated
 * throttling scales what this machine's CPU did, so its speed moves LCP and TBT of both builds.
 *
 * @param {{ benchmarkIndex: number }[]} results
 * @returns {string}
 */
export function benchmarkIndexLine(results) {
  const indices = results
    .map((row) => row.benchmarkIndex)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  if (!indices.length) return "Lighthouse's CPU benchmark index of this machine: unknown (no run succeeded).";
  return (
    `Lighthouse's CPU benchmark index of this machine: ${Math.round(median(indices))} ` +
    `(${Math.round(indices[0])}–${Math.round(/** @type {number} */ (indices.at(-1)))}); times from machines with other indices are not comparable, ratios are.`
  );
}
