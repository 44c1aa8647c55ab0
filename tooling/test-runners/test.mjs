// @ts-check
// `npm test`: everything. The quick loop's steps (type-check, lint, unit tests, API tests on PGlite, tooling
// tests) and the API tests on a throw-away PostgreSQL server, two at a time; the production build; then the e2e
// suites in one Playwright run, which also runs the cross-remote journeys on an API answering as the business's
// hosted API does and on an API on PostgreSQL. Every step runs; the summary names what failed, and which e2e
// tests failed or passed only on a retry (a failure too).
//
// Every step runs on the Node that runs this, but for one: given API_TESTS_NODE (a `node`), the API tests on
// PostgreSQL run on that one. CI runs this on Node 24 (.nvmrc) and gives the machine's Node 20 (engines' oldest)
// there, so that one run proves the server on both without running every suite twice (docs/testing.md).
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { buildAll } from '../build/build.mjs';
import { ensureChromium } from '../machine/chromium.mjs';
import { ensurePnpm, installDependencies, rootDir } from '../machine/pnpm.mjs';
import { startPostgres } from '../machine/postgres.mjs';
import { troubleLines } from './e2e-report.mjs';
import { quickSteps } from './quick.mjs';
import { runCommand, runSteps, summarize } from './steps.mjs';

const started = Date.now();
console.log(`npm test on Node ${process.version}`);
const pnpm = ensurePnpm();
installDependencies(pnpm);
ensureChromium();

// One PostgreSQL server for the whole run, started when a step first needs it; stopped on exit.
/** @type {Awaited<ReturnType<typeof startPostgres>> | undefined} */
let postgres;
const postgresServer = async () => (postgres ??= await startPostgres());

/** The e2e run's report (its port base's, e2e/playwright.config.ts), for the summary. */
const e2eReport = join(rootDir, `test-results/e2e-${process.env.E2E_PORT_BASE ?? 5000}.json`);
const JOURNEYS_DATABASE = 'agri_e2e_journeys';

const apiTestsNode = process.env.API_TESTS_NODE ?? process.execPath;
const apiTestsNodeVersion = execFileSync(apiTestsNode, ['--version'], { encoding: 'utf8' }).trim();
/** PATH with API_TESTS_NODE's folder first: pnpm, and the test script it runs, start on that Node. */
const apiTestsPath = [dirname(apiTestsNode), process.env.PATH].join(':');

/**
 * The suites, and the journeys on the hosted dialect and on PostgreSQL; then proof that those really wrote there.
 *
 * @param {import('./steps.mjs').Output} output
 */
async function e2eSuites(output) {
  const env = { ...process.env, E2E_HOSTED_JOURNEYS: 'on', E2E_POSTGRES_URL: (await postgresServer()).createDatabase(JOURNEYS_DATABASE) };
  await runCommand(output, join(rootDir, 'node_modules/.bin/playwright'), ['test', '-c', 'e2e/playwright.config.ts'], { env });
  const customers = Number((await postgresServer()).queryValue(JOURNEYS_DATABASE, 'SELECT count(*) FROM customers'));
  if (!(customers > 0)) throw new Error('the journeys left no customer in PostgreSQL: the API did not use DATABASE_URL');
  output.write(`PostgreSQL database ${JOURNEYS_DATABASE}: customers registered by the journeys: ${customers}\n`);
}

/** @type {import('./steps.mjs').Step[]} */
const steps = [
  ...quickSteps(pnpm),
  {
    name: `API tests on PostgreSQL (Node ${apiTestsNodeVersion})`,
    run: async (output) =>
      runCommand(output, pnpm, ['--filter', '@agri/api', 'test'], {
        env: { ...process.env, PATH: apiTestsPath, TEST_DATABASE_URL: (await postgresServer()).adminUrl },
      }),
  },
  { name: 'production build', alone: true, run: async () => buildAll(pnpm) },
  { name: 'e2e suites and journeys', alone: true, run: e2eSuites, trouble: () => troubleLines(e2eReport) },
];

const outcomes = await runSteps(steps);
postgres?.stop();
process.exit(summarize(outcomes, started));
