// @ts-check
// `npm run bench:purchase`: a new visitor buys a course on a phone on the Kenyan link (issue 57, "the purchase,
// whole"; purchase-visit.mjs says each step): the composed site and the monolith (bench-sites.mjs, with the kit's
// Daraja simulator) take turns, run by run; each figure is the median of BENCH_RUNS (3) purchases. Targets: no wait
// after a tap longer than 4 s; at most 250 KB gzip of JavaScript over the whole journey. Takes about fifteen
// minutes with the builds; run it on a quiet machine. BENCH_SCRIPTS=list also prints each script's size.
import { ensurePnpm, installDependencies } from '../machine/pnpm.mjs';

const pnpm = ensurePnpm();
installDependencies(pnpm);

/** @typedef {import('./bench-sites.mjs').Site} Site */
/** @typedef {import('./purchase-visit.mjs').Purchase} Purchase */

// After the install: these import packages it brings.
const { SITES, runBench } = await import('./bench-sites.mjs');
const { PHONE_LINK_WORDS } = await import('./phone-visit.mjs');
const { buyOnPhone } = await import('./purchase-visit.mjs');
const { median } = await import('./median.mjs');

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORTS = { composed: 5740, monolith: 5741, api: 5744 };
const TARGETS = { longestWaitS: 4, scriptKb: 250 };
/** @param {string} line */
const log = (line) => console.log(`[bench] ${line}`);

await runBench({ pnpm, ports: PORTS, log, payments: true }, async ({ sites, browser }) => {
  const [coursePath] = sites.paths(['/course/:id']);
  /** @type {Record<Site, (Purchase | null)[]>} */
  const purchases = { composed: [], monolith: [] };
  for (let run = 0; run < RUNS; run += 1) {
    for (const site of SITES) {
      const bought = await buyOnPhone(browser, `${sites.origins[site]}${coursePath}`, sites.latestMailTo);
      purchases[site].push(bought);
      log(`${site} run ${run + 1}: ${JSON.stringify(bought)}`);
    }
  }
  /**
   * @param {Site} site
   * @param {(bought: Purchase) => number} value
   */
  const figure = (site, value) => median(purchases[site].map((bought) => (bought ? value(bought) : null)));
  /**
   * @param {(bought: Purchase) => number} value
   * @param {number} digits
   */
  const both = (value, digits) => SITES.map((site) => format(figure(site, value), digits)).join(' / ');
  console.log(
    `\nThe purchase, ${new Date().toISOString().slice(0, 10)}: ${PHONE_LINK_WORDS}, a new visitor from a course page to Payment received, median of ${RUNS}.\n`,
  );
  console.log('| | composed / monolith |');
  console.log('|---|---|');
  console.log(`| wall time, s | ${both((bought) => bought.wallMs / 1000, 1)} |`);
  console.log(`| transferred, KB | ${both((bought) => bought.transferredKb, 0)} |`);
  console.log(`| JavaScript, KB gzip (target ≤ ${TARGETS.scriptKb}) | ${both((bought) => bought.scriptKb, 0)} |`);
  console.log(`| longest wait after a tap, s (target ≤ ${TARGETS.longestWaitS}) | ${both((bought) => bought.longestWait.ms / 1000, 1)} |`);
  const taps = purchases.composed.find(Boolean)?.waits.map((wait) => wait.name) ?? [];
  for (const [index, name] of taps.entries()) console.log(`| ${name}, s | ${both((bought) => bought.waits[index].ms / 1000, 1)} |`);
  // BENCH_SCRIPTS=list: each build's scripts of its first purchase, largest first (where the JavaScript goes).
  if (process.env.BENCH_SCRIPTS !== 'list') return;
  for (const site of SITES) {
    const scripts = Object.entries(purchases[site].find(Boolean)?.scripts ?? {}).sort(([, a], [, b]) => b - a);
    console.log(`\n${site}'s scripts, KB gzip:\n${scripts.map(([path, kb]) => `${kb.toFixed(1).padStart(6)}  ${path}`).join('\n')}`);
  }
});

/**
 * @param {number} value
 * @param {number} digits
 */
function format(value, digits) {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}
