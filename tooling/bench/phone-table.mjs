// @ts-check
// What `npm run bench:phone` (phone.mjs) makes of its measures: the medians of the visits and the table it
// prints, composed and monolith side by side, with the ratios and the targets of issue 27. Pure, so that it
// is tested on fixed figures (phone-table.test.mjs); phone.mjs builds, serves and measures.
import { median } from './median.mjs';

/** Issues 27 and 36's targets on the phone link: ready within 4 s and ×1.10 of the monolith; a second visit ≤ 10 KB, ≤ 1.5 s. */
export const PHONE_TARGETS = { readyMs: 4000, ratio: 1.1, secondVisitKb: 10, secondVisitReadyMs: 1500 };

/** @typedef {import('./phone-visit.mjs').PhoneVisit} PhoneVisit */
/**
 * A route's build: the medians of its first (cold) and second (warm) visits.
 * @typedef {{ first: PhoneVisit, second: PhoneVisit }} Visits
 */

/** @type {(keyof PhoneVisit)[]} */
const FIGURES = ['contentMs', 'readyMs', 'transferredKb'];

/**
 * Each figure's median over the visits that finished and measured it (a paint may go unrecorded); NaN when none did.
 * @param {(PhoneVisit | null)[]} visits  null: a visit that did not finish
 * @returns {PhoneVisit}
 */
export function visitMedians(visits) {
  const done = /** @type {PhoneVisit[]} */ (visits.filter(Boolean));
  return /** @type {PhoneVisit} */ (
    Object.fromEntries(
      FIGURES.map((key) => {
        return [key, median(done.map((visit) => visit[key]))];
      }),
    )
  );
}

/** @param {number} ms */
const seconds = (ms) => (Number.isFinite(ms) ? (ms / 1000).toFixed(2) : '–');
/** @param {number} value */
const kb = (value) => (Number.isFinite(value) ? value.toFixed(1) : '–');

/**
 * Which targets a composed row misses, in words (empty when it meets them all).
 * @param {Visits} composed
 * @param {Visits} monolith
 * @returns {string[]}
 */
export function missedTargets(composed, monolith) {
  const missed = [];
  if (!(composed.first.readyMs <= PHONE_TARGETS.readyMs)) missed.push(`ready after ${seconds(composed.first.readyMs)} s (target 4 s)`);
  const ratio = composed.first.readyMs / monolith.first.readyMs;
  if (!(ratio <= PHONE_TARGETS.ratio)) missed.push(`×${ratio.toFixed(2)} the monolith's ready time (target ×1.10)`);
  if (!(composed.second.transferredKb <= PHONE_TARGETS.secondVisitKb)) missed.push(`second visit ${kb(composed.second.transferredKb)} KB (target 10 KB)`);
  if (!(composed.second.readyMs <= PHONE_TARGETS.secondVisitReadyMs))
    missed.push(`second visit ready after ${seconds(composed.second.readyMs)} s (target 1.5 s)`);
  return missed;
}

/**
 * The Markdown table: for each route, the composed site's row, the monolith's and the ratio of the ready
 * times; first visit (cold cache) and second visit (warm), each the median of `runs`.
 *
 * @param {object} table
 * @param {string[]} table.routes  in the order of the table
 * @param {(Visits & { route: string, site: 'composed' | 'monolith' })[]} table.results  every route has both builds;
 *        first, second: visitMedians of the cold and the warm visits
 * @param {number} table.runs
 * @param {string} table.date  YYYY-MM-DD
 * @param {string} table.link  how the link was throttled, in words
 * @returns {string}
 */
export function phoneTable({ routes, results, runs, date, link }) {
  const lines = [
    `${link}; median of ${runs} (${date}):`,
    '',
    '| route | build | content, first visit (s) | ready, first / second visit (s) | transferred, first / second visit (KB) |',
    '|---|---|---|---|---|',
  ];
  const misses = [];
  for (const route of routes) {
    const [composed, monolith] = ['composed', 'monolith'].map(
      (site) => /** @type {(typeof results)[number]} */ (results.find((row) => row.route === route && row.site === site)),
    );
    for (const row of [composed, monolith]) {
      lines.push(
        `| ${route} | ${row.site} | ${seconds(row.first.contentMs)} | ${seconds(row.first.readyMs)} / ${seconds(row.second.readyMs)} | ${kb(row.first.transferredKb)} / ${kb(row.second.transferredKb)} |`,
      );
    }
    /** @param {keyof Visits} key */
    const ratio = (key) => `×${(composed[key].readyMs / monolith[key].readyMs).toFixed(2)}`;
    lines.push(`| ${route} | composed / monolith | | ${ratio('first')} / ${ratio('second')} | |`);
    for (const miss of missedTargets(composed, monolith)) misses.push(`${route}: ${miss}`);
  }
  lines.push('', misses.length ? `Targets missed: ${misses.join('; ')}.` : 'Every target of issue 27 met (4 s, ×1.10, 10 KB, 1.5 s).');
  return lines.join('\n');
}
