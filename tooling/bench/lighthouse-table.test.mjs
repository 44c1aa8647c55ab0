// @ts-check
// What bench:web makes of its measures, on fixed figures: a report's figures, their medians, the table with
// the ratios composed / monolith, and the machine's CPU benchmark index.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { benchmarkIndexLine, lighthouseFigures, medians, resultsTable } from './lighthouse-table.mjs';

/** The parts of a Lighthouse 12 JSON report the bench reads. */
const report = ({ benchmarkIndex = 1500, performance = 0.97, lcp = 900, tbt = 40, cls = 0.01, accessibility = 1, seo = 0.92 } = {}) => ({
  environment: { benchmarkIndex },
  categories: { performance: { score: performance }, accessibility: { score: accessibility }, seo: { score: seo } },
  audits: {
    'largest-contentful-paint': { numericValue: lcp },
    'total-blocking-time': { numericValue: tbt },
    'cumulative-layout-shift': { numericValue: cls },
  },
});

describe('bench:web: the figures of a Lighthouse run', () => {
  it('are the scores out of 100, LCP in seconds, TBT in milliseconds, CLS and the CPU benchmark index', () => {
    assert.deepEqual(
      lighthouseFigures(report({ benchmarkIndex: 1834.5, performance: 0.876, lcp: 1234, tbt: 56.7, cls: 0.0421, accessibility: 0.995, seo: 1 })),
      {
        benchmarkIndex: 1834.5,
        performance: 88,
        lcp: 1.234,
        tbt: 56.7,
        cls: 0.0421,
        accessibility: 100,
        seo: 100,
      },
    );
  });
});

describe('bench:web: the medians of the runs', () => {
  it('take each figure on its own, whatever order the runs came in', () => {
    const runs = [
      { benchmarkIndex: 2900, performance: 90, lcp: 1.4, tbt: 120, cls: 0, accessibility: 100, seo: 92 },
      { benchmarkIndex: 1300, performance: 99, lcp: 0.9, tbt: 30, cls: 0.1, accessibility: 100, seo: 92 },
      { benchmarkIndex: 2000, performance: 95, lcp: 1.1, tbt: 77, cls: 0.02, accessibility: 98, seo: 100 },
    ];
    assert.deepEqual(medians(runs), { benchmarkIndex: 2000, performance: 95, lcp: 1.1, tbt: 77, cls: 0.02, accessibility: 100, seo: 92 });
  });

  it('of two runs is the mean of the two; of none, NaN', () => {
    const two = medians([
      { lcp: 1.5, tbt: 10 },
      { lcp: 0.9, tbt: 200 },
    ]);
    assert.equal(two.lcp, 1.2);
    assert.equal(two.tbt, 105);
    assert.ok(Object.values(medians([])).every(Number.isNaN));
  });

  it('compare numbers as numbers (900 ms is less than 1,000)', () => {
    assert.equal(medians([{ tbt: 1000 }, { tbt: 900 }, { tbt: 200 }]).tbt, 900);
  });
});

/**
 * @param {string} route
 * @param {'composed' | 'monolith'} site
 * @param {Partial<import('./lighthouse-table.mjs').ResultRow>} figures
 */
const row = (route, site, figures) => ({
  route,
  site,
  totalKb: 100,
  requests: 10,
  benchmarkIndex: 1500,
  performance: 99,
  lcp: 1,
  tbt: 50,
  cls: 0,
  accessibility: 100,
  seo: 92,
  ...figures,
});

describe('bench:web: the table', () => {
  const results = [
    // Out of order: the table follows the routes given, composed before monolith.
    row('/courses', 'monolith', { totalKb: 80, lcp: 0.8, benchmarkIndex: 1200 }),
    row('/', 'monolith', { totalKb: 100, requests: 6, lcp: 0.9, tbt: 30.4, cls: 0.0123, benchmarkIndex: 2500 }),
    row('/', 'composed', { totalKb: 131.25, requests: 14, performance: 97, lcp: 0.93, tbt: 77.6, cls: 0, accessibility: 100, seo: 100, benchmarkIndex: 1800 }),
    row('/courses', 'composed', { totalKb: 104, lcp: 1.2, benchmarkIndex: 1600 }),
  ];

  it('has a row per build and route and the ratios composed / monolith of first-load JavaScript and LCP', () => {
    const table = resultsTable({ routes: ['/', '/courses'], results, runs: 3, date: '2026-11-25' });
    assert.equal(
      table,
      [
        'Lighthouse 12, mobile, median of 3 (2026-11-25):',
        '',
        '| route | build | first-load JS (KB gzip) | requests | perf | LCP (s) | TBT (ms) | CLS | a11y | SEO |',
        '|---|---|---|---|---|---|---|---|---|---|',
        '| / | composed | 131.3 | 14 | 97 | 0.93 | 78 | 0.000 | 100 | 100 |',
        '| / | monolith | 100.0 | 6 | 99 | 0.90 | 30 | 0.012 | 100 | 92 |',
        '| / | composed / monolith | ×1.31 | | | ×1.03 | | | | |',
        '| /courses | composed | 104.0 | 10 | 99 | 1.20 | 50 | 0.000 | 100 | 92 |',
        '| /courses | monolith | 80.0 | 10 | 99 | 0.80 | 50 | 0.000 | 100 | 92 |',
        '| /courses | composed / monolith | ×1.30 | | | ×1.50 | | | | |',
      ].join('\n'),
    );
  });

  it('gives no ratio of first-load JavaScript for a page that runs none in either build', () => {
    const documents = [row('/blogs', 'composed', { totalKb: 0, lcp: 1.1 }), row('/blogs', 'monolith', { totalKb: 0, lcp: 1.0 })];
    const table = resultsTable({ routes: ['/blogs'], results: documents, runs: 3, date: '2026-11-28' });
    assert.equal(table.split('\n').at(-1), '| /blogs | composed / monolith | — | | | ×1.10 | | | | |');
  });

  it('names the CPU benchmark index of the machine: the median and the range of the rows', () => {
    assert.equal(
      benchmarkIndexLine(results),
      "Lighthouse's CPU benchmark index of this machine: 1700 (1200–2500); times from machines with other indices are not comparable, ratios are.",
    );
  });

  it('leaves out the index of a route whose runs all failed, and says when none succeeded', () => {
    assert.match(benchmarkIndexLine([...results, row('/blogs', 'composed', { benchmarkIndex: NaN })]), /: 1700 \(1200–2500\)/);
    assert.equal(
      benchmarkIndexLine([row('/', 'composed', { benchmarkIndex: NaN })]),
      "Lighthouse's CPU benchmark index of this machine: unknown (no run succeeded).",
    );
  });
});
