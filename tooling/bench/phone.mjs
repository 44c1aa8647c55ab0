// @ts-check
// `npm run bench:phone`: the public site on a phone on a Kenyan mobile link (issue 27). The composed site
// (released, promoted and prerendered as npm start serves production) and the monolith beside it
// (bench-sites.mjs) are visited on the link of phone-visit.mjs, for five public routes: a first visit with a
// cold cache, then a second visit with what the first left (the browser's cache, a service worker's). The two
// builds take turns, run by run, so that what else the machine does weighs on both alike; each figure is the
// median of BENCH_RUNS (3) runs; BENCH_ROUTES names other routes. Prints the table (phone-table.mjs) and the machine's load. Takes about ten
// minutes; on a busy machine the times are noisy, the ratios of one run less so.
import { ensurePnpm, installDependencies } from '../machine/pnpm.mjs';
import { phoneTable, visitMedians } from './phone-table.mjs';

const pnpm = ensurePnpm();
installDependencies(pnpm);

/** @typedef {import('./bench-sites.mjs').Site} Site */
/** @typedef {import('./phone-visit.mjs').PhoneVisit} PhoneVisit */

// After the install: these import packages it brings.
const { SITES, runBench } = await import('./bench-sites.mjs');
const { PHONE_LINK_WORDS, newPhone, visitOnPhone } = await import('./phone-visit.mjs');

// BENCH_ROUTES=/login,/register,/forgot-password,/cart measures the pages a buyer signs in from (issue 57).
const ROUTES = process.env.BENCH_ROUTES?.split(',') ?? ['/', '/courses', '/course/:id', '/events', '/contact'];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORTS = { composed: 5710, monolith: 5711, api: 5714 };
/** @param {string} line */
const log = (line) => console.log(`[bench] ${line}`);

await runBench({ pnpm, ports: PORTS, log }, async ({ sites, browser }) => {
  const results = [];
  for (const [index, path] of sites.paths(ROUTES).entries()) {
    /** @type {Record<Site, { first: (PhoneVisit | null)[], second: (PhoneVisit | null)[] }>} */
    const visits = { composed: { first: [], second: [] }, monolith: { first: [], second: [] } };
    for (let run = 0; run < RUNS; run += 1) {
      for (const site of SITES) {
        const phone = await newPhone(browser);
        const url = `${sites.origins[site]}${path}`;
        visits[site].first.push(await visitOnPhone(phone, url));
        visits[site].second.push(await visitOnPhone(phone, url));
        await phone.close();
        log(`${ROUTES[index]} ${site} run ${run + 1}: ${JSON.stringify({ first: visits[site].first.at(-1), second: visits[site].second.at(-1) })}`);
      }
    }
    for (const site of SITES) {
      results.push({ route: ROUTES[index], site, first: visitMedians(visits[site].first), second: visitMedians(visits[site].second) });
    }
  }
  console.log(`\n${phoneTable({ routes: ROUTES, results, runs: RUNS, date: new Date().toISOString().slice(0, 10), link: PHONE_LINK_WORDS })}`);
});
