// @ts-check
// `npm run bench:untouched`: what the public pages cost a phone that nobody touches (issue 36's targets: at most
// 150 ms of blocking after the paint, at most 60 KB gzip of JavaScript on a content page and 80 KB on `/`).
// The composed site and the monolith (bench-sites.mjs) take turns, run by run, for the five routes; each figure is
// the median of BENCH_RUNS (3) visits (untouched-visit.mjs says how each is measured). A third row per route, the
// composed page with its scripts refused, is the floor: the prerendered document alone. Takes about five minutes;
// run it on a quiet machine.
import { ensurePnpm, installDependencies } from '../machine/pnpm.mjs';

const pnpm = ensurePnpm();
installDependencies(pnpm);

/** @typedef {import('./bench-sites.mjs').Site} Site */
/** @typedef {import('./untouched-visit.mjs').Untouched} Untouched */

// After the install: these import packages it brings.
const { SITES, runBench } = await import('./bench-sites.mjs');
const { CPU_SLOWDOWN, visitUntouched } = await import('./untouched-visit.mjs');
const { median } = await import('./median.mjs');

// BENCH_ROUTES=/blog/:id measures some of them (a route being changed), e.g. while a change is tried.
const ROUTES = process.env.BENCH_ROUTES?.split(',') ?? ['/', '/courses', '/course/:id', '/blogs', '/blog/:id'];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORTS = { composed: 5720, monolith: 5721, api: 5724 };
const TARGETS = { blockingMs: 150, scriptKb: { home: 80, page: 60 } };
/** @param {string} line */
const log = (line) => console.log(`[bench] ${line}`);

await runBench({ pnpm, ports: PORTS, log }, async ({ sites, browser }) => {
  const rows = [];
  for (const [index, path] of sites.paths(ROUTES).entries()) {
    /** @type {Record<Site, (Untouched | null)[]>} */
    const visits = { composed: [], monolith: [] };
    for (let run = 0; run < RUNS; run += 1) {
      for (const site of SITES) {
        visits[site].push(await visitUntouched(browser, `${sites.origins[site]}${path}`));
        log(`${ROUTES[index]} ${site} run ${run + 1}: ${JSON.stringify(visits[site].at(-1))}`);
      }
    }
    const documentOnly = await visitUntouched(browser, `${sites.origins.composed}${path}`, { refuseScripts: true });
    /** @param {(Untouched | null)[]} list */
    const figures = (list) => ({
      blockingMs: median(list.map((visit) => visit?.blockingMs)),
      busyMs: median(list.map((visit) => visit?.busyMs)),
      scriptKb: median(list.map((visit) => visit?.scriptKb)),
    });
    rows.push({ route: ROUTES[index], composed: figures(visits.composed), monolith: figures(visits.monolith), documentOnly });
  }
  /** @param {number} value */
  const kb = (value) => (Number.isFinite(value) ? value.toFixed(1) : 'n/a');
  /** @param {number} value */
  const ms = (value) => (Number.isFinite(value) ? String(Math.round(value)) : 'n/a');
  console.log(
    `\nUntouched visits, ${new Date().toISOString().slice(0, 10)}: Chromium at a real ${CPU_SLOWDOWN}× slower processor, no service worker, median of ${RUNS}.`,
  );
  console.log(
    `Targets (issue 36): blocking ≤ ${TARGETS.blockingMs} ms; JavaScript ≤ ${TARGETS.scriptKb.home} KB on /, ≤ ${TARGETS.scriptKb.page} KB on the others.\n`,
  );
  console.log(
    '| route | blocking after the paint, ms: composed / monolith / document alone | main thread busy, ms: composed / monolith / document alone | JavaScript fetched, KB gzip: composed / monolith |',
  );
  console.log('|---|---|---|---|');
  for (const row of rows) {
    /** @param {'blockingMs' | 'busyMs'} figure */
    const both = (figure) => `${ms(row.composed[figure])} / ${ms(row.monolith[figure])} / ${ms(row.documentOnly?.[figure] ?? NaN)}`;
    console.log(`| \`${row.route}\` | ${both('blockingMs')} | ${both('busyMs')} | ${kb(row.composed.scriptKb)} / ${kb(row.monolith.scriptKb)} |`);
  }
});
