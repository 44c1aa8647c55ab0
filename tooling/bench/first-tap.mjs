// `npm run bench:first-tap`: how soon a phone answers a visitor's first tap on the controls issue 36 names (Book
// Event, Request Call, the menu, the newsletter's Subscribe): at most 200 ms, at a real 4× slower processor, for a
// tap made 500 ms after the first contentful paint (first-tap-visit.mjs says how each is measured). The composed
// site and the monolith (bench-sites.mjs) take turns, run by run; each figure is the median of BENCH_RUNS (3)
// first visits. Takes about eight minutes with the builds; run it on a quiet machine.
import { ensurePnpm, installDependencies } from '../machine/pnpm.mjs';

const pnpm = ensurePnpm();
installDependencies(pnpm);

// After the install: these import packages it brings.
const { runBench } = await import('./bench-sites.mjs');
const { CPU_SLOWDOWN, median } = await import('./untouched-visit.mjs');
const { TAP_AFTER_PAINT_MS, visitAndTap } = await import('./first-tap-visit.mjs');

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORTS = { composed: 5730, monolith: 5731, api: 5734 };
const TARGET_MS = 200;
/** Each control, on a page that has it, and what shows that the tap was carried out. */
const TAPS = [
  {
    name: 'Book Event',
    route: '/event/:id',
    control: (page) => page.getByRole('button', { name: 'Book Event' }),
    answered: (page) => page.getByRole('dialog', { name: 'Book this event' }),
  },
  {
    name: 'Request Call',
    route: '/course/:id',
    control: (page) => page.getByRole('button', { name: 'Request Call' }),
    answered: (page) => page.getByRole('dialog', { name: 'Request a call' }),
  },
  {
    name: 'Menu',
    route: '/blogs',
    control: (page) => page.getByRole('button', { name: 'Menu', exact: true }),
    answered: (page) => page.getByRole('dialog', { name: 'Menu' }),
  },
  {
    // An empty field: the tap is held until the form is in, then the browser asks for the address.
    name: 'Subscribe',
    route: '/blogs',
    control: (page) => page.getByRole('button', { name: 'Subscribe' }),
    answered: (page) => page.locator('[data-island="shell/newsletter"][data-island-state="ready"]'),
  },
];
const log = (line) => console.log(`[bench] ${line}`);

await runBench({ pnpm, ports: PORTS, log }, async ({ sites, browser }) => {
  const rows = [];
  for (const tap of TAPS) {
    const [path] = sites.paths([tap.route]);
    const latencies = { composed: [], monolith: [] };
    for (let run = 0; run < RUNS; run += 1) {
      for (const site of ['composed', 'monolith']) {
        latencies[site].push(await visitAndTap(browser, `${sites.origins[site]}${path}`, tap));
        log(`${tap.name} on ${tap.route}, ${site} run ${run + 1}: ${latencies[site].at(-1) ?? 'not answered'} ms`);
      }
    }
    rows.push({ ...tap, composed: median(latencies.composed), monolith: median(latencies.monolith) });
  }
  const ms = (value) => (Number.isFinite(value) ? (value <= 16 ? '≤ 16' : String(Math.round(value))) : 'n/a');
  console.log(
    `\nFirst taps, ${new Date().toISOString().slice(0, 10)}: Chromium at a real ${CPU_SLOWDOWN}× slower processor, a phone's screen, a first visit (no service worker), the tap ${TAP_AFTER_PAINT_MS} ms after the first contentful paint; the Event Timing API's duration of the interaction, median of ${RUNS}. Target (issue 36): ≤ ${TARGET_MS} ms.\n`,
  );
  console.log('| control | page | first tap answered in, ms: composed / monolith |');
  console.log('|---|---|---|');
  for (const row of rows) console.log(`| ${row.name} | \`${row.route}\` | ${ms(row.composed)} / ${ms(row.monolith)} |`);
});
